import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/test-server.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';

/** A TCP proxy in front of PostgreSQL that can be cut and restored, to play "the database went away". */
function createProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      sockets.forEach((socket) => socket.destroy());
      sockets.clear();
      await closed;
    },
  };
}

const baseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(baseUrl)('database outage (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: ReturnType<typeof createProxy>;
  let server: TestServer;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!);
    const url = new URL(scratch.url);
    proxy = createProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.listen();
    url.port = String(proxy.port);
    url.hostname = '127.0.0.1';
    // Point the server at the proxy instead of its own scratch database.
    server = await createTestServer({ env: { DATABASE_URL: url.toString() } });
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    await proxy?.cut();
    await scratch?.drop();
  });

  it('answers 503 while the database is away and recovers by itself', async () => {
    const health = () => server.app.inject({ method: 'GET', url: '/api/health' });
    expect((await health()).statusCode).toBe(200);

    await proxy.cut();
    const during = await health();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    const { authorization } = await server.tokenFor();
    const api = await server.app.inject({
      method: 'GET',
      url: `/api/tasks?taskIds=${crypto.randomUUID()}`,
      headers: { authorization },
    });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    await proxy.listen();
    let after = await health();
    for (let attempt = 0; attempt < 20 && after.statusCode !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await health();
    }
    expect(after.statusCode).toBe(200);
  });
});
