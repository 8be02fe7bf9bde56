import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/index.ts';
import { caller, latestCodeFor, signUp, uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, token?: string, payload?: object) =>
  caller(server).request({ method, url, token, ...(payload ? { payload } : {}) });

describe(`account (${testDriver})`, () => {
  it('answers 401 to every account call without a session', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/user'],
      ['PATCH', '/api/user/password'],
      ['PATCH', '/api/user/mark-as-deleted'],
      ['GET', '/api/user/frontend-settings'],
      ['PATCH', '/api/user/frontend-settings'],
      ['PATCH', '/api/user/contact'],
      ['PATCH', '/api/user/contact/confirm'],
    ] as const) {
      expect((await call(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('updates only the caller’s own names, language and time zone', async () => {
    const anna = await signUp(server);
    const ben = await signUp(server);
    const response = await call('PATCH', '/api/user', anna.accessToken, {
      firstName: ' Anne ',
      language: 'en',
      timezone: 'America/New_York',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: anna.account.id,
      firstName: 'Anne',
      language: 'en',
      timezone: 'America/New_York',
    });
    const benNow = await call('GET', '/api/auth/identity', ben.accessToken);
    expect(benNow.json().account).toMatchObject({ firstName: 'Anna', language: 'de' });
  });

  it('refuses bad account input with validation keys', async () => {
    const { accessToken } = await signUp(server);
    const bad = await call('PATCH', '/api/user', accessToken, {
      firstName: '',
      timezone: 'Mars/Olympus',
      email: 'x@y.de',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      firstName: 'validation.required',
      email: 'validation.unknownField',
    });
    const zone = await call('PATCH', '/api/user', accessToken, { timezone: 'Mars/Olympus' });
    expect(zone.json().errors).toEqual({ timezone: 'validation.invalidValue' });
  });

  it('changes the password: current one required when set, other sessions end, this one stays', async () => {
    const first = await signUp(server, { password: 'Erstes-Passwort-1' });
    const second = await caller(server).request({
      method: 'POST',
      url: '/api/auth/by-password',
      payload: { login: first.email, type: 'email', password: 'Erstes-Passwort-1' },
    });
    const other = second.json();
    const wrong = await call('PATCH', '/api/user/password', first.accessToken, {
      currentPassword: 'nope',
      password: 'Zweites-Passwort-2',
      passwordConfirmation: 'Zweites-Passwort-2',
    });
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    const mismatch = await call('PATCH', '/api/user/password', first.accessToken, {
      currentPassword: 'Erstes-Passwort-1',
      password: 'Zweites-Passwort-2',
      passwordConfirmation: 'x',
    });
    expect(mismatch.json().errors).toEqual({ passwordConfirmation: 'validation.confirmPassword' });
    const short = await call('PATCH', '/api/user/password', first.accessToken, {
      currentPassword: 'Erstes-Passwort-1',
      password: 'kurz',
      passwordConfirmation: 'kurz',
    });
    expect(short.json().errors).toEqual({ password: 'validation.validateMinLength' });

    const done = await call('PATCH', '/api/user/password', first.accessToken, {
      currentPassword: 'Erstes-Passwort-1',
      password: 'Zweites-Passwort-2',
      passwordConfirmation: 'Zweites-Passwort-2',
    });
    expect(done.statusCode).toBe(204);
    expect(
      (await call('POST', '/api/auth/refresh-token', undefined, { refreshToken: other.refreshToken }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/refresh-token', undefined, { refreshToken: first.refreshToken }))
        .statusCode,
    ).toBe(200);
  });

  it('sets a first password without asking for a current one', async () => {
    const { accessToken, email } = await signUp(server);
    const response = await call('PATCH', '/api/user/password', accessToken, {
      password: 'Neues-Passwort-9',
      passwordConfirmation: 'Neues-Passwort-9',
    });
    expect(response.statusCode).toBe(204);
    const signIn = await caller(server).request({
      method: 'POST',
      url: '/api/auth/by-password',
      payload: { login: email, type: 'email', password: 'Neues-Passwort-9' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('deletes the account: anonymised, signed out everywhere, and unable to sign in again', async () => {
    const { accessToken, refreshToken, email, account } = await signUp(server, {
      password: 'Loesch-Passwort-1',
    });
    expect((await call('PATCH', '/api/user/mark-as-deleted', accessToken)).statusCode).toBe(204);
    const [row] = await server.runtime.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row).toMatchObject({ firstName: '', lastName: '', passwordHash: null });
    expect(row!.email).not.toContain(email);
    expect(row!.deletedAt).not.toBeNull();
    expect((await call('POST', '/api/auth/refresh-token', undefined, { refreshToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/identity', accessToken)).statusCode).toBe(401);
    const signIn = await caller(server).request({
      method: 'POST',
      url: '/api/auth/by-password',
      payload: { login: email, type: 'email', password: 'Loesch-Passwort-1' },
    });
    expect(signIn.json().code).toBe('INVALID_CREDENTIALS');
    // The address is free again: a new sign-up makes a new account.
    const again = await signUp(server, { email });
    expect(again.account.id).not.toBe(account.id);
  });

  it('lists time zones as code and UTC offset', async () => {
    const response = await call('GET', '/api/timezones');
    expect(response.statusCode).toBe(200);
    const zones = response.json().data as { tzCode: string; utc: string }[];
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContainEqual({ tzCode: 'Europe/Berlin', utc: expect.stringMatching(/^\+0[12]:00$/) });
    expect(zones.filter((zone) => zone.utc === '+05:30').length).toBeGreaterThan(0);
  });

  it('merges front-end flags per account; null removes one', async () => {
    const anna = await signUp(server);
    const ben = await signUp(server);
    expect((await call('GET', '/api/user/frontend-settings', anna.accessToken)).json()).toEqual({
      flags: {},
    });
    await call('PATCH', '/api/user/frontend-settings', anna.accessToken, {
      flags: { cloudView: 'grid', tour: true },
    });
    const merged = await call('PATCH', '/api/user/frontend-settings', anna.accessToken, {
      flags: { tour: null, sidebar: 2 },
    });
    expect(merged.json()).toEqual({ flags: { cloudView: 'grid', sidebar: 2 } });
    expect((await call('GET', '/api/user/frontend-settings', ben.accessToken)).json()).toEqual({ flags: {} });
    const bad = await call('PATCH', '/api/user/frontend-settings', anna.accessToken, {
      flags: { nested: { deep: true } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('changes the e-mail only after the code sent to the new address comes back', async () => {
    const anna = await signUp(server);
    const taken = await signUp(server);
    const newEmail = uniqueEmail('neu');
    const started = await call('PATCH', '/api/user/contact', anna.accessToken, {
      field: 'email',
      value: newEmail,
    });
    expect(started.statusCode).toBe(200);
    const code = await latestCodeFor(server, newEmail);
    const wrongCaller = await call('PATCH', '/api/user/contact/confirm', taken.accessToken, {
      field: 'email',
      login: newEmail,
      code,
    });
    expect(wrongCaller.statusCode).toBe(400);

    // The other person's try used that code up (codes are single-use); after the resend pause a new one comes.
    await server.runtime.database.db.execute(
      sql`update auth_codes set send_again_at = now() - interval '1 second' where login = ${newEmail}`,
    );
    await call('PATCH', '/api/user/contact?resend=true', anna.accessToken, {
      field: 'email',
      value: newEmail,
    });
    const confirm = await call('PATCH', '/api/user/contact/confirm', anna.accessToken, {
      field: 'email',
      login: newEmail,
      code: await latestCodeFor(server, newEmail),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().email).toBe(newEmail);

    const clash = await call('PATCH', '/api/user/contact', anna.accessToken, {
      field: 'email',
      value: taken.email,
    });
    expect(clash.statusCode).toBe(200);
    const clashConfirm = await call('PATCH', '/api/user/contact/confirm', anna.accessToken, {
      field: 'email',
      login: taken.email,
      code: await latestCodeFor(server, taken.email),
    });
    expect(clashConfirm.statusCode).toBe(409);
  });

  it('counts password attempts per account: the seventh in a minute is 429, other accounts go on', async () => {
    const anna = await signUp(server, { password: 'Erstes-Passwort-1' });
    const ben = await signUp(server, { password: 'Erstes-Passwort-1' });
    const guess = (token: string) =>
      call('PATCH', '/api/user/password', token, {
        currentPassword: 'geraten',
        password: 'Zweites-Passwort-2',
        passwordConfirmation: 'Zweites-Passwort-2',
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push((await guess(anna.accessToken)).statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(statuses[6]).toBe(429);
    expect((await guess(ben.accessToken)).statusCode).toBe(400);
  });
});
