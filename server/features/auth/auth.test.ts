import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, authCodes } from '../../db/schema/index.ts';
import {
  caller,
  insertTestAccount,
  latestCodeFor,
  mailCount,
  signUp,
  uniqueEmail,
} from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  caller(server).request({ method: 'POST', url, payload: payload as object, token });

describe(`sign-in by code (${testDriver})`, () => {
  it('answers known and unknown addresses alike, and mails only the known one', async () => {
    const { email } = await signUp(server);
    const stranger = uniqueEmail('nobody');
    const known = await post('/api/auth/send-code', { login: email, type: 'email' });
    const unknown = await post('/api/auth/send-code', { login: stranger, type: 'email' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({
      limits: { sendAgainAfter: 60, codeExpired: 600, codeCheckLimit: 5, codeCheckRemaining: 5 },
    });
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount(server, stranger)).toBe(0);
    expect(await latestCodeFor(server, email)).toMatch(/^\d{6}$/);
  });

  it('rejects a malformed address and code with validation keys', async () => {
    const response = await post('/api/auth/send-code', { login: 'abc@', type: 'email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ login: 'validation.email' });
    const badCode = await post('/api/auth/check-code', { login: uniqueEmail(), type: 'email', code: '12ab' });
    expect(badCode.json().errors).toEqual({ code: 'validation.code' });
  });

  it('signs in with the mailed code once, and stores only a hash of it', async () => {
    const { email, account } = await signUp(server);
    await post('/api/auth/send-code', { login: email, type: 'email' });
    const code = await latestCodeFor(server, email);
    const [row] = await server.runtime.database.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.login, email))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const response = await post('/api/auth/check-code', {
      login: email.toUpperCase(),
      type: 'email',
      code,
      isRemember: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isRemember: false, account: { id: account.id, email } });
    const again = await post('/api/auth/check-code', { login: email, type: 'email', code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('40000');
  });

  it('counts wrong codes down and stops at the check limit, even for the right code', async () => {
    const { email } = await insertTestAccount(server);
    await post('/api/auth/send-code', { login: email, type: 'email' });
    const code = await latestCodeFor(server, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const remaining: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await post('/api/auth/check-code', { login: email, type: 'email', code: wrong });
      expect(response.json().code).toBe('INVALID_CODE');
      remaining.push(response.json().details.limits.codeCheckRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1]);
    const fifth = await post('/api/auth/check-code', { login: email, type: 'email', code: wrong });
    expect(fifth.json()).toMatchObject({
      code: 'CODE_CHECK_LIMIT',
      details: { limits: { codeCheckRemaining: 0 } },
    });
    const right = await post('/api/auth/check-code', { login: email, type: 'email', code });
    expect(right.json().code).toBe('CODE_CHECK_LIMIT');
  });

  it('refuses an expired code and a resend inside the pause, with the limits', async () => {
    const { email } = await signUp(server);
    await post('/api/auth/send-code', { login: email, type: 'email' });
    const early = await post('/api/auth/send-code?resend=true', { login: email, type: 'email' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: 'SEND_AGAIN_LATER',
      details: { limits: { sendAgainAfter: expect.any(Number) } },
    });
    expect(early.json().details.limits.sendAgainAfter).toBeGreaterThan(50);
    // Going back to the login step inside the pause sends nothing new and shows the same limits.
    const mails = await mailCount(server, email);
    expect((await post('/api/auth/send-code', { login: email, type: 'email' })).statusCode).toBe(200);
    expect(await mailCount(server, email)).toBe(mails);

    const code = await latestCodeFor(server, email);
    await server.runtime.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000), sendAgainAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.login, email));
    const expired = await post('/api/auth/check-code', { login: email, type: 'email', code });
    expect(expired.json()).toMatchObject({ code: 'CODE_EXPIRED', details: { limits: { codeExpired: 0 } } });
    const resent = await post('/api/auth/send-code?resend=true', { login: email, type: 'email' });
    expect(resent.statusCode).toBe(200);
    expect(await mailCount(server, email)).toBe(mails + 1);
  });

  it('answers 429 after 6 attempts a minute for one login, whatever the IP', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push(
        (await post('/api/auth/by-password', { login: email, type: 'email', password: 'wrong-password' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(statuses[6]).toBe(429);
  });

  it('answers 429 after 6 attempts a minute from one IP, whatever the login', async () => {
    const client = caller(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await client.request({
        method: 'POST',
        url: '/api/auth/by-password',
        payload: { login: uniqueEmail(), type: 'email', password: 'x' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses[6]).toBe(429);
  });
});

describe(`sign-up and password (${testDriver})`, () => {
  it('creates the account with an argon2id hash and signs in with the password', async () => {
    const { email, account } = await signUp(server, { password: 'Sommer-2026!' });
    const [row] = await server.runtime.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.emailVerifiedAt).not.toBeNull();
    const wrong = await post('/api/auth/by-password', {
      login: email,
      type: 'email',
      password: 'Winter-2026!',
    });
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'errors.INVALID_CREDENTIALS' });
    const unknown = await post('/api/auth/by-password', {
      login: uniqueEmail(),
      type: 'email',
      password: 'Sommer-2026!',
    });
    expect(unknown.json()).toEqual(wrong.json());
    const right = await post('/api/auth/by-password', {
      login: email,
      type: 'email',
      password: 'Sommer-2026!',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().account).toMatchObject({ id: account.id, isPasswordSet: true, firstName: 'Anna' });
  });

  it('checks the sign-up code without using it, and refuses a form with mismatched passwords', async () => {
    const email = uniqueEmail();
    await post('/api/signup/send-code', { login: email, type: 'email' });
    const code = await latestCodeFor(server, email);
    const check = await post('/api/signup/check-code', { login: email, type: 'email', code });
    expect(check.json()).toMatchObject({ valid: true, limits: { codeCheckRemaining: 4 } });
    const mismatch = await post('/api/signup', {
      login: email,
      type: 'email',
      code,
      firstName: 'A',
      lastName: 'B',
      password: 'abcdefgh1',
      passwordConfirmation: 'abcdefgh2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ passwordConfirmation: 'validation.confirmPassword' });
    const missing = await post('/api/signup', {
      login: email,
      type: 'email',
      code,
      firstName: '',
      lastName: 'B',
    });
    expect(missing.json().errors).toMatchObject({ firstName: 'validation.required' });
  });

  it('re-sends the sign-up code on the confirm-email step, after the pause only', async () => {
    const email = uniqueEmail();
    await post('/api/signup/send-code', { login: email, type: 'email' });
    const early = await post('/api/signup/send-email-confirmation', { login: email, type: 'email' });
    expect(early.json()).toMatchObject({
      code: 'SEND_AGAIN_LATER',
      details: { limits: { codeCheckLimit: 5 } },
    });
    await server.runtime.database.db
      .update(authCodes)
      .set({ sendAgainAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.login, email));
    const first = await latestCodeFor(server, email);
    const again = await post('/api/signup/send-email-confirmation', { login: email, type: 'email' });
    expect(again.statusCode).toBe(200);
    expect(await mailCount(server, email)).toBe(2);
    const second = await latestCodeFor(server, email);
    // The new code replaces the old one.
    if (second !== first) {
      const old = await post('/api/signup/check-code', { login: email, type: 'email', code: first });
      expect(old.json().code).toBe('INVALID_CODE');
    }
    expect(
      (await post('/api/signup/check-code', { login: email, type: 'email', code: second })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/signup/send-email-confirmation', { login: 'kaputt', type: 'email' })).statusCode,
    ).toBe(400);
  });

  it('signs the proven owner into an existing account instead of creating a second one', async () => {
    const first = await signUp(server);
    const second = await signUp(server, { email: first.email });
    expect(second.account.id).toBe(first.account.id);
  });

  it('resets the password with the mailed link code and ends every other session', async () => {
    const { email, refreshToken } = await signUp(server, { password: 'Alt-Passwort-1' });
    expect((await post('/api/user/reset-password', { login: email, type: 'email' })).statusCode).toBe(200);
    expect((await post('/api/user/reset-password', { login: uniqueEmail(), type: 'email' })).statusCode).toBe(
      200,
    );
    const code = await latestCodeFor(server, email);
    const confirmed = await post('/api/user/reset-password-confirmation', {
      login: email,
      type: 'email',
      code,
      password: 'Neu-Passwort-2',
      passwordConfirmation: 'Neu-Passwort-2',
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await post('/api/auth/refresh-token', { refreshToken })).statusCode).toBe(401);
    expect(
      (await post('/api/auth/by-password', { login: email, type: 'email', password: 'Neu-Passwort-2' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/by-password', { login: email, type: 'email', password: 'Alt-Passwort-1' }))
        .statusCode,
    ).toBe(400);
  });
});
