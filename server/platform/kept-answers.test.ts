import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { registerCompression } from './compression.ts';
import { createKeptAnswers } from './kept-answers.ts';

/*
 * Kept answers (kept-answers.ts): a key asked again is answered with the kept bytes (nothing produced), the
 * bytes are the route's own serialization (its response schema's allow-list), an answer `keep` refuses is
 * produced every time, and both the time to live and the byte bound let go of answers. A kept answer is
 * compressed once per encoding asked for, and the compression hook leaves it alone.
 */

describe('kept answers', () => {
  let clock = 0;
  const kept = createKeptAnswers({ maxBytes: 2_000, ttlMs: 1_000, now: () => clock });
  const produced: string[] = [];
  const app = Fastify();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/items/:key',
      {
        schema: {
          params: z.object({ key: z.string() }),
          querystring: z.object({
            keep: z.enum(['yes', 'no']).default('yes'),
            size: z.coerce.number().default(1),
          }),
          response: { 200: z.object({ key: z.string(), text: z.string() }) },
        },
      },
      async (request, reply) =>
        kept.send(
          reply,
          request.params.key,
          async () => {
            produced.push(request.params.key);
            return { key: request.params.key, text: 'x'.repeat(request.query.size), secret: 'nie' };
          },
          () => request.query.keep === 'yes',
        ),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json<Record<string, unknown>>();
  };

  it('answers a known key from the kept bytes, serialized by the route’s schema', async () => {
    produced.length = 0;
    expect(await get('/items/a')).toEqual({ key: 'a', text: 'x' });
    expect(await get('/items/a')).toEqual({ key: 'a', text: 'x' });
    expect(produced).toEqual(['a']);
  });

  it('produces again what it may not keep, and after the time to live', async () => {
    produced.length = 0;
    await get('/items/b?keep=no');
    await get('/items/b?keep=no');
    expect(produced).toEqual(['b', 'b']);
    await get('/items/c');
    clock += 1_001;
    await get('/items/c');
    expect(produced).toEqual(['b', 'b', 'c', 'c']);
  });

  it('lets the least recently used answers go beyond its bytes', async () => {
    produced.length = 0;
    await get('/items/d?size=800');
    await get('/items/e?size=800');
    await get('/items/d?size=800');
    await get('/items/f?size=800');
    expect(kept.bytes).toBeLessThanOrEqual(2_000);
    await get('/items/d?size=800');
    await get('/items/e?size=800');
    expect(produced).toEqual(['d', 'e', 'f', 'e']);
  });
});

describe('kept answers, compressed', () => {
  const kept = createKeptAnswers({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
  let produced = 0;
  const app = Fastify();
  const text = 'Termine im November, '.repeat(200);

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerCompression(app);
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/month',
        { schema: { response: { 200: z.object({ text: z.string() }) } } },
        async (_request, reply) =>
          kept.send(reply, 'month', async () => {
            produced += 1;
            return { text };
          }),
      );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/month',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends each encoding asked for from one compression, and plain JSON to who asks for none', async () => {
    const first = await get('gzip, deflate, br, zstd');
    const plainBytes = kept.bytes;
    const second = await get('gzip, deflate, br, zstd');
    expect(kept.bytes).toBeGreaterThan(plainBytes);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const third = await get('br');
    expect(third.headers['content-encoding']).toBe('br');
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(third.rawPayload).toString('utf8'))).toEqual({ text });
    expect(third.headers.vary).toBe('Accept-Encoding');
    expect(Number(third.headers['content-length'])).toBe(third.rawPayload.length);

    const zipped = await get('gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual({ text });

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ text });
    expect(produced).toBe(1);
  });
});
