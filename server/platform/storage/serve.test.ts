import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendBlobOptions } from './serve.ts';
import { contentDisposition, isInlineSafe, parseRangeHeader, sendBlob } from './serve.ts';
import { createStorage } from './storage.ts';

const text = '0123456789abcdefghij'; // 20 bytes

const blobs: Record<string, SendBlobOptions> = {
  text: {
    key: 'projects/p/files/t/original',
    size: 20,
    contentType: 'text/plain',
    fileName: 'Notiz für Jürgen.txt',
    inline: true,
  },
  photo: {
    key: 'projects/p/files/i/original',
    size: 4,
    contentType: 'image/png',
    fileName: 'photo.png',
    inline: true,
    cacheSeconds: 3600,
  },
  vector: {
    key: 'projects/p/files/s/original',
    size: 6,
    contentType: 'image/svg+xml',
    fileName: 'logo.svg',
    inline: true,
  },
  gone: {
    key: 'projects/p/files/g/original',
    size: 3,
    contentType: 'image/png',
    fileName: 'gone.png',
    inline: true,
  },
};

describe('sendBlob', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storage-serve-'));
    const storage = createStorage({ driver: 'local', root });
    for (const [name, bytes] of [
      ['text', text],
      ['photo', 'PNG!'],
      ['vector', '<svg/>'],
    ] as const) {
      const source = path.join(root, `${name}.source`);
      await writeFile(source, bytes);
      await storage.putFile(blobs[name]!.key, source, blobs[name]!.contentType);
    }
    app = Fastify();
    app.get<{ Params: { name: string } }>('/blobs/:name', (request, reply) =>
      sendBlob(request, reply, storage, blobs[request.params.name]!),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (name: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url: `/blobs/${name}`, headers });

  it('sends the whole object with its headers', async () => {
    const response = await get('text');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(text);
    expect(response.headers).toMatchObject({
      'content-type': 'text/plain',
      'content-length': '20',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
      'content-disposition': `inline; filename="Notiz fur Jurgen.txt"; filename*=UTF-8''Notiz%20f%C3%BCr%20J%C3%BCrgen.txt`,
    });
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it.each([
    ['bytes=2-5', 206, '2345', 'bytes 2-5/20'],
    ['bytes=15-', 206, 'fghij', 'bytes 15-19/20'],
    ['bytes=-3', 206, 'hij', 'bytes 17-19/20'],
    ['bytes=-50', 206, text, 'bytes 0-19/20'],
    ['bytes=18-99', 206, 'ij', 'bytes 18-19/20'],
    ['bytes=0-0', 206, '0', 'bytes 0-0/20'],
    ['bytes=0-1,5-6', 200, text, undefined],
    ['bytes=5-2', 200, text, undefined],
    ['items=0-1', 200, text, undefined],
  ])('answers Range %s with %i', async (range, status, body, contentRange) => {
    const response = await get('text', { range });
    expect(response.statusCode).toBe(status);
    expect(response.body).toBe(body);
    expect(response.headers['content-range']).toBe(contentRange);
    expect(response.headers['content-length']).toBe(String(body.length));
  });

  it.each(['bytes=20-', 'bytes=25-30', 'bytes=-0'])(
    'answers the unsatisfiable %s with 416',
    async (range) => {
      const response = await get('text', { range });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */20');
      expect(response.body).toBe('');
    },
  );

  it('ignores a range for an outdated If-Range and honours a current one', async () => {
    const { etag } = (await get('text')).headers;
    const stale = await get('text', { range: 'bytes=0-1', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(text);
    const current = await get('text', { range: 'bytes=0-1', 'if-range': String(etag) });
    expect(current.statusCode).toBe(206);
    expect(current.body).toBe('01');
  });

  it('answers a matching If-None-Match with 304', async () => {
    const { etag } = (await get('photo')).headers;
    const response = await get('photo', { 'if-none-match': String(etag) });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
  });

  it('answers HEAD with the headers only', async () => {
    const whole = await get('text', {}, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('20');
    expect(whole.body).toBe('');
    const part = await get('text', { range: 'bytes=-4' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('4');
    expect(part.headers['content-range']).toBe('bytes 16-19/20');
    expect(part.body).toBe('');
  });

  it('keeps Content-Length for HEAD and streams ranges over a real socket', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const head = await fetch(`${address}/blobs/text`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('20');
    const part = await fetch(`${address}/blobs/text`, { headers: { range: 'bytes=3-4' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('34');
  });

  it('shows an image inline and lets the browser cache it', async () => {
    const response = await get('photo');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('PNG!');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="photo.png"/);
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('sends SVG as a sandboxed attachment even when inline is asked for', async () => {
    const response = await get('vector');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<svg/>');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="logo.svg"/);
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing object with 404 and no file headers', async () => {
    const response = await get('gone');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});

describe('isInlineSafe', () => {
  it.each([
    'image/png',
    'image/jpeg',
    'IMAGE/WEBP',
    'video/mp4',
    'audio/mpeg',
    'application/pdf',
    'text/plain; charset=utf-8',
  ])('%s is shown inline', (type) => expect(isInlineSafe(type)).toBe(true));
  it.each([
    'image/svg+xml',
    'image/svg+xml; charset=utf-8',
    'text/html',
    'application/xhtml+xml',
    'text/xml',
    'application/xml',
    'text/javascript',
    'application/javascript',
    'text/css',
    'application/octet-stream',
    'multipart/x-mixed-replace',
    '',
    'image',
  ])('%s is never inline', (type) => expect(isInlineSafe(type)).toBe(false));
});

describe('range and disposition helpers', () => {
  it('treats every range of an empty object as unsatisfiable', () => {
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader(undefined, 0)).toEqual({ kind: 'whole' });
  });

  it('clamps absurdly large ends', () => {
    expect(parseRangeHeader('bytes=1-99999999999999999999999', 10)).toEqual({
      kind: 'partial',
      range: { start: 1, end: 9 },
    });
  });

  it('keeps header-breaking characters out of the file name', () => {
    const header = contentDisposition('attachment', 'a"b\\c\r\nSet-Cookie: x=1;%41.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain(`filename="a_b_c__Set-Cookie: x=1;_41.txt"`);
    expect(header).toContain(`filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%2541.txt`);
    expect(contentDisposition('inline', '日本.pdf')).toBe(
      `inline; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`,
    );
    expect(contentDisposition('inline', '\uD800')).toContain(`filename*=UTF-8''%EF%BF%BD`);
    expect(contentDisposition('attachment', "it's (1).txt")).toContain(
      `filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});
