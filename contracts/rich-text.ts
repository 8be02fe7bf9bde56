/**
 * The rich-text allow-list that posts, comments, chat, events, courses and the help desk share.
 *
 * One decision per element: `normaliseRichTextElement` says whether an element is kept (and exactly how it is
 * written: its tag, its attributes in a fixed order, and for mentions its text), unwrapped (the element goes,
 * its content stays) or dropped with its content. The server's sanitizer (`server/platform/rich-text.ts`,
 * sanitize-html) and the web's renderer (`web/components/rich-text/`) both call it for every element, and the
 * editor is configured to write exactly this markup, so the three agree (see "Rich text" in
 * docs/ARCHITECTURE.md).
 */
import { parseVideoUrl, type VideoHost } from './video.ts';

/** Longest accepted HTML, in UTF-16 code units, before sanitizing (about 40 pages of formatted text). */
export const richTextMaxLength = 100_000;
/** Longest member name a mention carries. */
export const richTextMentionLabelMaxLength = 100;

export const richTextTags = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'u',
  's',
  'a',
  'code',
  'pre',
  'blockquote',
  'hr',
  'span',
  'img',
  'iframe',
] as const;
export type RichTextTag = (typeof richTextTags)[number];

/** Elements without content. */
export const richTextVoidTags = ['br', 'hr', 'img'] as const satisfies readonly RichTextTag[];

/** The attributes each kept element may carry, in the order they are written. */
export const richTextAttributes = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
  code: ['class'],
  span: ['data-type', 'data-id', 'data-label'],
  img: ['src', 'alt', 'title'],
  iframe: ['src', 'title', 'allow', 'sandbox', 'referrerpolicy', 'loading'],
} as const satisfies Partial<Record<RichTextTag, readonly string[]>>;

/** Other spellings of kept elements (pasted or older markup): written as the element they stand for. */
const renamedTags: Readonly<Record<string, RichTextTag>> = {
  b: 'strong',
  i: 'em',
  del: 's',
  strike: 's',
  h1: 'h2',
  h5: 'h4',
  h6: 'h4',
};

/**
 * Elements whose content is not prose (scripts, styles, embedded documents, vector graphics, form controls):
 * dropped together with everything inside them. Any other unknown element is unwrapped and its text kept.
 */
export const richTextDroppedTags = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'title',
  'head',
  'textarea',
  'select',
  'option',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'object',
  'embed',
  'applet',
  'iframe',
  'frame',
  'frameset',
  'audio',
  'video',
  'canvas',
  'map',
  'input',
  'button',
] as const;
const droppedTags: ReadonlySet<string> = new Set(richTextDroppedTags);

