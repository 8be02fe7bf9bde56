import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../crypto.ts';
import { notFound } from '../errors.ts';
import type { BlobStorage, ByteRange } from './storage.ts';
import { BlobNotFoundError } from './storage.ts';

export type SendBlobOptions = {
  key: string;
  /** The object's size in bytes (from the database; ranges are computed against it). */
  size: number;
  contentType: string;
  /** The name the browser should save the file under; any Unicode. */
  fileName: string;
  /** Show in the browser rather than download; ignored (attachment) for types that are not inline-safe. */
  inline: boolean;
  /** `private, max-age=N` when set; otherwise the browser revalidates with the ETag every time. */
  cacheSeconds?: number;
};

export type RangeRequest =
  { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Streams an object with HTTP range support (video seeking, resumed downloads). Files are user content on
 * our origin: only types a browser cannot run as a document are shown inline, everything else is an
 * attachment in a sandbox, and nosniff stops the browser from guessing a more dangerous type.
 */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: BlobStorage,
  options: SendBlobOptions,
): Promise<FastifyReply> {
  const { key, size, contentType } = options;
  const etag = `"${sha256(`${key}:${size}`).slice(0, 32)}"`;
  const requested = rangeRequest(request, etag, size);
  const range = requested.kind === 'partial' ? requested.range : undefined;
  const notModified = matchesEtag(request.headers['if-none-match'], etag);
  const withBody = request.method !== 'HEAD' && !notModified && requested.kind !== 'unsatisfiable';
  // Opened before any header is set, so a missing object becomes a clean 404 from the error handler.
  const stream = withBody ? await openBlob(storage, key, range) : undefined;

  const inline = options.inline && isInlineSafe(contentType);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header(
      'cache-control',
      options.cacheSeconds ? `private, max-age=${options.cacheSeconds}` : 'private, no-cache',
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', options.fileName));
  if (!isInlineSafe(contentType)) {
    reply.header('content-security-policy', "sandbox; default-src 'none'");
  }

  if (notModified) {
    return reply.code(304).send();
  }
  if (requested.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  reply.type(contentType).header('content-length', String(range ? range.end - range.start + 1 : size));
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  // HEAD gets an empty stream, not undefined: Fastify's automatic HEAD route would reset Content-Length to 0.
  return reply.send(stream ?? Readable.from([]));
}

async function openBlob(storage: BlobStorage, key: string, range: ByteRange | undefined) {
  try {
    return await storage.read(key, range);
  } catch (error) {
    throw error instanceof BlobNotFoundError ? notFound() : error;
  }
}

/** If-Range: a client holding part of an older version must get the whole object, not a mismatched range. */
function rangeRequest(request: FastifyRequest, etag: string, size: number): RangeRequest {
  const ifRange = request.headers['if-range'];
  return ifRange === undefined || ifRange === etag
    ? parseRangeHeader(request.headers.range, size)
    : { kind: 'whole' };
}

/**
 * Images (except SVG, which is a script-capable document), audio, video, PDF and plain text: what browsers
 * only ever display. HTML, SVG, XML, JavaScript and everything unknown are downloaded.
 */
export function isInlineSafe(mimeType: string): boolean {
  const type = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  const [major, minor] = type.split('/');
  if (!major || !minor || minor.includes('svg') || minor.includes('xml')) {
    return false;
  }
  return (
    major === 'image' ||
    major === 'video' ||
    major === 'audio' ||
    type === 'application/pdf' ||
    type === 'text/plain'
  );
}

/**
 * RFC 9110 §14: one range `a-b`, `a-` or `-n`. A header we cannot use (other unit, bad syntax, several ranges)
 * is ignored and the whole object is sent, which the RFC allows.
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  const match = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match) {
    return { kind: 'whole' };
  }
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') {
    return { kind: 'whole' };
  }
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) {
      return { kind: 'unsatisfiable' };
    }
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) {
    return { kind: 'whole' };
  }
  if (start >= size) {
    return { kind: 'unsatisfiable' };
  }
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}

/** RFC 6266 with an RFC 5987 UTF-8 name, plus an ASCII fallback for old clients. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const wellFormed = fileName.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  const fallback =
    wellFormed
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(wellFormed).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) {
    return false;
  }
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
