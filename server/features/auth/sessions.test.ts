import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  caller(server).request({ method: 'POST', url, payload: payload as object, token });

describe(`sessions (${testDriver})`, () => {
  it('rotates refresh tokens; a replayed token revokes the family, legitimate holder included', async () => {
    const { refreshToken } = await signUp(server);
    const rotated = await post('/api/auth/refresh-token', { refreshToken });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().refreshToken as string;
    expect(next).not.toBe(refreshToken);

    const replay = await post('/api/auth/refresh-token', { refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_REFRESH_TOKEN');
    expect((await post('/api/auth/refresh-token', { refreshToken: next })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { refreshToken: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('returns the identity for a session and 401 without one', async () => {
    const { accessToken, account } = await signUp(server);
    expect((await caller(server).request({ method: 'GET', url: '/api/auth/identity' })).statusCode).toBe(401);
    const identity = await caller(server).request({
      method: 'GET',
      url: '/api/auth/identity',
      token: accessToken,
    });
    expect(identity.json()).toEqual({
      account: expect.objectContaining({ id: account.id, isPasswordSet: false, language: 'de' }),
      profile: null,
    });
    expect(JSON.stringify(identity.json())).not.toContain('passwordHash');
  });

  it('adds the caller’s profile in an app when asked, and null where there is none', async () => {
    const anna = await signUp(server);
    const ben = await signUp(server);
    const { app } = await createAppWithProfile(server, anna.account);
    const own = await caller(server).request({
      method: 'GET',
      url: `/api/auth/identity?appId=${app.id}`,
      token: anna.accessToken,
    });
    expect(own.json()).toMatchObject({
      account: { id: anna.account.id },
      profile: { appId: app.id, type: 'member' },
    });
    const stranger = await caller(server).request({
      method: 'GET',
      url: `/api/auth/identity?appId=${app.id}`,
      token: ben.accessToken,
    });
    expect(stranger.json()).toMatchObject({ account: { id: ben.account.id }, profile: null });
    const bad = await caller(server).request({
      method: 'GET',
      url: '/api/auth/identity?appId=nope',
      token: ben.accessToken,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('ends the session on logout', async () => {
    const { accessToken, refreshToken } = await signUp(server);
    const logout = await post('/api/auth/logout', undefined, accessToken);
    expect(logout.statusCode).toBe(204);
    expect((await post('/api/auth/refresh-token', { refreshToken })).statusCode).toBe(401);
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(401);
  });

  it('hands a session to another host once through a stash code', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    expect(
      (await post('/api/stash', { refreshToken: owner.refreshToken, accessToken: owner.accessToken }))
        .statusCode,
    ).toBe(401);
    const foreign = await post(
      '/api/stash',
      { refreshToken: owner.refreshToken, accessToken: other.accessToken },
      other.accessToken,
    );
    expect(foreign.statusCode).toBe(400);

    const stashed = await post(
      '/api/stash',
      { refreshToken: owner.refreshToken, accessToken: owner.accessToken },
      owner.accessToken,
    );
    expect(stashed.statusCode).toBe(200);
    expect(stashed.json().expiresIn).toBe(60);
    const { code } = stashed.json();
    const taken = await caller(server).request({ method: 'GET', url: `/api/stash/${code}` });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().account.id).toBe(owner.account.id);
    expect(taken.json().refreshToken).not.toBe(owner.refreshToken);
    const twice = await caller(server).request({ method: 'GET', url: `/api/stash/${code}` });
    expect(twice.json().code).toBe('INVALID_STASH_CODE');
  });

  it('refuses a stash code whose session ended before it was redeemed', async () => {
    const owner = await signUp(server);
    const { code } = (
      await post(
        '/api/stash',
        { refreshToken: owner.refreshToken, accessToken: owner.accessToken },
        owner.accessToken,
      )
    ).json();
    expect((await post('/api/auth/logout', undefined, owner.accessToken)).statusCode).toBe(204);
    const taken = await caller(server).request({ method: 'GET', url: `/api/stash/${code}` });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe('INVALID_STASH_CODE');
  });

  it('lets a stash code expire after 60 seconds', async () => {
    const owner = await signUp(server);
    const { code } = (
      await post(
        '/api/stash',
        { refreshToken: owner.refreshToken, accessToken: owner.accessToken },
        owner.accessToken,
      )
    ).json();
    await server.runtime.database.db.execute(
      sql`update stash_codes set expires_at = now() - interval '1 second'`,
    );
    expect((await caller(server).request({ method: 'GET', url: `/api/stash/${code}` })).statusCode).toBe(400);
  });
});
