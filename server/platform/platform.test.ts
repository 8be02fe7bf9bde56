import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { z } from 'zod';
import { createTestServer, testDriver, type TestServer } from '../test/test-server.ts';
import { AppError } from './errors.ts';
import { defineRoute } from './routes.ts';
import { errorCodes } from '../../contracts/errors.ts';
import pg from 'pg';

// Routes that exist only in this suite, to exercise the platform itself.
const probeRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/test/echo',
    auth: 'public',
    ability: 'public',
    summary: 'echo',
    tags: ['test'],
    schema: {
      body: z.strictObject({ name: z.string().min(2), count: z.number().int(), kind: z.enum(['a', 'b']) }),
      response: { 200: z.object({ name: z.string(), count: z.number() }) },
    },
    // Returns more than the schema allows: the response schema must strip `secret`.
    handler: async (request) =>
      ({ ...request.body, secret: 'never leaves' }) as { name: string; count: number },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/test/limited',
    auth: 'public',
    ability: 'public',
    summary: 'rate limited',
    tags: ['test'],
    rateLimit: {
      max: 2,
      timeWindow: '1 minute',
      keyGenerator: (request) => `limited:${String(request.headers['x-test-key'])}`,
    },
    schema: { response: { 200: z.object({ ok: z.boolean() }) } },
    handler: async () => ({ ok: true }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/test/db-down',
    auth: 'public',
    ability: 'public',
    summary: 'database refusing connections',
    tags: ['test'],
    schema: { response: { 200: z.object({ ok: z.boolean() }) } },
    handler: async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 1000 });
      await client.connect();
      return { ok: true };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/test/conflict',
    auth: 'optional',
    ability: 'public',
    summary: 'throws a domain error',
    tags: ['test'],
    schema: { response: { 200: z.object({ ok: z.boolean() }) } },
    handler: async () => {
      throw new AppError(409, errorCodes.domainIsAlreadyUsed, { details: { domain: 'x.de' } });
    },
  }),
];

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ extraRoutes: probeRoutes as never, env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(async () => {
  await server?.close();
});

describe(`platform (${testDriver})`, () => {
  it('answers /api/health with the database status', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { status: 'up', driver: testDriver } });
  });

  it('answers an unknown /api path with a 404 JSON body', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
  });

  it('rejects malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MALFORMED_JSON' });
  });

  it('maps wrong types, unknown enum values, missing and unknown fields to validation keys per field', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'a', count: 'three', kind: 'c', extra: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'errors.VALIDATION_FAILED',
      errors: {
        name: 'validation.validateMinLength',
        count: 'validation.invalidType',
        kind: 'validation.invalidValue',
        extra: 'validation.unknownField',
      },
    });
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { kind: 'a' },
    });
    expect(missing.json().errors).toMatchObject({
      name: 'validation.required',
      count: 'validation.required',
    });
  });

  it('lets only the response schema fields leave the server', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'ab', count: 1, kind: 'a' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'ab', count: 1 });
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(4096), count: 1, kind: 'a' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('carries a domain error code and details', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'DOMAIN_IS_ALREADY_USED',
      message: 'errors.DOMAIN_IS_ALREADY_USED',
      details: { domain: 'x.de' },
    });
  });

  it('answers 401 on an optional-auth route when the presented token is invalid', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/test/conflict',
      headers: { authorization: 'Bearer nope' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('rate-limits per route with 429 and retry-after', async () => {
    const call = () =>
      server.app.inject({
        method: 'GET',
        url: '/api/test/limited',
        headers: { 'x-test-key': String(process.pid) + Date.now() },
      });
    const headers = { 'x-test-key': `k-${Date.now()}` };
    const first = await server.app.inject({ method: 'GET', url: '/api/test/limited', headers });
    const second = await server.app.inject({ method: 'GET', url: '/api/test/limited', headers });
    const third = await server.app.inject({ method: 'GET', url: '/api/test/limited', headers });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 429]);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', details: { limit: 2 } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // another key has its own budget
    expect((await call()).statusCode).toBe(200);
  });

  it('answers 503 when the database refuses connections', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/db-down' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('echoes a request id and sets security headers with a same-origin CSP', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(response.headers['x-request-id']).toBe('req-12345678');
    const generated = await server.app.inject({ method: 'GET', url: '/api/health' });
    const next = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]{6,}$/);
    expect(next.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain(
      "frame-src 'self' https://www.youtube.com https://player.vimeo.com https://www.loom.com",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document with every declared route', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/tasks', '/api/client-config']),
    );
  });

  it('compresses large JSON answers for clients that accept it (details in static-web.test.ts)', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveProperty('paths');
  });

  it('serves the client configuration', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json()).toEqual({
      serviceHost: 'localhost:3000',
      publicDomain: 'app.localhost:3000',
      defaultLanguage: 'de',
      languages: ['de', 'en'],
      version: expect.any(String),
      gifs: false,
    });
  });
});
