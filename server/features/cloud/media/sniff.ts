import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

export type MediaType = 'image' | 'video' | 'audio' | 'other';
export type MediaCategory = 'image' | 'video' | 'audio' | 'document' | 'other';
export type SniffedFile = {
  mimeType: string;
  /** Lower case, without the dot. */
  extension: string;
  type: MediaType;
  category: MediaCategory;
};

const octetStream = 'application/octet-stream';

/** Documents by their sniffed MIME type (`file-type` names, plus our text fallbacks). */
const documentMimeTypes = new Set([
  'application/pdf',
  'application/rtf',
  'application/epub+zip',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain',
  'text/csv',
  'text/markdown',
]);

/** Legacy Office files are all one container format (CFB); only the name tells them apart. */
const compoundFileTypes: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/**
 * The file's type from its bytes. The declared name and type never override what the bytes say (a "photo.jpg"
 * that is a zip archive is `application/zip`); the name only decides between formats the bytes cannot tell
 * apart (legacy Office files, plain-text formats such as CSV and Markdown).
 */
export async function sniffFile(
  path: string,
  declared: { name: string; type: string },
): Promise<SniffedFile> {
  const declaredExtension = extensionOf(declared.name);
  const detected = await fileTypeFromFile(path);
  if (detected && detected.ext !== 'xml') {
    if (detected.ext === 'cfb' && declaredExtension in compoundFileTypes) {
      return describe(compoundFileTypes[declaredExtension]!, declaredExtension);
    }
    // `audio/ogg; codecs=opus` → `audio/ogg`: parameters are not part of the type we store.
    return describe(detected.mime.split(';')[0]!.trim(), detected.ext);
  }
  // Text formats have no magic number; `file-type` reports XML (which SVG often is) by its prolog only.
  const head = await readHead(path, 4096);
  if (detected?.ext === 'xml' || looksLikeText(head)) {
    return describe(...textType(head, declaredExtension));
  }
  return describe(octetStream, safeExtension(declaredExtension) ?? 'bin');
}

function describe(mimeType: string, extension: string): SniffedFile {
  const type = mediaTypeOf(mimeType);
  const category: MediaCategory =
    type !== 'other' ? type : documentMimeTypes.has(mimeType) ? 'document' : 'other';
  return { mimeType, extension, type, category };
}

function mediaTypeOf(mimeType: string): MediaType {
  const top = mimeType.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'other';
}

