import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilitiesBySubject } from '../../../contracts/abilities.ts';
import { contacts, profiles, projects, tags } from '../../db/schema/index.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addTeamMember, createAppIn, createProjectFor } from '../../test/workspace.ts';
import { nextFreeSlug, slugBaseOf } from './apps.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  caller(server).request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function ownerWithProject(options: { tariffId?: string } = {}) {
  const owner = await signUp(server);
  const project = await createProjectFor(server, owner.account, options);
  return { owner, project };
}

describe('slugs of new apps', () => {
  it('derives a slug from the name, long enough and not reserved, with the next free suffix', () => {
    expect(slugBaseOf('Größte Akademie!')).toBe('groesste-akademie');
    expect(slugBaseOf('Xy')).toBe('app-xy');
    expect(slugBaseOf('漢字')).toBe('app');
    expect(slugBaseOf('Settings')).toBe('settings-app');
    expect(slugBaseOf('a'.repeat(39) + ' b')).toBe('a'.repeat(39));
    expect(nextFreeSlug('kurs', new Set())).toBe('kurs');
    expect(nextFreeSlug('kurs', new Set(['kurs', 'kurs-2']))).toBe('kurs-3');
  });
});

describe(`creating apps (${testDriver})`, () => {
  it('answers 401 without a session, 404 for another tenant, 400 for bad input', async () => {
    const { owner, project } = await ownerWithProject();
    expect((await call('POST', `/projects/${project.id}/apps`, undefined, { name: 'A' })).statusCode).toBe(
      401,
    );
    const stranger = await signUp(server);
    expect(
      (await call('POST', `/projects/${project.id}/apps`, stranger.accessToken, { name: 'Akademie' }))
        .statusCode,
    ).toBe(404);
    const bad = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, {
      name: '',
      slug: 'Nicht gültig!',
      language: 'fr',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: 'validation.required',
      slug: 'validation.allowedSymbols.slug',
      language: 'validation.invalidValue',
    });
    const reserved = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, {
      name: 'Akademie',
      slug: 'projects',
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors).toEqual({ slug: 'validation.slugReserved' });
  });

  it('answers 403 to a team member whose team settings do not allow managing apps', async () => {
    const { owner, project } = await ownerWithProject();
    await server.runtime.database.db
      .update(projects)
      .set({ teamSettings: { canManageApps: false } })
      .where(eq(projects.id, project.id));
    const teammate = await signUp(server);
    await addTeamMember(server, project, { email: teammate.email, accountId: teammate.account.id });
    const refused = await call('POST', `/projects/${project.id}/apps`, teammate.accessToken, {
      name: 'Akademie',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await call('POST', `/projects/${project.id}/apps`, owner.accessToken, { name: 'Akademie' }))
        .statusCode,
    ).toBe(201);
  });

  it('lets an app-managing team member create an app they administer, the owner flag staying with the owner', async () => {
    const { owner, project } = await ownerWithProject();
    const teammate = await signUp(server);
    await addTeamMember(server, project, { email: teammate.email, accountId: teammate.account.id });
    const created = await call('POST', `/projects/${project.id}/apps`, teammate.accessToken, {
      name: 'Team-Akademie',
    });
    expect(created.statusCode).toBe(201);
    const app = created.json().data;
    expect(app.isOwner).toBe(false);
    expect(app.permissions.can).toContain('settings_app');
    expect(app.permissions.can).not.toContain('settings_theme');
    const asOwner = await call('GET', `/apps/${app.id}`, owner.accessToken);
    expect(asOwner.json().data.permissions.can).toContain('settings_theme');
  });

  it('creates the app with a derived unique slug, the default tags and the creator as owner', async () => {
    const { owner, project } = await ownerWithProject();
    const name = `Größte Akademie ${unique()}`;
    const created = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, { name });
    expect(created.statusCode).toBe(201);
    const app = created.json().data;
    expect(app).toMatchObject({
      projectId: project.id,
      name,
      language: 'de',
      isArchive: false,
      isOwner: true,
      url: `http://app.localhost:3000/${app.slug}`,
      permissions: { can: [...abilitiesBySubject.app] },
    });
    expect(app.slug).toMatch(/^groesste-akademie-/);

    const again = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, { name });
    expect(again.json().data.slug).toBe(`${app.slug}-2`);

    const db = server.runtime.database.db;
    const appTags = await db.select().from(tags).where(eq(tags.appId, app.id));
    expect(appTags.map((tag) => [tag.kind, tag.name]).sort()).toEqual([
      ['blocked', 'Gesperrt'],
      ['punished', 'Bestraft'],
    ]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.appId, app.id));
    expect(profile).toMatchObject({ accountId: owner.account.id, type: 'admin', isOwner: true });
    const [contact] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.projectId, project.id), eq(contacts.accountId, owner.account.id)));
    expect(contact?.source).toBe('owner');

    const english = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, {
      name: 'Academy',
      language: 'en',
      slug: `academy-${unique()}`,
    });
    const englishTags = await db.select().from(tags).where(eq(tags.appId, english.json().data.id));
    expect(englishTags.map((tag) => tag.name).sort()).toEqual(['Blocked', 'Punished']);
  });

  it('refuses a taken slug with 409 SLUG_TAKEN, apps beyond the tariff and apps in an archived project', async () => {
    const { owner, project } = await ownerWithProject({ tariffId: 'starter' });
    const existing = await createAppIn(server, await createProjectFor(server, owner.account));
    const taken = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, {
      name: 'Akademie',
      slug: existing.slug,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'SLUG_TAKEN',
      message: 'errors.SLUG_TAKEN',
      errors: { slug: 'validation.slugTaken' },
    });

    expect(
      (await call('POST', `/projects/${project.id}/apps`, owner.accessToken, { name: 'Eins' })).statusCode,
    ).toBe(201);
    const over = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, { name: 'Zwei' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { key: 'apps', limit: 1, used: 1 },
    });

    const archived = await createProjectFor(server, owner.account, { isArchive: true });
    expect(
      (await call('POST', `/projects/${archived.id}/apps`, owner.accessToken, { name: 'Drei' })).statusCode,
    ).toBe(409);
  });
});

