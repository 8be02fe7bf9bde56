import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { recoveryWindowMs } from '../../platform/realtime.ts';
import { createChatWorld, nextEvent, useChatTestServer } from '../../test/chat-world.ts';
import { createCommunityWorld, createOutsider } from '../../test/community-world.ts';
import { createTestServer, testDriver } from '../../test/test-server.ts';

/*
 * The realtime gateway (issue 16): who may connect to which rooms, events after a write, re-authentication,
 * removal and blocking, and connection-state recovery. One server, listening on a free port, for the file; an
 * app with its owner and the members Anna, Ben and Clara per test.
 */

const chat = useChatTestServer({ listen: true });

type Outcome = { connected: true; socket: Socket } | { connected: false; code: string | undefined };

/** Connects with `auth` and answers whether the gateway let the socket in (or why not). */
function connect(auth: Record<string, unknown>): Promise<Outcome> {
  const socket = chat.socket(auth);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ connected: true, socket }));
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
      resolve({ connected: false, code: error.data?.code }),
    );
  });
}

async function connected(auth: Record<string, unknown>): Promise<Socket> {
  const outcome = await connect(auth);
  if (!outcome.connected) {
    throw new Error(`expected the socket to connect, refused with ${outcome.code}`);
  }
  return outcome.socket;
}

const closed = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

const world = () => createChatWorld(chat.server());

