import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await createTestServer({ env: { REQUEST_TIMEOUT_MS: '500' } });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await server?.close();
});

/** Opens a raw connection, writes `data`, then goes silent; resolves with how long the server kept it open. */
function stallAfter(data: string): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(data));
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Date.now() - started));
  });
}

describe('slow and stalled clients', () => {
  it('drops a client that stops in the middle of its headers', async () => {
    const openFor = await stallAfter('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    expect(openFor).toBeLessThan(5_000);
  });

  it('drops a client that announces a body and never sends it', async () => {
    const openFor = await stallAfter(
      'POST /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":',
    );
    expect(openFor).toBeLessThan(5_000);
  });

  it('still serves a well-behaved client', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
