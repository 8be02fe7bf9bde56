import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles, projects } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, addTeamMember, createAppWithProfile } from '../../test/workspace.ts';
import { insertSession } from '../auth/auth.repo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'PATCH';
const db = () => server.runtime.database.db;

async function call(method: Method, url: string, accountId?: string, payload?: object) {
  const headers = accountId ? { authorization: (await server.tokenFor(accountId)).authorization } : {};
  return server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** A project with one app, a member (Mia) and an active team member without special settings. */
async function setup() {
  const owner = await insertTestAccount(server);
  const { project, app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
  const mia = await insertTestAccount(server);
  const profile = await addProfile(server, app, mia.account);
  const team = await insertTestAccount(server);
  await addTeamMember(server, project, { email: team.email, accountId: team.account.id });
  return { owner, project, app, mia, profile, team, url: `/api/profiles/${profile.id}/general` };
}

describe(`general profile (${testDriver})`, () => {
  it('answers 401 without a session', async () => {
    const { url } = await setup();
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('PATCH', url, undefined, { bio: 'x' })).statusCode).toBe(401);
  });

  it('answers 404 to outsiders, plain members and moderators of the app, other owners, deleted and unknown profiles', async () => {
    const { app, url, profile, owner } = await setup();
    const other = await setup();
    const outsider = await insertTestAccount(server);
    const member = await insertTestAccount(server);
    await addProfile(server, app, member.account);
    const moderator = await insertTestAccount(server);
    await addProfile(server, app, moderator.account, 'moderator');
    for (const accountId of [outsider, member, moderator, other.owner].map((person) => person.account.id)) {
      for (const [method, payload] of [['GET'], ['PATCH', { bio: 'gehackt' }]] as const) {
        const response = await call(method, url, accountId, payload);
        expect(response.statusCode, `${method} ${accountId}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
      }
    }
    expect((await call('GET', `/api/profiles/${newId()}/general`, owner.account.id)).statusCode).toBe(404);
    await db().update(profiles).set({ deletedAt: new Date() }).where(eq(profiles.id, profile.id));
    expect((await call('GET', url, owner.account.id)).statusCode).toBe(404);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.bio).toBe('');
  });

  it('answers 400 to bad input; names and e-mail are not editable here', async () => {
    const { owner, url } = await setup();
    const cases: [object, Record<string, string>][] = [
      [{ firstName: 'Neu' }, { firstName: 'validation.unknownField' }],
      [{ email: 'neu@beispiel.de' }, { email: 'validation.unknownField' }],
      [{ phone: 'ruf mich an' }, { phone: 'validation.invalidFormat' }],
      [{ bio: 'x'.repeat(2001) }, { bio: 'validation.validateMaxLength' }],
      [{ language: 'fr' }, { language: 'validation.invalidValue' }],
      [{ timezone: 'Mars/Olympus' }, { timezone: 'validation.invalidValue' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call('PATCH', url, owner.account.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    expect((await call('GET', '/api/profiles/nicht-uuid/general', owner.account.id)).statusCode).toBe(400);
  });

  it('shows the owner the member with account names and the last visit; the owner edits the profile fields', async () => {
    const { owner, mia, profile, app, url } = await setup();
    const first = await call('GET', url, owner.account.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      data: {
        id: profile.id,
        appId: app.id,
        firstName: 'Ben',
        lastName: 'Test',
        email: mia.email,
        phone: '',
        location: '',
        bio: '',
        timezone: null,
        language: null,
        createdAt: profile.createdAt.toISOString(),
        lastSeenAt: null,
        permissions: { can: ['edit'] },
      },
    });
    const lastUsedAt = new Date('2025-03-01T10:00:00.000Z');
    await insertSession(db(), {
      id: newId(),
      accountId: mia.account.id,
      appId: app.id,
      isRemember: true,
      expiresAt: new Date(Date.now() + 86_400_000),
      lastUsedAt,
    });
    // A session on the service host (no app) is not a visit of this app.
    await insertSession(db(), {
      id: newId(),
      accountId: mia.account.id,
      isRemember: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await call('GET', url, owner.account.id)).json().data.lastSeenAt).toBe(lastUsedAt.toISOString());

    const changes = {
      phone: '+49 30 1234567',
      location: 'Berlin',
      bio: 'Gärtnerin',
      timezone: 'Europe/Vienna',
      language: 'en',
    };
    const patched = await call('PATCH', url, owner.account.id, changes);
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ ...changes, firstName: 'Ben', email: mia.email });
    expect((await call('GET', url, owner.account.id)).json().data).toMatchObject(changes);
    // null goes back to the account's time zone and language; the account itself is untouched.
    const reset = await call('PATCH', url, owner.account.id, { timezone: null, language: null });
    expect(reset.json().data).toMatchObject({ timezone: null, language: null, bio: 'Gärtnerin' });
    const [account] = await db().select().from(accounts).where(eq(accounts.id, mia.account.id));
    expect(account).toMatchObject({ firstName: 'Ben', lastName: 'Test', email: mia.email });
  });

  it('lets active team members see it, editing only with canEditProject or app management', async () => {
    const { project, team, url } = await setup();
    const setTeam = (teamSettings: Record<string, boolean>) =>
      db().update(projects).set({ teamSettings }).where(eq(projects.id, project.id));
    await setTeam({ canManageApps: false, canEditProject: false });
    const seen = await call('GET', url, team.account.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.permissions.can).toEqual([]);
    expect((await call('PATCH', url, team.account.id, { bio: 'x' })).statusCode).toBe(403);

    await setTeam({ canManageApps: true, canEditProject: false });
    expect((await call('GET', url, team.account.id)).json().data.permissions.can).toEqual(['edit']);
    expect((await call('PATCH', url, team.account.id, { bio: 'vom Team' })).statusCode).toBe(200);

    await setTeam({ canManageApps: false, canEditProject: true });
    expect((await call('PATCH', url, team.account.id, { bio: 'vom Team 2' })).json().data.bio).toBe(
      'vom Team 2',
    );
  });

  it('lets an admin of the app (not on the team) see and edit it', async () => {
    const { app, url } = await setup();
    const admin = await insertTestAccount(server);
    await addProfile(server, app, admin.account, 'admin');
    const seen = await call('GET', url, admin.account.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.permissions.can).toEqual(['edit']);
    expect((await call('PATCH', url, admin.account.id, { location: 'Hamburg' })).json().data.location).toBe(
      'Hamburg',
    );
    // An admin of another app of another project sees nothing here.
    const stranger = await setup();
    const strangerAdmin = await insertTestAccount(server);
    await addProfile(server, stranger.app, strangerAdmin.account, 'admin');
    expect((await call('GET', url, strangerAdmin.account.id)).statusCode).toBe(404);
  });
});
