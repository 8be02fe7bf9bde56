import type { FastifyReply } from 'fastify';

/*
 * Serialized answers of hot reads, kept in memory under a key that names everything the answer depends on
 * (the caller, the request, a stamp of the rows it shows that the database raises on every change): a request
 * whose key is known is answered with the kept bytes, without reading, presenting or serializing again. A
 * stale key is simply never asked for again and ages out. What a stamp does not cover (people's names and
 * pictures shown beside the rows) is bounded by the time to live. The bytes are the route's own serialization
 * of its 200 answer (its response schema is the allow-list, as for every answer); nothing else is kept.
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

type Kept = { body: string; bytes: number; expiresAt: number };

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
        return reply.type(json).send(hit.body);
      }
      forget(key);
      const value = await produce();
      const serialize = reply.getSerializationFunction('200');
      if (!serialize) {
        throw new Error(`no response schema for 200 on ${reply.request.method} ${reply.request.url}`);
      }
      const body = serialize(value as Record<string, unknown>);
      if (!keep || keep(value)) {
        // A string's length in UTF-16 units: twice its bytes in memory at most, close enough for a bound.
        const size = body.length * 2 + key.length * 2;
        entries.set(key, { body, bytes: size, expiresAt: now() + ttlMs });
        bytes += size;
        for (const oldest of entries.keys()) {
          if (bytes <= maxBytes) {
            break;
          }
          forget(oldest);
        }
      }
      return reply.type(json).send(body);
    },
  };
}
