import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { createTestServer, type TestServer } from '../test/test-server.ts';
import { createLogger } from './logger.ts';
import { defineRoute } from './routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish while refusing new work', async () => {
    let release: () => void = () => undefined;
    const slow = defineRoute({
      method: 'GET',
      url: '/api/test/slow',
      auth: 'public',
      ability: 'public',
      summary: 'slow',
      tags: [],
      schema: { response: { 200: z.object({ finished: z.boolean() }) } },
      handler: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { finished: true };
      },
    });
    const app = await buildApp({
      config: server.config,
      logger: createLogger('silent'),
      ...server.runtime,
      extraRoutes: [slow] as never,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.status,
      () => 'refused',
    );
    release();
    const response = await inFlight;
    await closing;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    expect(refused === 'refused' || refused === 503).toBe(true);
  });
});
