import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * Answers smaller than this go out as they are: they fit the first TCP round trip anyway, and compressing them
 * costs more CPU than the bytes it saves.
 */
export const compressionThresholdBytes = 1024;

/**
 * Levels for answers built per request (the static web app is compressed at build time at the highest levels).
 * Brotli 4 compresses JSON about as fast as gzip 6 and 10–20 % smaller; higher brotli levels cost several times
 * the CPU for a few percent.
 */
const brotliQuality = 4;
const gzipLevel = 6;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text answers worth compressing (JSON of the API and OpenAPI, and text). */
const compressibleType = /^(application\/(json|problem\+json|manifest\+json|javascript)|text\/)/i;

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli when accepted, else gzip, else none.
 * `q=0` refuses an encoding; `*` accepts any not named otherwise.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) {
    return null;
  }
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) {
      continue;
    }
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) {
    return 'br';
  }
  return weight('gzip') > 0 ? 'gzip' : null;
}

export function compress(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    const size = Buffer.byteLength(body);
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    });
  }
  return gzipAsync(body, { level: gzipLevel });
}

/** Adds `Accept-Encoding` to `Vary` unless it is already there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (!value) {
    void reply.header('vary', 'Accept-Encoding');
  } else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) {
    void reply.header('vary', `${value}, Accept-Encoding`);
  }
}

function shouldCompress(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    // Streams: files of the web app (precompressed at build time) and of the library (served with ranges).
    return false;
  }
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !compressibleType.test(type)) {
    return false;
  }
  varyOnEncoding(reply);
  const cacheControl = reply.getHeader('cache-control');
  return (
    request.method !== 'HEAD' &&
    reply.statusCode !== 204 &&
    reply.statusCode !== 304 &&
    !reply.hasHeader('content-encoding') &&
    !reply.hasHeader('content-range') &&
    !(typeof cacheControl === 'string' && /no-transform/i.test(cacheControl)) &&
    // A string's UTF-8 length is at least its length: a long answer is not measured byte by byte.
    (payload.length >= compressionThresholdBytes || Buffer.byteLength(payload) >= compressionThresholdBytes)
  );
}

/**
 * Compresses answers built in memory (API JSON) with brotli or gzip, as the request accepts, once they reach
 * `compressionThresholdBytes`. Every compressible answer says `Vary: Accept-Encoding`, so a shared cache keeps
 * the variants apart. Compression runs on libuv's thread pool, not on the event loop.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!shouldCompress(request, reply, payload)) {
      return payload;
    }
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) {
      return payload;
    }
    const compressed = await compress(payload, encoding);
    void reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
