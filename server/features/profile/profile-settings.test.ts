import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { caller, latestCodeFor, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile, createCustomField } from '../../test/workspace.ts';
import { findPushToken } from './profile.repo.ts';

// Deletion, notifications, logout and push tokens; 401 and 404 for these calls are in profile.test.ts.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, token?: string, payload?: object) =>
  caller(server).request({ method, url, token, ...(payload ? { payload } : {}) });
const password = 'Mitglied-Passwort-1';

/** A member who also signed in on the app's host: that session is bound to the app. */
async function memberWithAppSession(options: { as?: 'member' | 'owner' } = {}) {
  const session = await signUp(server, { password });
  const { app, profile } = await createAppWithProfile(server, session.account, {
    as: options.as ?? 'member',
  });
  const signIn = await call('POST', '/api/auth/by-password', undefined, {
    login: session.email,
    type: 'email',
    password,
    appId: app.id,
  });
  expect(signIn.statusCode).toBe(200);
  const appSession = signIn.json<{ accessToken: string; refreshToken: string }>();
  return { ...session, app, profile, appSession, base: `/api/apps/${app.id}` };
}
const refreshes = async (refreshToken: string) =>
  (await call('POST', '/api/auth/refresh-token', undefined, { refreshToken })).statusCode === 200;

