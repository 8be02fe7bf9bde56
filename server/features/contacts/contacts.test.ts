import { and, eq } from 'drizzle-orm';
import type { Contact } from '../../../contracts/contacts.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, profiles, projects, pushTokens } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertTestAccount, uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, addTeamMember, createAppWithProfile } from '../../test/workspace.ts';
import { findSession, insertSession } from '../auth/auth.repo.ts';
import { upsertPushToken } from '../profile/profile.repo.ts';
import { insertApp } from '../workspace/public.ts';
import { ensureContact, type ContactSource } from './contacts.repo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'DELETE';
const db = () => server.runtime.database.db;

async function call(method: Method, url: string, accountId?: string) {
  const headers = accountId ? { authorization: (await server.tokenFor(accountId)).authorization } : {};
  return server.app.inject({ method, url, headers });
}

async function contactOf(projectId: string, email: string) {
  const [row] = await db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.projectId, projectId), eq(contacts.email, email.toLowerCase())));
  return row;
}

/**
 * A project with two apps: the owner (owner profile in app 1), Mia (member of both apps, with an avatar),
 * an active team member, and an address that only signed up for news (no account).
 */
async function projectWithContacts() {
  const owner = await insertTestAccount(server);
  const {
    project,
    app,
    profile: ownerProfile,
  } = await createAppWithProfile(server, owner.account, {
    as: 'owner',
    appName: 'Alpha',
  });
  const second = await insertApp(db(), {
    id: newId(),
    projectId: project.id,
    slug: `beta-${newId().slice(-12)}`,
    name: 'Beta',
  });
  const mia = await insertTestAccount(server, uniqueEmail('mia'));
  const miaAlpha = await addProfile(server, app, mia.account);
  const avatarId = newId();
  const miaBeta = await addProfile(server, second, mia.account, 'moderator');
  await db().update(profiles).set({ avatarId }).where(eq(profiles.id, miaBeta.id));
  const teamPerson = await insertTestAccount(server, uniqueEmail('team'));
  await addTeamMember(server, project, { email: teamPerson.email, accountId: teamPerson.account.id });
  const newsEmail = uniqueEmail('news');
  const add = async (email: string, accountId: string | null, source: ContactSource) => {
    await ensureContact(db(), { projectId: project.id, email, accountId, source });
    return (await contactOf(project.id, email))!;
  };
  const ownerContact = await add(owner.email, owner.account.id, 'owner');
  const miaContact = await add(mia.email, mia.account.id, 'signup');
  const teamContact = await add(teamPerson.email, teamPerson.account.id, 'team');
  const newsContact = await add(newsEmail, null, 'import');
  return {
    owner,
    project,
    app,
    second,
    ownerProfile,
    mia,
    miaAlpha,
    miaBeta,
    avatarId,
    teamPerson,
    ownerContact,
    miaContact,
    teamContact,
    newsContact,
  };
}