function textType(head: Buffer, declaredExtension: string): [mimeType: string, extension: string] {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const root = rootElement(text);
  if (root === 'svg') {
    return ['image/svg+xml', 'svg'];
  }
  if (root === 'html' || /^\s*<!doctype\s+html[\s>]/i.test(text)) {
    return ['text/html', 'html'];
  }
  if (root !== null) {
    return ['application/xml', 'xml'];
  }
  switch (declaredExtension) {
    case 'csv':
    case 'tsv':
      return [declaredExtension === 'csv' ? 'text/csv' : 'text/tab-separated-values', declaredExtension];
    case 'md':
    case 'markdown':
      return ['text/markdown', 'md'];
    case 'json':
      // Only when it opens like JSON; a ".json" that is prose stays plain text.
      if (/^\s*[[{]/.test(text)) {
        return ['application/json', 'json'];
      }
      break;
    case 'htm':
    case 'html':
      return ['text/html', 'html'];
  }
  return ['text/plain', safeExtension(declaredExtension) ?? 'txt'];
}

/**
 * The name of the first element when the text starts as markup (after an XML prolog, comments and a doctype),
 * lower-cased; `null` for anything else. `<svg` later in an HTML page does not make the page an SVG.
 */
function rootElement(text: string): string | null {
  const rest = text.replace(
    /^(?:\s+|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i,
    '',
  );
  const match = /^<([a-zA-Z][\w:.-]*)/.exec(rest);
  if (!match) {
    return null;
  }
  const name = match[1]!.toLowerCase();
  // A namespace prefix (`<svg:svg>`) still names the element.
  return name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
}

/**
 * Text when there are no NUL bytes and hardly any other control characters. Legacy 8-bit encodings (Latin-1,
 * Windows-1252) count as text, too; an empty file does not.
 */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) {
    return false;
  }
  let control = 0;
  for (const byte of head) {
    if (byte === 0) {
      return false;
    }
    // Tab, line feed, form feed, carriage return and escape occur in real text files.
    if ((byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte)) || byte === 0x7f) {
      control++;
    }
  }
  return control / head.length < 0.01;
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function extensionOf(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The declared extension when it is a plain token; anything else is not worth keeping. */
function safeExtension(extension: string): string | null {
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : null;
}

const reservedCharacters = /[<>:"/\\|?*]/g;
// C0 and C1 controls, and the bidirectional overrides that make "gpj.exe" display as "exe.jpg".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invisibleCharacters = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;
const windowsDeviceNames = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const maxNameBytes = 255;

/**
 * A file name safe to store and to offer for download on any operating system: no path, no control or
 * reserved characters, no leading or trailing dots and spaces, single spaces, at most 255 UTF-8 bytes with
 * the extension kept. Falls back to `file`.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  let cleaned = base
    .normalize('NFC')
    .replace(invisibleCharacters, '')
    .replace(reservedCharacters, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = cleaned.lastIndexOf('.');
  let stem = dot > 0 ? cleaned.slice(0, dot) : cleaned;
  const extension = dot > 0 ? cleaned.slice(dot) : '';
  if (windowsDeviceNames.test(stem)) {
    stem = `_${stem}`;
  }
  cleaned = fitBytes(stem, extension);
  return cleaned === '' ? 'file' : cleaned;
}

/** Shortens the stem (whole characters, never half an emoji) until stem + extension fit the byte limit. */
function fitBytes(stem: string, extension: string): string {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  // An "extension" that alone nearly fills the limit is part of the name, not something to keep.
  if (bytes(extension) > 32) {
    return fitBytes(stem + extension, '');
  }
  if (bytes(stem) + bytes(extension) <= maxNameBytes) {
    return stem + extension;
  }
  const budget = maxNameBytes - bytes(extension);
  let shortened = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(stem)) {
    if (bytes(shortened) + bytes(segment) > budget) {
      break;
    }
    shortened += segment;
  }
  return shortened.replace(/[\s.]+$/, '') + extension;
}

export type MimeTypeCatalogueEntry = { mimeType: string; extensions: string[]; type: MediaType };

/**
 * The common types the product accepts, for `GET /cloud/mime-types`. MIME names are the ones `sniffFile`
 * reports, so a client can match a stored file against this list.
 */
export function mimeTypeCatalogue(): MimeTypeCatalogueEntry[] {
  return catalogue.map(([mimeType, extensions]) => ({
    mimeType,
    extensions: [...extensions],
    type: mediaTypeOf(mimeType),
  }));
}

const catalogue: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['image/jpeg', ['jpg', 'jpeg']],
  ['image/png', ['png']],
  ['image/gif', ['gif']],
  ['image/webp', ['webp']],
  ['image/avif', ['avif']],
  ['image/heic', ['heic']],
  ['image/heif', ['heif']],
  ['image/svg+xml', ['svg']],
  ['video/mp4', ['mp4', 'm4v']],
  ['video/quicktime', ['mov']],
  ['video/webm', ['webm']],
  ['video/matroska', ['mkv']],
  ['video/vnd.avi', ['avi']],
  ['audio/mpeg', ['mp3']],
  ['audio/x-m4a', ['m4a']],
  ['audio/aac', ['aac']],
  ['audio/wav', ['wav']],
  ['audio/ogg', ['ogg', 'oga', 'opus']],
  ['audio/flac', ['flac']],
  ['application/pdf', ['pdf']],
  ['application/msword', ['doc']],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', ['docx']],
  ['application/vnd.ms-excel', ['xls']],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ['xlsx']],
  ['application/vnd.ms-powerpoint', ['ppt']],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', ['pptx']],
  ['application/vnd.oasis.opendocument.text', ['odt']],
  ['application/vnd.oasis.opendocument.spreadsheet', ['ods']],
  ['application/vnd.oasis.opendocument.presentation', ['odp']],
  ['application/rtf', ['rtf']],
  ['application/epub+zip', ['epub']],
  ['text/plain', ['txt']],
  ['text/csv', ['csv']],
  ['text/markdown', ['md']],
  ['application/zip', ['zip']],
  ['application/x-7z-compressed', ['7z']],
  ['application/x-rar-compressed', ['rar']],
];