describe(`profile deletion (${testDriver})`, () => {
  it('refuses bad input and the app owner', async () => {
    const anna = await memberWithAppSession();
    expect(
      (await call('POST', `${anna.base}/profile/delete/confirm/send?resend=maybe`, anna.accessToken)).json()
        .errors,
    ).toEqual({ resend: 'validation.invalidValue' });
    expect(
      (await call('POST', `${anna.base}/profile/delete`, anna.accessToken, { code: 'abc' })).json().errors,
    ).toEqual({ code: 'validation.code' });
    expect(
      (
        await call('POST', `${anna.base}/profile/delete`, anna.accessToken, { code: '123456', reason: 'x' })
      ).json().errors,
    ).toEqual({ reason: 'validation.unknownField' });
    expect((await call('POST', `${anna.base}/profile/delete`, anna.accessToken, {})).json().errors).toEqual({
      code: 'validation.required',
    });

    const owner = await memberWithAppSession({ as: 'owner' });
    expect(
      (await call('POST', `${owner.base}/profile/delete/confirm/send`, owner.accessToken)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `${owner.base}/profile/delete`, owner.accessToken, { code: '123456' })).statusCode,
    ).toBe(403);
    expect(await mailCountOf(owner.email)).toBe(0);
  });

  it('deletes the profile with the mailed code: the account and other apps stay, app sessions end', async () => {
    const anna = await memberWithAppSession();
    const elsewhere = await createAppWithProfile(server, anna.account);
    await call('POST', `${anna.base}/tokens`, anna.accessToken, { token: 'push-1', deviceId: 'phone-1' });
    const size = await createCustomField(server, anna.app, { type: 'select', options: ['S', 'M'] });
    const filled = await call('PATCH', `${anna.base}/profile`, anna.accessToken, {
      bio: 'Über mich',
      phone: '+49 30 1234',
      customFields: { [size.id]: 'M' },
    });
    expect(filled.json()).toMatchObject({ bio: 'Über mich', customFields: { [size.id]: 'M' } });

    const sent = await call('POST', `${anna.base}/profile/delete/confirm/send`, anna.accessToken);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().limits).toMatchObject({ codeCheckLimit: 5, codeCheckRemaining: 5 });
    const [mail] = await listOutbox(server.runtime.database.db, { to: anna.email, limit: 1 });
    expect(mail).toMatchObject({ template: 'profile-deletion-code', projectId: anna.app.projectId });
    expect(mail!.text).toContain(anna.app.name);

    const wrong = await call('POST', `${anna.base}/profile/delete`, anna.accessToken, { code: '000000' });
    expect(wrong.json().code).toMatch(/INVALID_CODE|CODE_CHECK_LIMIT/);
    const done = await call('POST', `${anna.base}/profile/delete`, anna.accessToken, {
      prefix: '',
      code: await latestCodeFor(server, anna.email),
    });
    expect(done.statusCode).toBe(204);

    expect((await call('GET', `${anna.base}/profile`, anna.accessToken)).statusCode).toBe(404);
    const [row] = await server.runtime.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, anna.profile.id));
    expect(row).toMatchObject({ bio: '', phone: '', customFields: {}, type: 'member' });
    expect(row!.deletedAt).not.toBeNull();
    expect(await refreshes(anna.appSession.refreshToken)).toBe(false);
    expect(await refreshes(anna.refreshToken)).toBe(true);
    expect(await findPushToken(server.runtime.database.db, anna.app.id, 'phone-1')).toBeUndefined();
    expect((await call('GET', '/api/auth/identity', anna.accessToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/apps/${elsewhere.app.id}/profile`, anna.accessToken)).statusCode).toBe(
      200,
    );
    // The same person can join the app again later: a new profile, not the old one.
    const again = await addProfile(server, anna.app, anna.account);
    expect((await call('GET', `${anna.base}/profile`, anna.accessToken)).json().id).toBe(again.id);
  });

  it('does not delete a profile with a code mailed for another app', async () => {
    const anna = await memberWithAppSession();
    const other = await createAppWithProfile(server, anna.account);
    await call('POST', `${anna.base}/profile/delete/confirm/send`, anna.accessToken);
    const code = await latestCodeFor(server, anna.email);
    const misused = await call('POST', `/api/apps/${other.app.id}/profile/delete`, anna.accessToken, {
      code,
    });
    expect(misused.statusCode).toBe(400);
    expect(misused.json().code).toBe('40000');
    expect((await call('GET', `/api/apps/${other.app.id}/profile`, anna.accessToken)).statusCode).toBe(200);
    expect((await call('GET', `${anna.base}/profile`, anna.accessToken)).statusCode).toBe(200);
  });
});

async function mailCountOf(to: string) {
  return (await listOutbox(server.runtime.database.db, { to, limit: 100 })).filter(
    (mail) => mail.template === 'profile-deletion-code',
  ).length;
}

describe(`profile notifications (${testDriver})`, () => {
  it('lists every known action with its mail and push flags', async () => {
    const anna = await memberWithAppSession();
    const response = await call('GET', `${anna.base}/profile/notifications`, anna.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isPushEnabled: true, isEmailEnabled: true });
    expect(response.json().list).toEqual(
      ['new_post', 'post_like', 'new_comment', 'mentions', 'event_starts', 'new_message'].map((type) => ({
        type,
        email: true,
        push: true,
      })),
    );
  });

  it('refuses unknown actions and fields', async () => {
    const anna = await memberWithAppSession();
    const url = `${anna.base}/profile/notifications`;
    expect(
      (await call('PATCH', url, anna.accessToken, { emailActions: ['new_post', 'lottery'] })).json().errors,
    ).toEqual({ 'emailActions.1': 'validation.invalidValue' });
    expect((await call('PATCH', url, anna.accessToken, { isPushEnabled: 'yes' })).json().errors).toEqual({
      isPushEnabled: 'validation.invalidType',
    });
    expect((await call('PATCH', url, anna.accessToken, { list: [] })).json().errors).toEqual({
      list: 'validation.unknownField',
    });
  });

  it('stores the settings of this app only, without repeats', async () => {
    const anna = await memberWithAppSession();
    const other = await createAppWithProfile(server, anna.account);
    const response = await call('PATCH', `${anna.base}/profile/notifications`, anna.accessToken, {
      isEmailEnabled: false,
      emailActions: ['mentions', 'new_post', 'mentions'],
      pushActions: [],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isPushEnabled: true,
      isEmailEnabled: false,
      emailActions: ['new_post', 'mentions'],
      pushActions: [],
    });
    expect(response.json().list[0]).toEqual({ type: 'new_post', email: true, push: false });
    expect(response.json().list[1]).toEqual({ type: 'post_like', email: false, push: false });
    expect((await call('GET', `${anna.base}/profile`, anna.accessToken)).json().notifications).toEqual({
      isPushEnabled: true,
      isEmailEnabled: false,
      emailActions: ['new_post', 'mentions'],
      pushActions: [],
      emailDigest: 'weekly',
    });
    expect(
      (await call('GET', `/api/apps/${other.app.id}/profile/notifications`, anna.accessToken)).json()
        .isEmailEnabled,
    ).toBe(true);
  });
});

describe(`app logout and push tokens (${testDriver})`, () => {
  it('refuses bad device input', async () => {
    const anna = await memberWithAppSession();
    expect(
      (await call('POST', `${anna.base}/logout`, anna.accessToken, { deviceId: '' })).json().errors,
    ).toEqual({ deviceId: 'validation.required' });
    expect(
      (await call('POST', `${anna.base}/logout`, anna.accessToken, { deviceId: 'd', all: true })).json()
        .errors,
    ).toEqual({ all: 'validation.unknownField' });
    expect(
      (await call('POST', `${anna.base}/tokens`, anna.accessToken, { token: '' })).json().errors,
    ).toEqual({ token: 'validation.required', deviceId: 'validation.required' });
  });

  it('registers one token per device, moving it to whoever signed in on it last', async () => {
    const anna = await memberWithAppSession();
    const db = server.runtime.database.db;
    expect(
      (await call('POST', `${anna.base}/tokens`, anna.accessToken, { token: 'push-a', deviceId: 'tablet' }))
        .statusCode,
    ).toBe(204);
    await call('POST', `${anna.base}/tokens`, anna.accessToken, { token: 'push-b', deviceId: 'tablet' });
    expect(await findPushToken(db, anna.app.id, 'tablet')).toMatchObject({
      accountId: anna.account.id,
      projectId: anna.app.projectId,
      token: 'push-b',
    });

    const ben = await signUp(server);
    await addProfile(server, anna.app, ben.account);
    await call('POST', `${anna.base}/tokens`, ben.accessToken, { token: 'push-c', deviceId: 'tablet' });
    expect(await findPushToken(db, anna.app.id, 'tablet')).toMatchObject({
      accountId: ben.account.id,
      token: 'push-c',
    });
    // Anna's logout from that device no longer touches Ben's token.
    await call('POST', `${anna.base}/logout`, anna.accessToken, { deviceId: 'tablet' });
    expect(await findPushToken(db, anna.app.id, 'tablet')).toMatchObject({ accountId: ben.account.id });
  });

  it('ends the calling session and forgets the device’s token', async () => {
    const anna = await memberWithAppSession();
    await call('POST', `${anna.base}/tokens`, anna.appSession.accessToken, {
      token: 'push-1',
      deviceId: 'phone',
    });
    const response = await call('POST', `${anna.base}/logout`, anna.appSession.accessToken, {
      deviceId: 'phone',
    });
    expect(response.statusCode).toBe(204);
    expect(await refreshes(anna.appSession.refreshToken)).toBe(false);
    expect(await refreshes(anna.refreshToken)).toBe(true);
    expect(await findPushToken(server.runtime.database.db, anna.app.id, 'phone')).toBeUndefined();
    // Without a body (no device) only the session ends.
    const bare = await caller(server).request({
      method: 'POST',
      url: `${anna.base}/logout`,
      token: anna.accessToken,
    });
    expect(bare.statusCode).toBe(204);
  });
});