describe(`listing apps (${testDriver})`, () => {
  it('pages the project’s apps, archived ones in their own list, for the owner and the team', async () => {
    const { owner, project } = await ownerWithProject();
    const first = await createAppIn(server, project, { name: 'Erste' });
    const second = await createAppIn(server, project, { name: 'Zweite' });
    const archived = await createAppIn(server, project, { name: 'Alt', isArchive: true });
    const teammate = await signUp(server);
    await addTeamMember(server, project, { email: teammate.email, accountId: teammate.account.id });

    expect((await call('GET', `/projects/${project.id}/apps`)).statusCode).toBe(401);
    const stranger = await signUp(server);
    expect((await call('GET', `/projects/${project.id}/apps`, stranger.accessToken)).statusCode).toBe(404);
    expect(
      (await call('GET', `/projects/${project.id}/apps?isArchive=1`, owner.accessToken)).statusCode,
    ).toBe(400);

    const live = (await call('GET', `/projects/${project.id}/apps`, owner.accessToken)).json();
    expect(live.meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect(live.data.map((app: { id: string }) => app.id).sort()).toEqual([first.id, second.id].sort());
    expect(live.data[0].permissions.can).toEqual([...abilitiesBySubject.app]);
    const asTeam = (await call('GET', `/projects/${project.id}/apps`, teammate.accessToken)).json();
    expect(asTeam.data[0].permissions.can).not.toContain('settings_theme');
    expect(asTeam.data[0].permissions.can).toContain('settings_app');
    const old = (await call('GET', `/projects/${project.id}/apps?isArchive=true`, owner.accessToken)).json();
    expect(old.data.map((app: { id: string }) => app.id)).toEqual([archived.id]);
  });

  it('offers dropdown choices 15 per page, by search and by ids', async () => {
    const { owner, project } = await ownerWithProject();
    const made = [];
    for (let index = 0; index < 16; index += 1) {
      made.push(await createAppIn(server, project, { name: `App ${String(index).padStart(2, '0')}` }));
    }
    const archived = await createAppIn(server, project, { name: 'Archiv 100%', isArchive: true });
    const url = `/projects/${project.id}/apps/dropdown`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, (await signUp(server)).accessToken)).statusCode).toBe(404);
    expect((await call('GET', `${url}?ids=nope`, owner.accessToken)).statusCode).toBe(400);

    const page1 = (await call('GET', url, owner.accessToken)).json();
    expect(page1.meta).toEqual({ page: 1, pages: 2, total: 16 });
    expect(page1.data[0]).toEqual({ id: made[0]!.id, name: 'App 00' });
    expect((await call('GET', `${url}?page=2`, owner.accessToken)).json().data).toEqual([
      { id: made[15]!.id, name: 'App 15' },
    ]);
    expect((await call('GET', `${url}?search=app%201`, owner.accessToken)).json().meta.total).toBe(6);
    expect((await call('GET', `${url}?search=%25`, owner.accessToken)).json().meta.total).toBe(0);
    const byIds = (
      await call('GET', `${url}?ids[]=${made[3]!.id}&ids[]=${archived.id}`, owner.accessToken)
    ).json();
    expect(byIds.data.map((item: { id: string }) => item.id).sort()).toEqual(
      [made[3]!.id, archived.id].sort(),
    );
  });
});

