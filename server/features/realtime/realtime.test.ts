import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { recoveryWindowMs } from '../../platform/realtime.ts';
import { insertTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createCommunityWorld } from '../../test/community-world.ts';
import { addProfile, createAppWithProfile } from '../../test/workspace.ts';

/*
 * The realtime gateway (issue 16): who may connect to which rooms, events after a write, re-authentication,
 * removal and blocking, and connection-state recovery. One server, listening on a free port, for the file.
 */

let server: TestServer;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.disconnect();
  }
  await server.close();
});

type Outcome = { connected: true; socket: Socket } | { connected: false; code: string | undefined };

/** Connects with `auth` and answers whether the gateway let the socket in (or why not). */
function connect(auth: Record<string, unknown>): Promise<Outcome> {
  const socket = io(baseUrl, { path: '/ws', transports: ['websocket'], auth, reconnection: false });
  sockets.push(socket);
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

/** The payload of the next `event` on `socket`. */
function next(socket: Socket, event: string): Promise<unknown> {
  return new Promise((resolve) => socket.once(event, resolve));
}

const closed = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

async function member(app: { id: string; projectId: string }) {
  const { account } = await insertTestAccount(server);
  const profile = await addProfile(server, app, account);
  const { authorization } = await server.tokenFor(account.id);
  return { accountId: account.id, profileId: profile.id, token: authorization.slice('Bearer '.length) };
}

async function world() {
  const { account: ownerAccount } = await insertTestAccount(server);
  const { app, profile } = await createAppWithProfile(server, ownerAccount, { as: 'owner' });
  const { authorization } = await server.tokenFor(ownerAccount.id);
  return { app, owner: { profileId: profile.id, authorization }, member: await member(app) };
}

describe(`realtime gateway (${testDriver})`, () => {
  it('refuses a missing, bad or expired token, a bad app id, an unknown app and a non-member', async () => {
    const { app, member: person } = await world();
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
    const other = await world();
    expect(await connect({ token: other.member.token, appId: app.id })).toEqual({
      connected: false,
      code: 'forbidden',
    });
    // An invited person has a profile but may not read the app yet.
    const { account: invitedAccount } = await insertTestAccount(server);
    await addProfile(server, app, invitedAccount, 'invited');
    const invited = (await server.tokenFor(invitedAccount.id)).authorization.slice('Bearer '.length);
    expect(await connect({ token: invited, appId: app.id })).toEqual({ connected: false, code: 'forbidden' });
  });

  it("delivers an app's events to its members only, and a profile's to that profile only", async () => {
    const first = await world();
    const second = await world();
    const listener = await connected({ token: first.member.token, appId: first.app.id });
    const colleague = await member(first.app);
    const colleagueSocket = await connected({ token: colleague.token, appId: first.app.id });
    const stranger = await connected({ token: second.member.token, appId: second.app.id });
    const strangerHeard: unknown[] = [];
    stranger.onAny((event: string, payload: unknown) => strangerHeard.push([event, payload]));
    const colleagueHeard: unknown[] = [];
    colleagueSocket.on('notification', (payload: unknown) => colleagueHeard.push(payload));

    const heard = next(listener, 'counters');
    server.runtime.realtime.emit(`app:${first.app.id}`, 'counters', { posts: true });
    expect(await heard).toEqual({ posts: true });

    const mine = next(listener, 'notification');
    server.runtime.realtime.emit(`profile:${first.member.profileId}`, 'notification', { n: 1 });
    expect(await mine).toEqual({ n: 1 });
    // A round trip through the colleague's and the stranger's sockets: anything meant for them came first.
    server.runtime.realtime.emit(`app:${first.app.id}`, 'ping', 1);
    server.runtime.realtime.emit(`app:${second.app.id}`, 'ping', 2);
    await Promise.all([next(colleagueSocket, 'ping'), next(stranger, 'ping')]);
    expect(colleagueHeard).toEqual([]);
    expect(strangerHeard).toEqual([['ping', 2]]);
  });

  it('tells the members of an app when a post is published there', async () => {
    const community = await createCommunityWorld(server);
    const reader = await community.join();
    const socket = await connected({ token: reader.token, appId: community.app.id });
    const { id: spaceId } = await community.space('open');
    const heard = next(socket, 'counters');
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
    const { app, member: person } = await world();
    const socket = await connected({ token: person.token, appId: app.id });
    const fresh = await server.runtime.tokens.signAccessToken({
      accountId: person.accountId,
      sessionId: null,
    });
    expect(await socket.emitWithAck('auth', { token: fresh })).toMatchObject({ ok: true });
    expect(socket.connected).toBe(true);

    const other = await member(app);
    const ended = closed(socket);
    expect(await socket.emitWithAck('auth', { token: other.token })).toEqual({
      ok: false,
      code: 'forbidden',
    });
    expect(await ended).toBe('io server disconnect');
  });

  it('closes the socket when its token expires without a newer one', async () => {
    const { app, member: person } = await world();
    const shortLived = await server.runtime.tokens.signAccessToken(
      { accountId: person.accountId, sessionId: null },
      1,
    );
    const socket = await connected({ token: shortLived, appId: app.id });
    expect(await closed(socket)).toBe('io server disconnect');
  });

  it('stops delivery at once to a member who is removed or blocked; they cannot connect again', async () => {
    const { app, owner } = await world();
    const removed = await member(app);
    const blocked = await member(app);
    const removedSocket = await connected({ token: removed.token, appId: app.id });
    const blockedSocket = await connected({ token: blocked.token, appId: app.id });

    const removedEnded = closed(removedSocket);
    const removal = await server.app.inject({
      method: 'DELETE',
      url: `/api/profiles/${removed.profileId}`,
      headers: { authorization: owner.authorization },
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
      headers: { authorization: owner.authorization },
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
    const { app, member: person } = await world();
    const socket = io(baseUrl, {
      path: '/ws',
      transports: ['websocket'],
      auth: { token: person.token, appId: app.id },
      reconnectionDelay: 50,
      reconnectionDelayMax: 100,
    });
    sockets.push(socket);
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
    const { account } = await insertTestAccount(other);
    const { app } = await createAppWithProfile(other, account);
    const { authorization } = await other.tokenFor(account.id);
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/ws',
      transports: ['websocket'],
      auth: { token: authorization.slice('Bearer '.length), appId: app.id },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const ended = closed(socket);
    // Without closing the sockets first, the HTTP server would wait for them and never finish closing.
    await other.close();
    expect(['io server disconnect', 'transport close']).toContain(await ended);
  });
});
