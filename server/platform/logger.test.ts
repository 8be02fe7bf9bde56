import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, outboxMailMessage, redactSecrets } from './logger.ts';

/** A logger with the production options writing into an array of raw lines. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: pino(loggerOptions('info'), stream), lines };
}

const sig = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbA';

describe('log redaction', () => {
  it('keeps codes and tokens out of logged URLs', () => {
    expect(redactSecrets('/api/stash/abcDEF123456789012345678')).toBe('/api/stash/[redacted]');
    expect(redactSecrets('/api/invitation/tok_123456789012345678901')).toBe('/api/invitation/[redacted]');
    expect(redactSecrets('/auth/restore?login=a%40b.de&code=123456')).toBe(
      '/auth/restore?login=a%40b.de&code=[redacted]',
    );
    expect(redactSecrets('/x?token=abc&page=2')).toBe('/x?token=[redacted]&page=2');
    expect(redactSecrets('/api/tasks?taskIds=1,2')).toBe('/api/tasks?taskIds=1,2');
  });

  it('leaves the outbox mail line whole: without SMTP the log is how the mail and its link arrive', () => {
    const line = JSON.stringify({
      msg: outboxMailMessage,
      text: 'Code 123456: http://localhost:3000/auth/restore?login=a%40b.de&code=123456',
    });
    expect(redactSecrets(line)).toBe(line);
    const other = JSON.stringify({ msg: 'request', url: '/auth/restore?login=a%40b.de&code=123456' });
    expect(redactSecrets(other)).toContain('code=[redacted]');
  });

  it('redacts signatures and other credentials of any query string, keeping the rest', () => {
    expect(redactSecrets(`/api/cloud/blobs/f/tile?exp=1700000000&sig=${sig}`)).toBe(
      '/api/cloud/blobs/f/tile?exp=1700000000&sig=[redacted]',
    );
    expect(redactSecrets(`/api/cloud/blobs/f/original?sig=${sig}&exp=1&download=1`)).toBe(
      '/api/cloud/blobs/f/original?sig=[redacted]&exp=1&download=1',
    );
    // S3 presigned addresses, API keys in either spelling, encoded names the query parser decodes.
    expect(
      redactSecrets('https://s3/b/k?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=abc&X-Amz-Expires=60'),
    ).toBe('https://s3/b/k?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=60');
    expect(redactSecrets('/g?api_key=k1&apiKey=k2&q=cats')).toBe(
      '/g?api_key=[redacted]&apiKey=[redacted]&q=cats',
    );
    expect(redactSecrets(`/b?si%67=${sig}&SIG=${sig}&refresh_token=r`)).toBe(
      '/b?si%67=[redacted]&SIG=[redacted]&refresh_token=[redacted]',
    );
    expect(redactSecrets('/b?si%zz=1&page=2')).toBe('/b?si%zz=1&page=2');
    expect(redactSecrets('Route GET:/x?sig=abc not found')).toBe('Route GET:/x?sig=[redacted] not found');
  });

  it('takes a signature out of every field and message of a line, leaving valid JSON', () => {
    const { logger, lines } = capturedLogger();
    const url = `/api/cloud/blobs/f/video?exp=1700000000&sig=${sig}`;
    // The request log's serializer, a plain `url` field (the masquerade log's shape), a nested object, the
    // message and an error whose message and stack carry the address; a child logger as Fastify uses it.
    logger.info({ req: { method: 'GET', url, headers: { host: 'h' } } }, 'incoming request');
    logger.child({ reqId: 'r1' }).info({ realAccountId: 'a', url, statusCode: 200 }, 'masqueraded request');
    logger.info({ detail: { links: [url] } }, `fetched ${url}`);
    logger.error({ err: new Error(`cannot read ${url}`) }, 'request failed');
    logger.info({ url: `/a?note="quoted"&sig=${sig}\\"x` }, 'escaped');

    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(line).not.toContain(sig);
      expect(line).toContain('sig=[redacted]');
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed[0]!.req).toMatchObject({ url: '/api/cloud/blobs/f/video?exp=1700000000&sig=[redacted]' });
    expect(parsed[1]!.url).toBe('/api/cloud/blobs/f/video?exp=1700000000&sig=[redacted]');
    expect(parsed[4]!.url).toBe('/a?note="quoted"&sig=[redacted]');
  });

  it('leaves lines without credentials untouched', () => {
    const { logger, lines } = capturedLogger();
    logger.info({ url: '/api/tasks?page=2&taskIds=a,b', n: 1 }, 'a = b?');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      url: '/api/tasks?page=2&taskIds=a,b',
      n: 1,
      msg: 'a = b?',
    });
  });
});