describe(`contacts (${testDriver})`, () => {
  it('answers 401 without a session', async () => {
    const { project, miaContact } = await projectWithContacts();
    expect((await call('GET', `/api/projects/${project.id}/contacts`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/contacts/${miaContact.id}`)).statusCode).toBe(401);
  });

  it('answers 404 to outsiders, app members, owners of other projects, paused team members and unknown ids', async () => {
    const { project, app, miaContact, mia } = await projectWithContacts();
    const other = await projectWithContacts();
    const outsider = await insertTestAccount(server);
    const paused = await insertTestAccount(server);
    await addTeamMember(server, project, { email: paused.email, accountId: paused.account.id }, 'inactive');
    const admin = await insertTestAccount(server);
    await addProfile(server, app, admin.account, 'admin');
    const callers = [outsider, other.owner, paused, mia, admin].map((person) => person.account.id);
    for (const accountId of callers) {
      for (const [method, url] of [
        ['GET', `/api/projects/${project.id}/contacts`],
        ['DELETE', `/api/contacts/${miaContact.id}`],
        ['GET', `/api/projects/${newId()}/contacts`],
        ['DELETE', `/api/contacts/${newId()}`],
      ] as const) {
        const response = await call(method, url, accountId);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
      }
    }
    expect(await contactOf(project.id, mia.email)).toBeDefined();
  });

  it('answers 400 to bad input', async () => {
    const { owner, project } = await projectWithContacts();
    const base = `/api/projects/${project.id}/contacts`;
    const cases: [string, Record<string, string>][] = [
      [`${base}?limit=101`, { limit: 'validation.maxNumber' }],
      [`${base}?page=0`, { page: 'validation.minNumber' }],
      [`${base}?sort=name`, { sort: 'validation.invalidValue' }],
      [`${base}?filter[source]=fax`, { 'filter[source]': 'validation.invalidValue' }],
      [`${base}?filter[appId]=alpha`, {}],
      [`/api/projects/nicht-uuid/contacts`, {}],
    ];
    for (const [url, errors] of cases) {
      const response = await call('GET', url, owner.account.id);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    expect((await call('DELETE', '/api/contacts/nicht-uuid', owner.account.id)).statusCode).toBe(400);
  });

  it('lists contacts newest first with names, profiles, avatar and permissions', async () => {
    const c = await projectWithContacts();
    const response = await call('GET', `/api/projects/${c.project.id}/contacts`, c.owner.account.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<Paginated<Contact>>();
    expect(body.meta).toEqual({ page: 1, pages: 1, total: 4 });
    expect(body.data.map((row) => row.id)).toEqual([
      c.newsContact.id,
      c.teamContact.id,
      c.miaContact.id,
      c.ownerContact.id,
    ]);
    const byId = (id: string) => body.data.find((row) => row.id === id)!;
    const mia = byId(c.miaContact.id);
    expect(mia).toEqual({
      id: c.miaContact.id,
      avatarId: c.avatarId,
      email: c.mia.email,
      firstName: 'Ben',
      lastName: 'Test',
      source: 'signup',
      createdAt: c.miaContact.createdAt.toISOString(),
      profiles: expect.arrayContaining([
        { id: c.miaAlpha.id, appId: c.app.id, appName: 'Alpha', type: 'member', isOwner: false },
        { id: c.miaBeta.id, appId: c.second.id, appName: 'Beta', type: 'moderator', isOwner: false },
      ]),
      permissions: { can: ['view', 'delete'] },
    });
    expect(mia.profiles).toHaveLength(2);
    expect(byId(c.newsContact.id)).toMatchObject({
      firstName: '',
      lastName: '',
      avatarId: null,
      profiles: [],
      source: 'import',
      permissions: { can: ['view', 'delete'] },
    });
    expect(byId(c.ownerContact.id).permissions.can).toEqual(['view']);
    expect(byId(c.ownerContact.id).profiles).toEqual([
      { id: c.ownerProfile.id, appId: c.app.id, appName: 'Alpha', type: 'admin', isOwner: true },
    ]);
    expect(byId(c.teamContact.id).permissions.can).toEqual(['view']);
  });

  it('sorts, searches, filters and pages', async () => {
    const c = await projectWithContacts();
    const ids = async (query: string) => {
      const response = await call(
        'GET',
        `/api/projects/${c.project.id}/contacts?${query}`,
        c.owner.account.id,
      );
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((row: { id: string }) => row.id) as string[];
    };
    const emails = [c.ownerContact, c.miaContact, c.teamContact, c.newsContact]
      .map((row) => [row.email, row.id] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, id]) => id);
    expect(await ids('sort=email')).toEqual(emails);
    expect(await ids('sort=-email')).toEqual([...emails].reverse());
    expect(await ids('sort=createdAt')).toEqual([
      c.ownerContact.id,
      c.miaContact.id,
      c.teamContact.id,
      c.newsContact.id,
    ]);
    expect(await ids(`filter[search]=${encodeURIComponent(c.mia.email.slice(0, 8).toUpperCase())}`)).toEqual([
      c.miaContact.id,
    ]);
    // By name: every account here is "Ben Test"; the news address has none.
    expect(await ids('filter[search]=ben%20test')).toHaveLength(3);
    expect(await ids('filter[search]=%25')).toEqual([]);
    expect(await ids('filter[source]=import')).toEqual([c.newsContact.id]);
    expect(await ids(`filter[appId]=${c.second.id}`)).toEqual([c.miaContact.id]);
    expect(await ids(`filter[appId]=${c.app.id}&sort=createdAt`)).toEqual([
      c.ownerContact.id,
      c.miaContact.id,
    ]);
    expect(await ids(`filter[appId]=${newId()}`)).toEqual([]);
    const page = await call(
      'GET',
      `/api/projects/${c.project.id}/contacts?limit=3&page=2`,
      c.owner.account.id,
    );
    expect(page.json()).toMatchObject({
      data: [{ id: c.ownerContact.id }],
      meta: { page: 2, pages: 2, total: 4 },
    });
  });

  it('shows an active team member the contacts; deleting needs canEditProject (403 otherwise)', async () => {
    const c = await projectWithContacts();
    const viewer = c.teamPerson.account.id;
    const list = await call('GET', `/api/projects/${c.project.id}/contacts`, viewer);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.every((row: { permissions: { can: string[] } }) => row.permissions.can.join() === 'view'),
    ).toBe(true);
    expect((await call('DELETE', `/api/contacts/${c.miaContact.id}`, viewer)).statusCode).toBe(403);
    await db()
      .update(projects)
      .set({ teamSettings: { canEditProject: true } })
      .where(eq(projects.id, c.project.id));
    const allowed = await call('GET', `/api/projects/${c.project.id}/contacts`, viewer);
    expect(
      allowed.json().data.find((row: { id: string }) => row.id === c.miaContact.id).permissions.can,
    ).toEqual(['view', 'delete']);
    expect((await call('DELETE', `/api/contacts/${c.miaContact.id}`, viewer)).statusCode).toBe(204);
  });

  it('refuses to forget the owner and people still on the team', async () => {
    const c = await projectWithContacts();
    const owner = await call('DELETE', `/api/contacts/${c.ownerContact.id}`, c.owner.account.id);
    expect(owner.statusCode).toBe(409);
    expect(owner.json()).toMatchObject({ code: 'OWNER_LOCKED' });
    const team = await call('DELETE', `/api/contacts/${c.teamContact.id}`, c.owner.account.id);
    expect(team.statusCode).toBe(409);
    expect(team.json()).toMatchObject({ code: 'CONFLICT', details: { reason: 'teamMember' } });
    expect(await contactOf(c.project.id, c.owner.email)).toBeDefined();
    expect(await contactOf(c.project.id, c.teamPerson.email)).toBeDefined();
  });

  it('forgets a contact: its profiles in the project’s apps go, with app sessions and push tokens', async () => {
    const c = await projectWithContacts();
    // Mia is also in an app of another project: that stays.
    const elsewhere = await createAppWithProfile(server, c.mia.account);
    await db()
      .update(profiles)
      .set({ bio: 'Über mich', phone: '+49 30 123' })
      .where(eq(profiles.id, c.miaAlpha.id));
    const session = await insertSession(db(), {
      id: newId(),
      accountId: c.mia.account.id,
      appId: c.app.id,
      isRemember: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const elsewhereSession = await insertSession(db(), {
      id: newId(),
      accountId: c.mia.account.id,
      appId: elsewhere.app.id,
      isRemember: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await upsertPushToken(db(), {
      id: newId(),
      projectId: c.project.id,
      appId: c.second.id,
      accountId: c.mia.account.id,
      deviceId: 'telefon',
      token: 'push-token',
    });

    const response = await call('DELETE', `/api/contacts/${c.miaContact.id}`, c.owner.account.id);
    expect(response.statusCode).toBe(204);
    expect(await contactOf(c.project.id, c.mia.email)).toBeUndefined();
    const [alpha] = await db().select().from(profiles).where(eq(profiles.id, c.miaAlpha.id));
    expect(alpha?.deletedAt).not.toBeNull();
    expect(alpha).toMatchObject({ bio: '', phone: '' });
    const [beta] = await db().select().from(profiles).where(eq(profiles.id, c.miaBeta.id));
    expect(beta).toMatchObject({ avatarId: null });
    expect(beta?.deletedAt).not.toBeNull();
    expect((await findSession(db(), session.id))?.revokedReason).toBe('contact_deleted');
    expect(await db().select().from(pushTokens).where(eq(pushTokens.appId, c.second.id))).toEqual([]);
    // Another project's membership is untouched.
    const [other] = await db().select().from(profiles).where(eq(profiles.id, elsewhere.profile.id));
    expect(other?.deletedAt).toBeNull();
    expect((await findSession(db(), elsewhereSession.id))?.revokedAt).toBeNull();

    expect((await call('DELETE', `/api/contacts/${c.miaContact.id}`, c.owner.account.id)).statusCode).toBe(
      404,
    );
    const list = await call('GET', `/api/projects/${c.project.id}/contacts`, c.owner.account.id);
    expect(list.json().meta.total).toBe(3);
    // A contact without an account simply goes.
    expect((await call('DELETE', `/api/contacts/${c.newsContact.id}`, c.owner.account.id)).statusCode).toBe(
      204,
    );
  });
});
