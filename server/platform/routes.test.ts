import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestServer, type TestServer } from '../test/test-server.ts';
import { buildApp } from '../app.ts';
import { createLogger } from './logger.ts';
import { assertDeclared } from './routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('route declarations', () => {
  it('lists every /api route with its auth mode and ability (a diff here is a security review)', async () => {
    const lines = server.app.routeDeclarations
      .map(
        (route) =>
          `${route.method.padEnd(7)} ${route.url.padEnd(54)} auth=${route.auth.padEnd(8)} scope=${route.scope.padEnd(24)} ability=${route.ability.padEnd(26)} limit=${route.limit}`,
      )
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-declarations.txt');
  });

  it('refuses a definition without an auth mode, a known ability or a response schema', () => {
    const base = {
      method: 'GET' as const,
      url: '/api/x',
      summary: 'x',
      tags: [] as string[],
      handler: async () => ({}),
    };
    expect(() =>
      assertDeclared({
        ...base,
        ability: 'public',
        schema: { response: { 200: z.object({}) } },
      }),
    ).toThrow(/no auth mode/);
    expect(() =>
      assertDeclared({
        ...base,
        auth: 'public',
        schema: { response: { 200: z.object({}) } },
      }),
    ).toThrow(/no ability/);
    expect(() =>
      assertDeclared({
        ...base,
        auth: 'public',
        ability: 'public',
        schema: { response: {} },
      }),
    ).toThrow(/no response schema/);
    expect(() =>
      assertDeclared({
        ...base,
        auth: 'public',
        ability: 'app:fly' as 'public',
        schema: { response: { 200: z.object({}) } },
      }),
    ).toThrow(/unknown ability/);
  });

  it('stops start-up when a route under /api bypasses defineRoute', async () => {
    const app = await buildApp({ config: server.config, logger: createLogger('silent'), ...server.runtime });
    const start = async () => {
      app.get('/api/sneaky', async () => ({}));
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/without defineRoute/);
    await app.close().catch(() => undefined);
  });

  it('checks the session before validating input, so guests learn nothing about the schema', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/tasks?taskIds=not-a-uuid' });
    expect(response.statusCode).toBe(401);
  });
});
