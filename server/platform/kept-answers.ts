import type { FastifyReply } from 'fastify';
import { compress, compressionThresholdBytes, negotiateEncoding, type Encoding } from './compression.ts';

/*
 * Serialized answers of hot reads, kept in memory under a key that names everything the answer depends on
 * (the caller, the request, a stamp of the rows it shows that the database raises on every change): a request
 * whose key is known is answered with the kept bytes, without reading, presenting or serializing again. A
 * stale key is simply never asked for again and ages out. What a stamp does not cover (people's names and
 * pictures shown beside the rows) is bounded by the time to live. The bytes are the route's own serialization
 * of its 200 answer (its response schema is the allow-list, as for every answer); nothing else is kept. A kept
 * answer is compressed once per encoding a client asks for (brotli, gzip) and that copy is kept beside it, so
 * the browsers' repeated reads cost neither serializing nor compressing.
 */

export type KeptAnswers = {
  /**
   * Sends the kept answer of `key`, or produces, serializes, sends and keeps it (unless `keep` refuses the
   * value: an answer with parts that change without raising the stamp).
   */
  send<T>(
    reply: FastifyReply,
    key: string,
    produce: () => Promise<T>,
    keep?: (value: T) => boolean,
  ): Promise<FastifyReply>;
  readonly size: number;
  readonly bytes: number;
};

/** A body kept as it is sent, and its compressed copies, each made on first ask (a promise while it is made). */
export type KeptBody = { body: Buffer; encoded: Partial<Record<Encoding, Promise<Buffer>>> };

export const keptBodyOf = (text: string): KeptBody => ({ body: Buffer.from(text, 'utf8'), encoded: {} });

/**
 * Sends a kept body as the request accepts it: compressed once per encoding (`kept` holds that copy from then
 * on; `onEncoded` hears its size), else as it is. The compression hook (platform/compression.ts) leaves an
 * answer with a `Content-Encoding` alone and says `Vary` on every compressible answer.
 */
export async function sendKeptBody(
  reply: FastifyReply,
  kept: KeptBody,
  type: string,
  onEncoded?: (bytes: number) => void,
): Promise<FastifyReply> {
  const encoding =
    kept.body.length >= compressionThresholdBytes
      ? negotiateEncoding(reply.request.headers['accept-encoding'])
      : null;
  if (!encoding) {
    return reply.type(type).send(kept.body);
  }
  let encoded = kept.encoded[encoding];
  if (!encoded) {
    encoded = compress(kept.body, encoding);
    kept.encoded[encoding] = encoded;
    encoded.then(
      (buffer) => onEncoded?.(buffer.length),
      () => delete kept.encoded[encoding],
    );
  }
  try {
    return reply
      .type(type)
      .header('content-encoding', encoding)
      .send(await encoded);
  } catch {
    // zlib failed (it does not for bytes in memory): the hook compresses the body per request instead.
    reply.removeHeader('content-encoding');
    return reply.type(type).send(kept.body);
  }
}

type Kept = KeptBody & { bytes: number; expiresAt: number };

const json = 'application/json; charset=utf-8';

export function createKeptAnswers(options: {
  /** Bytes kept at most; the least recently used answers go first. */
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}): KeptAnswers {
  const { maxBytes, ttlMs, now = Date.now } = options;
  const entries = new Map<string, Kept>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (entry) {
      entries.delete(key);
      bytes -= entry.bytes;
    }
  };

  /** Counts `size` more bytes kept and lets the least recently used answers go until the bound holds. */
  const grow = (size: number) => {
    bytes += size;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) {
        break;
      }
      forget(oldest);
    }
  };

  const sendKept = (reply: FastifyReply, key: string, entry: Kept) =>
    sendKeptBody(reply, entry, json, (size) => {
      if (entries.get(key) === entry) {
        entry.bytes += size;
        grow(size);
      }
    });

  return {
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    async send(reply, key, produce, keep) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        // Re-inserting moves the key to the end: the Map's order is the recency order.
        entries.delete(key);
        entries.set(key, hit);
        return sendKept(reply, key, hit);
      }
      forget(key);
      const value = await produce();
      const serialize = reply.getSerializationFunction('200');
      if (!serialize) {
        throw new Error(`no response schema for 200 on ${reply.request.method} ${reply.request.url}`);
      }
      const body = serialize(value as Record<string, unknown>);
      if (!keep || keep(value)) {
        const entry: Kept = { ...keptBodyOf(body), bytes: 0, expiresAt: now() + ttlMs };
        // The key's length in UTF-16 units: twice its bytes in memory at most, close enough for a bound.
        entry.bytes = entry.body.length + key.length * 2;
        entries.set(key, entry);
        grow(entry.bytes);
      }
      return reply.type(json).send(body);
    },
  };
}
