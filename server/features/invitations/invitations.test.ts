import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInvitations, contacts, profiles } from '../../db/schema/index.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { caller, latestCodeFor, signUp, uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile, createInvitation } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (url: string, payload: object) => caller(server).request({ method: 'POST', url, payload });
const get = (url: string) => caller(server).request({ method: 'GET', url });

/** An app owned by someone, and an invitation into it for `email`. */
async function invitationFor(email: string, memberType: 'member' | 'moderator' = 'member') {
  const owner = await signUp(server);
  const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
  const { token, invitation } = await createInvitation(server, app, email, { memberType });
  return { app, token, invitation };
}

async function profileOf(appId: string, accountId: string) {
  const rows = await server.runtime.database.db
    .select()
    .from(profiles)
    .where(eq(profiles.accountId, accountId));
  return rows.find((row) => row.appId === appId);
}

describe(`invitations (${testDriver})`, () => {
  it('lets a person invited by an admin (a placeholder account) join as new and fill in the account', async () => {
    const owner = await signUp(server);
    const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    const email = uniqueEmail('platzhalter');
    const invited = await caller(server).request({
      method: 'POST',
      url: `/api/apps/${app.id}/invite`,
      token: owner.accessToken,
      payload: { email, firstName: 'Paula', lastName: 'Platz' },
    });
    expect(invited.statusCode).toBe(201);
    const [mail] = await listOutbox(server.runtime.database.db, { to: email, limit: 1 });
    const token = /\/auth\/join\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();

    // The placeholder made at invitation time is not an account the person could sign in to.
    expect((await get(`/api/invitation/${token}`)).json()).toMatchObject({ email, hasAccount: false });
    const sent = await post('/api/auth/invitation', { invitationToken: token, login: email, type: 'email' });
    expect(sent.json()).toMatchObject({ hasAccount: false });
    const code = await latestCodeFor(server, email);
    const joined = await post('/api/invitation/user/confirm', {
      invitationToken: token,
      login: email,
      type: 'email',
      code,
      firstName: 'Paula',
      lastName: 'Neu',
      password: 'Paula-Passwort-1',
      passwordConfirmation: 'Paula-Passwort-1',
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().account).toMatchObject({ email, firstName: 'Paula', lastName: 'Neu' });
    expect(await profileOf(app.id, joined.json().account.id as string)).toMatchObject({ type: 'member' });
    const signedIn = await post('/api/auth/by-password', {
      login: email,
      password: 'Paula-Passwort-1',
      type: 'email',
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('shows the join screen what the invitation is for, and 404 for unknown, used or expired tokens', async () => {
    const email = uniqueEmail('clara');
    const { app, token } = await invitationFor(email);
    const info = await get(`/api/invitation/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      app: { id: app.id, name: app.name, slug: app.slug },
      kind: 'personal',
      email,
      firstName: 'Clara',
      lastName: 'Eingeladen',
      hasAccount: false,
    });
    expect((await get(`/api/invitation/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get('/api/invitation/short')).statusCode).toBe(400);
    const { token: expired } = await createInvitation(server, app, uniqueEmail(), { expiresInMs: -1000 });
    expect((await get(`/api/invitation/${expired}`)).statusCode).toBe(404);
  });

  it('lets a new person join: code, check, form, signed in with a profile of the invited type', async () => {
    const email = uniqueEmail('neu');
    const { app, token, invitation } = await invitationFor(email, 'moderator');
    const sent = await post('/api/auth/invitation', { invitationToken: token, login: email, type: 'email' });
    expect(sent.json()).toMatchObject({ hasAccount: false, limits: { codeCheckRemaining: 5 } });
    const code = await latestCodeFor(server, email);
    const check = await post('/api/invitation/check-code', {
      invitationToken: token,
      login: email,
      type: 'email',
      code,
    });
    expect(check.json()).toMatchObject({ valid: true, limits: { codeCheckRemaining: 4 } });
    const bad = await post('/api/invitation/user/confirm', {
      invitationToken: token,
      login: email,
      type: 'email',
      code,
      firstName: '',
      lastName: 'X',
    });
    expect(bad.json().errors).toMatchObject({ firstName: 'validation.required' });

    const joined = await post('/api/invitation/user/confirm', {
      invitationToken: token,
      login: email,
      type: 'email',
      code,
      firstName: 'Clara',
      lastName: 'Neu',
      password: 'Clara-Passwort-1',
      passwordConfirmation: 'Clara-Passwort-1',
    });
    expect(joined.statusCode).toBe(200);
    const accountId = joined.json().account.id as string;
    expect(await profileOf(app.id, accountId)).toMatchObject({ type: 'moderator' });
    const [used] = await server.runtime.database.db
      .select()
      .from(appInvitations)
      .where(eq(appInvitations.id, invitation.id));
    expect(used!.acceptedByAccountId).toBe(accountId);
    const [contact] = await server.runtime.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, email));
    expect(contact).toMatchObject({ projectId: app.projectId, source: 'invitation', accountId });
    expect((await get(`/api/invitation/${token}`)).statusCode).toBe(404);
    expect(
      (await post('/api/auth/invitation', { invitationToken: token, login: email, type: 'email' }))
        .statusCode,
    ).toBe(404);
  });

  it('lets a person with an account confirm with a sign-in code and join', async () => {
    const existing = await signUp(server);
    const { app, token } = await invitationFor(existing.email);
    expect((await get(`/api/invitation/${token}`)).json().hasAccount).toBe(true);
    const sent = await post('/api/auth/invitation', {
      invitationToken: token,
      login: existing.email,
      type: 'email',
    });
    expect(sent.json().hasAccount).toBe(true);
    const code = await latestCodeFor(server, existing.email);
    const confirmed = await post('/api/auth/invitation/confirm', {
      invitationToken: token,
      login: existing.email,
      type: 'email',
      code,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().account.id).toBe(existing.account.id);
    expect(await profileOf(app.id, existing.account.id)).toMatchObject({ type: 'member' });
  });

  it('refuses another address than the invited one, and a code from another invitation', async () => {
    const email = uniqueEmail('clara');
    const { token } = await invitationFor(email);
    const other = await post('/api/auth/invitation', {
      invitationToken: token,
      login: uniqueEmail('mallory'),
      type: 'email',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ login: 'validation.invalidValue' });

    // Same address invited into two apps: the code of one invitation does not open the other.
    const second = await invitationFor(email);
    await post('/api/auth/invitation', { invitationToken: second.token, login: email, type: 'email' });
    const code = await latestCodeFor(server, email);
    const crossed = await post('/api/invitation/check-code', {
      invitationToken: token,
      login: email,
      type: 'email',
      code,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('40000');
  });

  it('counts wrong codes against the limit', async () => {
    const email = uniqueEmail();
    const { token } = await invitationFor(email);
    await post('/api/auth/invitation', { invitationToken: token, login: email, type: 'email' });
    const code = await latestCodeFor(server, email);
    const wrong = code === '123456' ? '654321' : '123456';
    const response = await post('/api/invitation/check-code', {
      invitationToken: token,
      login: email,
      type: 'email',
      code: wrong,
    });
    expect(response.json()).toMatchObject({
      code: 'INVALID_CODE',
      details: { limits: { codeCheckRemaining: 4 } },
    });
  });
});