export const mentionType = 'mention';
/** Every external link opens in a new tab and passes neither the opener nor the referrer nor ranking. */
export const richTextLinkRel = 'noopener noreferrer nofollow';
export const richTextLinkTarget = '_blank';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ASCII controls and space, C1 controls and the invisible spaces and marks a browser strips or ignores in a URL:
// a URL carrying any of them is refused rather than guessed at.
const invisibleInUrl =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;
const codeLanguageClass = /^language-[a-z0-9_+#.-]{1,32}$/i;
const cloudPathPrefix = '/api/cloud/';
// A stand-in origin to resolve our own relative addresses against (`.invalid` never resolves).
const ownBase = 'https://own.invalid';

export type RichTextOptions = {
  /**
   * Origins (`https://host[:port]`) images may be loaded from besides our own relative `/api/cloud/…`
   * addresses: the deployment's own origins, its blob storage host, a GIF provider's media hosts.
   */
  imageOrigins?: readonly string[];
};

export type RichTextElement = {
  tag: RichTextTag;
  attributes: Array<[name: string, value: string]>;
  /** Replaces the element's content: a mention shows `@` and the member's name, an embed nothing. */
  text?: string;
};
export type RichTextVerdict = RichTextElement | 'unwrap' | 'drop';

/** `tag` and `attributes` as the HTML parser read them (lower-case names, entities decoded). */
export function normaliseRichTextElement(
  tag: string,
  attributes: Readonly<Record<string, string | undefined>>,
  options: RichTextOptions = {},
): RichTextVerdict {
  const name = renamedTags[tag] ?? tag;
  switch (name) {
    case 'p':
    case 'br':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'ul':
    case 'li':
    case 'strong':
    case 'em':
    case 'u':
    case 's':
    case 'pre':
    case 'blockquote':
    case 'hr':
      return { tag: name, attributes: [] };
    case 'ol':
      return orderedList(attributes.start);
    case 'code':
      return code(attributes.class);
    case 'a':
      return link(attributes.href);
    case 'span':
      return mention(attributes);
    case 'img':
      return image(attributes, options);
    case 'iframe':
      return videoEmbed(attributes.src) ?? 'drop';
    default:
      return droppedTags.has(name) ? 'drop' : 'unwrap';
  }
}

function orderedList(start: string | undefined): RichTextElement {
  const value = /^\s*\d{1,9}\s*$/.test(start ?? '') ? Number(start) : 1;
  return { tag: 'ol', attributes: value === 1 ? [] : [['start', String(value)]] };
}

function code(className: string | undefined): RichTextElement {
  const language = (className ?? '').split(/\s+/).find((name) => codeLanguageClass.test(name));
  return { tag: 'code', attributes: language ? [['class', language]] : [] };
}

function link(href: string | undefined): RichTextVerdict {
  const safe = richTextLinkHref(href);
  return safe === null ? 'unwrap' : { tag: 'a', attributes: richTextLinkAttributes(safe) };
}

function mention(attributes: Readonly<Record<string, string | undefined>>): RichTextVerdict {
  const id = attributes['data-id'] ?? '';
  const label = (attributes['data-label'] ?? '').trim();
  if (
    attributes['data-type'] !== mentionType ||
    !uuidPattern.test(id) ||
    label === '' ||
    label.length > richTextMentionLabelMaxLength
  ) {
    return 'unwrap';
  }
  return {
    tag: 'span',
    attributes: [
      ['data-type', mentionType],
      ['data-id', id.toLowerCase()],
      ['data-label', label],
    ],
    text: `@${label}`,
  };
}

function image(
  attributes: Readonly<Record<string, string | undefined>>,
  options: RichTextOptions,
): RichTextVerdict {
  const src = richTextImageSource(attributes.src, options.imageOrigins ?? []);
  if (src === null) {
    return 'drop';
  }
  const kept: Array<[string, string]> = [['src', src]];
  for (const name of ['alt', 'title'] as const) {
    const value = attributes[name];
    // An empty alt says "decorative"; an empty title says nothing.
    if (value !== undefined && (name === 'alt' || value !== '')) {
      kept.push([name, value]);
    }
  }
  return { tag: 'img', attributes: kept };
}

/** A link's address when it is safe to keep: an `http(s):` or `mailto:` URL, or a path of our own (`/…`). */
export function richTextLinkHref(value: string | null | undefined): string | null {
  const href = (value ?? '').trim();
  if (href === '' || invisibleInUrl.test(href) || href.includes('\\')) {
    return null;
  }
  if (href.startsWith('/')) {
    return href.startsWith('//') ? null : href;
  }
  const url = parseUrl(href);
  return url && ['http:', 'https:', 'mailto:'].includes(url.protocol) ? href : null;
}

/** A path of our own stays in the tab; every absolute address opens in a new one, without opener or referrer. */
export function richTextLinkAttributes(href: string): Array<[string, string]> {
  return href.startsWith('/')
    ? [['href', href]]
    : [
        ['href', href],
        ['target', richTextLinkTarget],
        ['rel', richTextLinkRel],
      ];
}

/** An image's address when it is ours: a `/api/cloud/…` path, or an address on one of `imageOrigins`. */
export function richTextImageSource(
  value: string | null | undefined,
  imageOrigins: readonly string[],
): string | null {
  const src = (value ?? '').trim();
  if (src === '' || invisibleInUrl.test(src) || src.includes('\\')) {
    return null;
  }
  if (src.startsWith('/')) {
    const url = src.startsWith('//') ? null : parseUrl(src, ownBase);
    return url?.origin === ownBase && url.pathname.startsWith(cloudPathPrefix) ? src : null;
  }
  const url = parseUrl(src);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return null;
  }
  return imageOrigins.some((origin) => parseUrl(origin)?.origin === url.origin) ? src : null;
}

/** The players the embeds load, for the Content Security Policy's `frame-src`. */
export const videoEmbedOrigins = [
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://www.loom.com',
];

const videoHostTitles: Record<VideoHost, string> = { youtube: 'YouTube', vimeo: 'Vimeo', loom: 'Loom' };

/**
 * The one way a video is embedded: the host's player address and a fixed set of attributes. The sandbox lets
 * the player run its scripts on its own origin and open the host's page in a new tab, nothing else.
 */
export function videoEmbed(value: string | null | undefined): RichTextElement | null {
  const video = parseVideoUrl(value);
  if (!video) {
    return null;
  }
  return {
    tag: 'iframe',
    attributes: [
      ['src', video.embedUrl],
      ['title', videoHostTitles[video.host]],
      [
        'allow',
        'accelerometer; autoplay; clipboard-write; encrypted-media; fullscreen; gyroscope; picture-in-picture',
      ],
      ['sandbox', 'allow-scripts allow-same-origin allow-popups allow-presentation'],
      ['referrerpolicy', 'strict-origin-when-cross-origin'],
      ['loading', 'lazy'],
    ],
    text: '',
  };
}

export function isProfileIdLike(value: string): boolean {
  return uuidPattern.test(value);
}

function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
