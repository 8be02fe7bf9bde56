/**
 * Video links from the three supported hosts (spec §5, GAPS 35): YouTube (11-character ids), Vimeo (numeric
 * ids) and Loom (32-hex ids). Parsing uses the WHATWG `URL`, which Node and browsers both provide.
 */
export const videoHostValues = ['youtube', 'vimeo', 'loom'] as const;
export type VideoHost = (typeof videoHostValues)[number];

export type ParsedVideo = {
  host: VideoHost;
  id: string;
  /** Only YouTube serves thumbnails by id; Vimeo and Loom need their APIs, so there is none for them. */
  thumbnailUrl?: string;
  embedUrl: string;
};

const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const vimeoId = /^\d+$/;
const loomId = /[0-9a-f]{32}$/;

const youtubeHosts = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);
const youtubePathPrefixes = ['embed', 'shorts', 'live', 'v'];

export function youtubeThumbnailUrl(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

/** The host and id of a supported video link, or null for anything else (other hosts, missing or bad ids). */
export function parseVideoUrl(value: string | null | undefined): ParsedVideo | null {
  const url = toUrl(value);
  if (!url) {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  if (youtubeHosts.has(host) || host === 'youtu.be') {
    return parseYoutube(host, segments, url.searchParams);
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    return parseVimeo(host, segments, url.searchParams);
  }
  if (host === 'loom.com') {
    return parseLoom(segments);
  }
  return null;
}

export function isVideoLink(value: string | null | undefined): boolean {
  return parseVideoUrl(value) !== null;
}

/** Users paste links without a scheme ('youtu.be/…'); only http(s) is accepted. */
function toUrl(value: string | null | undefined): URL | null {
  const text = (value ?? '').trim();
  if (text === '' || /\s/.test(text)) {
    return null;
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function youtube(id: string | undefined | null): ParsedVideo | null {
  if (!id || !youtubeId.test(id)) {
    return null;
  }
  return {
    host: 'youtube',
    id,
    thumbnailUrl: youtubeThumbnailUrl(id),
    embedUrl: `https://www.youtube.com/embed/${id}`,
  };
}

function parseYoutube(host: string, segments: string[], query: URLSearchParams): ParsedVideo | null {
  if (host === 'youtu.be') {
    return segments.length === 1 ? youtube(segments[0]) : null;
  }
  if (segments[0] === 'watch' && segments.length === 1) {
    return youtube(query.get('v'));
  }
  if (segments[0] && youtubePathPrefixes.includes(segments[0]) && segments.length === 2) {
    return youtube(segments[1]);
  }
  return null;
}

/**
 * vimeo.com/{id}, vimeo.com/{id}/{hash} (unlisted), vimeo.com/channels/{name}/{id},
 * player.vimeo.com/video/{id}[?h=hash]. The hash of unlisted videos is needed by the embed player.
 */
function parseVimeo(host: string, segments: string[], query: URLSearchParams): ParsedVideo | null {
  let id: string | undefined;
  let hash: string | null = query.get('h');
  if (host === 'player.vimeo.com') {
    id = segments[0] === 'video' ? segments[1] : undefined;
  } else if (segments[0] === 'channels' && segments.length === 3) {
    id = segments[2];
  } else if (segments.length === 1 || segments.length === 2) {
    id = segments[0];
    hash = segments[1] ?? hash;
  }
  if (!id || !vimeoId.test(id) || (hash !== null && !/^[0-9a-f]+$/i.test(hash))) {
    return null;
  }
  const embedUrl = `https://player.vimeo.com/video/${id}${hash ? `?h=${hash}` : ''}`;
  return { host: 'vimeo', id, embedUrl };
}

/** loom.com/share/{id} and loom.com/embed/{id}; share links may carry a title slug before the id. */
function parseLoom(segments: string[]): ParsedVideo | null {
  const [kind, last] = segments;
  if ((kind !== 'share' && kind !== 'embed') || segments.length !== 2 || !last) {
    return null;
  }
  const match = loomId.exec(last.toLowerCase());
  if (!match || (last.length > 32 && last[last.length - 33] !== '-')) {
    return null;
  }
  const id = match[0];
  return { host: 'loom', id, embedUrl: `https://www.loom.com/embed/${id}` };
}