describe(`realtime gateway (${testDriver})`, () => {
  it('refuses a missing, bad or expired token, a bad app id, an unknown app and a non-member', async () => {
    const server = chat.server();
    const { app, anna: person, join } = await world();
    expect(await connect({ appId: app.id })).toEqual({ connected: false, code: 'unauthorized' });
    expect(await connect({ token: 'not-a-jwt', appId: app.id })).toEqual({
      connected: false,
      code: 'unauthorized',
    });
    const expired = await server.runtime.tokens.signAccessToken(
      { accountId: person.accountId, sessionId: null },
      -60,
    );
    expect(await connect({ token: expired, appId: app.id })).toEqual({
      connected: false,
      code: 'unauthorized',
    });
    expect(await connect({ token: person.token, appId: 'app-1' })).toEqual({
      connected: false,
      code: 'bad_request',
    });
    expect(await connect({ token: person.token, appId: newId() })).toEqual({
      connected: false,
      code: 'not_found',
    });
    // Another project's member: no profile in this app.
    const other = await createOutsider(server);
    expect(await connect({ token: other.token, appId: app.id })).toEqual({
      connected: false,
      code: 'forbidden',
    });
    // An invited person has a profile but may not read the app yet.
    const invited = await join('invited');
    expect(await connect({ token: invited.token, appId: app.id })).toEqual({
      connected: false,
      code: 'forbidden',
    });
  });

  it("delivers an app's events to its members only, and a profile's to that profile only", async () => {
    const server = chat.server();
    const first = await world();
    const second = await world();
    const listener = await connected({ token: first.anna.token, appId: first.app.id });
    const colleagueSocket = await connected({ token: first.ben.token, appId: first.app.id });
    const stranger = await connected({ token: second.anna.token, appId: second.app.id });
    const strangerHeard: unknown[] = [];
    stranger.onAny((event: string, payload: unknown) => strangerHeard.push([event, payload]));
    const colleagueHeard: unknown[] = [];
    colleagueSocket.on('notification', (payload: unknown) => colleagueHeard.push(payload));

    const heard = nextEvent(listener, 'counters');
    server.runtime.realtime.emit(`app:${first.app.id}`, 'counters', { posts: true });
    expect(await heard).toEqual({ posts: true });

    const mine = nextEvent(listener, 'notification');
    server.runtime.realtime.emit(`profile:${first.anna.profileId}`, 'notification', { n: 1 });
    expect(await mine).toEqual({ n: 1 });
    // A round trip through the colleague's and the stranger's sockets: anything meant for them came first.
    server.runtime.realtime.emit(`app:${first.app.id}`, 'ping', 1);
    server.runtime.realtime.emit(`app:${second.app.id}`, 'ping', 2);
    await Promise.all([nextEvent(colleagueSocket, 'ping'), nextEvent(stranger, 'ping')]);
    expect(colleagueHeard).toEqual([]);
    expect(strangerHeard).toEqual([['ping', 2]]);
  });

  it('tells the members of an app when a post is published there', async () => {
    const server = chat.server();
    const community = await createCommunityWorld(server);
    const reader = await community.join();
    const socket = await connected({ token: reader.token, appId: community.app.id });
    const { id: spaceId } = await community.space('open');
    const heard = nextEvent(socket, 'counters');
    const post = await server.app.inject({
      method: 'POST',
      url: `/api/spaces/${spaceId}/posts`,
      headers: { authorization: community.owner.auth },
      payload: { name: 'Willkommen', body: '<p>Hallo</p>' },
    });
    expect(post.statusCode).toBe(201);
    expect(await heard).toEqual({ posts: true });
  });

  it('keeps a socket open with a newer token of the same person, and closes it for another person', async () => {
    const { app, anna: person, ben: other } = await world();
    const socket = await connected({ token: person.token, appId: app.id });
    const fresh = await chat.server().runtime.tokens.signAccessToken({
      accountId: person.accountId,
      sessionId: null,
    });
    expect(await socket.emitWithAck('auth', { token: fresh })).toMatchObject({ ok: true });
    expect(socket.connected).toBe(true);

    const ended = closed(socket);
    expect(await socket.emitWithAck('auth', { token: other.token })).toEqual({
      ok: false,
      code: 'forbidden',
    });
    expect(await ended).toBe('io server disconnect');
  });

  it('closes the socket when its token expires without a newer one', async () => {
    const { app, anna: person } = await world();
    const shortLived = await chat
      .server()
      // Two seconds: `exp` is whole seconds, so a one-second token may be valid for only a few milliseconds.
      .runtime.tokens.signAccessToken({ accountId: person.accountId, sessionId: null }, 2);
    const socket = await connected({ token: shortLived, appId: app.id });
    expect(await closed(socket)).toBe('io server disconnect');
  });

  it('stops delivery at once to a member who is removed or blocked; they cannot connect again', async () => {
    const server = chat.server();
    const { app, owner, anna: removed, ben: blocked } = await world();
    const removedSocket = await connected({ token: removed.token, appId: app.id });
    const blockedSocket = await connected({ token: blocked.token, appId: app.id });

    const removedEnded = closed(removedSocket);
    const removal = await server.app.inject({
      method: 'DELETE',
      url: `/api/profiles/${removed.profileId}`,
      headers: { authorization: owner.auth },
    });
    expect(removal.statusCode).toBe(204);
    expect(await removedEnded).toBe('io server disconnect');
    expect(await connect({ token: removed.token, appId: app.id })).toEqual({
      connected: false,
      code: 'forbidden',
    });

    const blockedEnded = closed(blockedSocket);
    const block = await server.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${blocked.profileId}`,
      headers: { authorization: owner.auth },
      payload: { isBlocked: true },
    });
    expect(block.statusCode).toBe(200);
    expect(await blockedEnded).toBe('io server disconnect');
    expect(await connect({ token: blocked.token, appId: app.id })).toEqual({
      connected: false,
      code: 'forbidden',
    });
  });

  it(`gives a socket that comes back within ${recoveryWindowMs / 60_000} minutes what it missed, in order, once`, async () => {
    const server = chat.server();
    const { app, anna: person } = await world();
    const socket = chat.socket(
      { token: person.token, appId: app.id },
      { reconnection: true, reconnectionDelay: 50, reconnectionDelayMax: 100 },
    );
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const received: unknown[] = [];
    let counted: { count: number; resolve: () => void } | undefined;
    socket.on('counters', (payload: unknown) => {
      received.push(payload);
      if (counted && received.length >= counted.count) {
        counted.resolve();
      }
    });
    const receivedUpTo = (count: number) =>
      new Promise<void>((resolve) => {
        counted = { count, resolve };
        if (received.length >= count) {
          resolve();
        }
      });
    server.runtime.realtime.emit(`app:${app.id}`, 'counters', { n: 1 });
    await receivedUpTo(1);

    // The connection drops (as in a tunnel); two events go out while it is away.
    const dropped = closed(socket);
    socket.io.engine.close();
    await dropped;
    server.runtime.realtime.emit(`app:${app.id}`, 'counters', { n: 2 });
    server.runtime.realtime.emit(`app:${app.id}`, 'counters', { n: 3 });
    const back = await new Promise<boolean>((resolve) =>
      socket.once('connect', () => resolve(socket.recovered)),
    );
    expect(back).toBe(true);
    server.runtime.realtime.emit(`app:${app.id}`, 'counters', { n: 4 });
    await receivedUpTo(4);
    expect(received).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
  });

  it('closes its sockets when the server shuts down, instead of waiting for them', async () => {
    const other = await createTestServer();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const address = other.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { app, anna } = await createChatWorld(other);
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/ws',
      transports: ['websocket'],
      auth: { token: anna.token, appId: app.id },
      reconnection: false,
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const ended = closed(socket);
    // Without closing the sockets first, the HTTP server would wait for them and never finish closing.
    await other.close();
    expect(['io server disconnect', 'transport close']).toContain(await ended);
  });
});
