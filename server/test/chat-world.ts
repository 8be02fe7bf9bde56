import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ChatMessage } from '../../contracts/chat-messages.ts';
import { newId } from '../platform/ids.ts';
import { createCommunityWorld, type TestPerson } from './community-world.ts';
import { apiCaller, type ApiMethod } from './identity.ts';
import { createTestServer, type TestServer } from './test-server.ts';

/*
 * What the chat's test files share: one server per file (listening, when the file opens sockets), an app with
 * three members per test, a call that expects its status, and sockets of the members that close with the file.
 */

export type ChatTestServer = {
  server: () => TestServer;
  /** `GET`, `POST`, … as `person`, expecting `status` (200 unless given); the answer's JSON (none for 204). */
  ok: <T>(
    method: ApiMethod,
    url: string,
    person: TestPerson,
    payload?: object,
    status?: number,
  ) => Promise<T>;
  /** `person` writes `body` in the chat (a new client id); the stored message. */
  send: (chatId: string, person: TestPerson, body?: string) => Promise<ChatMessage>;
  /** A socket of `person` on the app's gateway (`listen: true` only), closed after the file. */
  connect: (person: TestPerson, appId: string) => Promise<Socket>;
  /**
   * A socket on the gateway with any `auth` (`listen: true` only), not yet connected, closed after the file. It
   * does not reconnect unless `options` say so.
   */
  socket: (auth: Record<string, unknown>, options?: Partial<ManagerOptions & SocketOptions>) => Socket;
};

/** Registers the file's server (before all, closed after all); `options` go to createTestServer. */
export function useChatTestServer(
  settings: { listen?: boolean; options?: () => Promise<Parameters<typeof createTestServer>[0]> } = {},
): ChatTestServer {
  let server: TestServer | undefined;
  let baseUrl = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await createTestServer(settings.options ? await settings.options() : {});
    if (settings.listen) {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const address = server.app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }
  });
  afterAll(async () => {
    for (const socket of sockets) {
      socket.disconnect();
    }
    await server?.close();
  });
  const call = apiCaller(() => server!);
  const socket = (auth: Record<string, unknown>, options: Partial<ManagerOptions & SocketOptions> = {}) => {
    const opened = io(baseUrl, {
      path: '/ws',
      transports: ['websocket'],
      auth,
      reconnection: false,
      ...options,
    });
    sockets.push(opened);
    return opened;
  };
  const ok = async <T>(
    method: ApiMethod,
    url: string,
    person: TestPerson,
    payload?: object,
    status = 200,
  ) => {
    const response = await call(method, url, person.token, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return status === 204 ? (undefined as T) : response.json<T>();
  };
  return {
    server: () => server!,
    ok,
    send: async (chatId, person, body = '<p>Hallo</p>') =>
      (
        await ok<{ data: ChatMessage }>(
          'POST',
          `/api/chats/${chatId}/messages`,
          person,
          { clientId: newId(), body },
          201,
        )
      ).data,
    connect: (person, appId) => {
      const opened = socket({ token: person.token, appId });
      return new Promise((resolve, reject) => {
        opened.once('connect', () => resolve(opened));
        opened.once('connect_error', reject);
      });
    },
    socket,
  };
}

/** An app (its owner, project, …) with the members Anna, Ben and Clara. */
export async function createChatWorld(server: TestServer, appName = 'Plauderecke') {
  const w = await createCommunityWorld(server, { appName });
  const anna = await w.join('member', { firstName: 'Anna', lastName: 'Adler' });
  const ben = await w.join('member', { firstName: 'Ben', lastName: 'Berger' });
  const clara = await w.join('member', { firstName: 'Clara', lastName: 'Conrad' });
  return { ...w, anna, ben, clara };
}
export type ChatWorld = Awaited<ReturnType<typeof createChatWorld>>;

/** The next `event` a socket hears. */
export const nextEvent = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, resolve));