describe(`archiving apps (${testDriver})`, () => {
  it('archives and restores for the project, refreshing usage and checking the quota on restore', async () => {
    const { owner, project } = await ownerWithProject({ tariffId: 'starter' });
    const created = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, { name: 'Kurs' });
    const app = created.json().data;
    const admin = await signUp(server);
    await server.runtime.database.db.insert(profiles).values({
      id: crypto.randomUUID(),
      projectId: project.id,
      appId: app.id,
      accountId: admin.account.id,
      type: 'admin',
    });
    const stranger = await signUp(server);

    expect((await call('PATCH', `/apps/${app.id}/archive`)).statusCode).toBe(401);
    expect((await call('PATCH', `/apps/nope/archive`, owner.accessToken)).statusCode).toBe(400);
    // An app admin who is not on the project's team sees the app but may not archive it.
    expect((await call('PATCH', `/apps/${app.id}/archive`, admin.accessToken)).statusCode).toBe(403);

    const archived = await call('PATCH', `/apps/${app.id}/archive`, owner.accessToken);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ id: app.id, isArchive: true });
    const usage = async () =>
      (await call('GET', `/projects/${project.id}/usage`, owner.accessToken)).json<{
        data: { key: string; used: number; limit: number }[];
      }>().data[0];
    expect(await usage()).toEqual({ key: 'apps', used: 0, limit: 1 });
    // Archived: gone for everyone but its managers.
    expect((await call('DELETE', `/apps/${app.id}/archive`, stranger.accessToken)).statusCode).toBe(404);
    expect((await call('GET', `/apps/${app.id}`, stranger.accessToken)).statusCode).toBe(404);
    expect((await call('GET', `/apps/${app.id}`, owner.accessToken)).json().data.isArchive).toBe(true);

    const replacement = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, {
      name: 'Neu',
    });
    expect(replacement.statusCode).toBe(201);
    const blocked = await call('DELETE', `/apps/${app.id}/archive`, owner.accessToken);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('QUOTA_EXCEEDED');

    await call('PATCH', `/apps/${replacement.json().data.id}/archive`, owner.accessToken);
    const restored = await call('DELETE', `/apps/${app.id}/archive`, owner.accessToken);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.isArchive).toBe(false);
    expect(await usage()).toEqual({ key: 'apps', used: 1, limit: 1 });
  });
});
