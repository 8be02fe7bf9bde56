/*
 * A podcast feed as RSS 2.0 text with the iTunes and Podcasting 2.0 tags Apple Podcasts, Overcast and AntennaPod
 * read (docs/decisions/courses.md "Podcasts"). Pure: the service hands in what to write.
 */

export type PodcastEpisode = {
  guid: string;
  title: string;
  description: string;
  pubDate: Date;
  /** Null for a notice without media (the "access ended" item). */
  enclosure: { url: string; length: number; type: string } | null;
  durationSeconds: number | null;
  /** The lesson's number in course order. */
  episode: number | null;
};

export type PodcastChannel = {
  title: string;
  link: string;
  /** This feed's own URL (atom:link rel=self). */
  selfUrl: string;
  description: string;
  language: string;
  author: string;
  imageUrl: string | null;
  episodes: readonly PodcastEpisode[];
};

/** Characters XML 1.0 does not allow at all (a parser rejects the whole feed for one of them). */
const notXml =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or an attribute value as XML: the five special characters escaped, forbidden characters dropped. */
export function escapeXml(value: string | number): string {
  return String(value)
    .replace(notXml, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const element = (name: string, text: string | number, attributes = '') =>
  `<${name}${attributes}>${escapeXml(text)}</${name}>`;

function itemOf(episode: PodcastEpisode): string {
  const parts = [
    element('title', episode.title),
    element('itunes:title', episode.title),
    element('guid', episode.guid, ' isPermaLink="false"'),
    element('pubDate', episode.pubDate.toUTCString()),
    element('description', episode.description),
    element('itunes:summary', episode.description),
    element('itunes:explicit', 'false'),
    element('itunes:episodeType', 'full'),
  ];
  if (episode.enclosure) {
    const { url, length, type } = episode.enclosure;
    parts.push(
      `<enclosure url="${escapeXml(url)}" length="${escapeXml(length)}" type="${escapeXml(type)}"/>`,
    );
  }
  if (episode.durationSeconds !== null) {
    parts.push(element('itunes:duration', Math.max(1, Math.round(episode.durationSeconds))));
  }
  if (episode.episode !== null) {
    parts.push(element('itunes:episode', episode.episode));
  }
  return `<item>${parts.join('')}</item>`;
}

/** The feed's text. */
export function podcastRss(channel: PodcastChannel): string {
  const head = [
    element('title', channel.title),
    element('link', channel.link),
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    element('description', channel.description),
    element('language', channel.language),
    element('itunes:author', channel.author),
    element('itunes:summary', channel.description),
    element('itunes:explicit', 'false'),
    // A member's private feed: directories must not list it, and no one may import it as theirs.
    element('itunes:block', 'Yes'),
    element('podcast:locked', 'yes'),
    element('itunes:type', 'episodic'),
    ...(channel.imageUrl ? [`<itunes:image href="${escapeXml(channel.imageUrl)}"/>`] : []),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"' +
      ' xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    `<channel>${head.join('')}`,
    ...channel.episodes.map(itemOf),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
