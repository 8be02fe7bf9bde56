import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFiles, profileTags, profiles, projects, tags } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { appAdmin, appMember, appOwner, appRead, without } from '../../test/expected-abilities.ts';
import { caller, insertTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, addTeamMember, createAppWithProfile } from '../../test/workspace.ts';

/*
 * Issue 12 point 2: masquerade (header `x-masquerade-profile`) only ever lowers rights. Never as oneself, an
 * invited person or the owner; other managers (admins, app-managing team) only by the owner; what the viewed
 * person may do, within what the caller may do. In the cloud, nobody opens a library through masquerade with
 * more rights than its person has, and a person's service-host files stay theirs.
 */

type Person = { accountId: string; token: string; profileId?: string };

describe(`masquerade only lowers rights (${testDriver})`, () => {
  let server: TestServer;
  let projectId = '';
  let appId = '';
  let slug = '';
  let ownerFileId = '';
  const people: Record<string, Person> = {};

  beforeAll(async () => {
    server = await createTestServer();
    const db = server.runtime.database.db;
    const owner = (await insertTestAccount(server)).account;
    const { project, app, profile } = await createAppWithProfile(server, owner, { as: 'owner' });
    projectId = project.id;
    appId = app.id;
    slug = app.slug;
    const tokenOf = async (accountId: string) =>
      (await server.tokenFor(accountId)).authorization.replace('Bearer ', '');
    people.owner = { accountId: owner.id, token: await tokenOf(owner.id), profileId: profile.id };
    const add = async (name: string, type: 'admin' | 'member' | 'invited') => {
      const account = (await insertTestAccount(server)).account;
      const row = await addProfile(server, app, account, type);
      people[name] = { accountId: account.id, token: await tokenOf(account.id), profileId: row.id };
      return account;
    };
    await add('admin', 'admin');
    await add('other admin', 'admin');
    await add('member', 'member');
    await add('invited', 'invited');
    for (const kind of ['blocked', 'punished'] as const) {
      await add(kind, 'member');
      const [tag] = await db
        .insert(tags)
        .values({ id: newId(), projectId, appId, name: kind, kind })
        .returning();
      await db
        .insert(profileTags)
        .values({ projectId, appId, profileId: people[kind]!.profileId!, tagId: tag!.id });
    }
    await db
      .update(profiles)
      .set({ punishedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(profiles.id, people.punished!.profileId!));
    // On the project's team (with file access on the service host) and a member of the app at the same time.
    const teamMember = await add('team member', 'member');
    await addTeamMember(server, project, { email: teamMember.email, accountId: teamMember.id });
    ownerFileId = (
      await insertCloudFile(db, { projectId, ownerAccountId: owner.id, name: 'Steuer-2026.pdf' })
    ).id;
  });

  afterAll(async () => {
    await server?.close();
  });

  const as = (caller_: string, viewed?: string) => ({
    token: people[caller_]!.token,
    headers: viewed ? { 'x-masquerade-profile': people[viewed]!.profileId! } : {},
  });
  const request = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who: ReturnType<typeof as>,
    appHost = false,
    payload?: Record<string, unknown>,
  ) =>
    caller(server).request({
      method,
      url,
      token: who.token,
      headers: { ...who.headers, ...(appHost ? { 'x-app-id': appId } : {}) },
      ...(payload ? { payload } : {}),
    });
  const appAbilitiesOf = async (who: ReturnType<typeof as>) => {
    const response = await request('GET', `/api/router?url=${encodeURIComponent(`/${slug}`)}`, who);
    return response.statusCode === 200
      ? (response.json().app.permissions.can as string[])
      : response.statusCode;
  };
  const withTeamSettings = (settings: Record<string, boolean>) =>
    server.runtime.database.db
      .update(projects)
      .set({ teamSettings: settings })
      .where(eq(projects.id, projectId));

  it('refuses masquerade as oneself, as an invited person and as the owner', async () => {
    expect(await appAbilitiesOf(as('admin', 'admin'))).toBe(403);
    expect(await appAbilitiesOf(as('owner', 'owner'))).toBe(403);
    expect(await appAbilitiesOf(as('admin', 'invited'))).toBe(403);
    expect(await appAbilitiesOf(as('admin', 'owner'))).toBe(403);
  });

  it('lets only the owner masquerade as another manager (an admin, the app-managing team)', async () => {
    expect(await appAbilitiesOf(as('admin', 'other admin'))).toBe(403);
    // With app management the team member is a manager of the app (role team).
    expect(await appAbilitiesOf(as('admin', 'team member'))).toBe(403);
    expect(await appAbilitiesOf(as('owner', 'other admin'))).toEqual(without(appAdmin, 'masquerade'));
    expect(await appAbilitiesOf(as('owner', 'team member'))).toEqual(without(appAdmin, 'masquerade'));
  });

  it('offers the masquerade action on a member page only where the engine allows it', async () => {
    const offered = async (caller_: string, viewed: string) => {
      const response = await request('GET', `/api/profiles/${people[viewed]!.profileId!}`, as(caller_));
      expect(response.statusCode).toBe(200);
      return (response.json().data.permissions.can as string[]).includes('masquerade');
    };
    expect(await offered('admin', 'member')).toBe(true);
    expect(await offered('admin', 'other admin')).toBe(false);
    expect(await offered('admin', 'owner')).toBe(false);
    expect(await offered('admin', 'invited')).toBe(false);
    expect(await offered('owner', 'other admin')).toBe(true);
  });

  it('gives exactly the viewed person’s rights, never the theme editor or another masquerade', async () => {
    expect(await appAbilitiesOf(as('owner'))).toEqual([...appOwner]);
    expect(await appAbilitiesOf(as('admin', 'member'))).toEqual(appMember);
    expect(await appAbilitiesOf(as('admin', 'punished'))).toEqual(appRead);
    expect(await appAbilitiesOf(as('admin', 'blocked'))).toEqual([]);
  });

  it('never opens the owner’s files to an admin: not read, not moved to Removed', async () => {
    const library = `/api/projects/${projectId}/cloud/folders/content`;
    const file = `/api/files/${ownerFileId}`;
    expect((await request('GET', library, as('owner'), true)).body).toContain('Steuer-2026.pdf');
    for (const appHost of [true, false]) {
      const asOwner = as('admin', 'owner');
      expect((await request('GET', library, asOwner, appHost)).statusCode).toBe(appHost ? 403 : 404);
      expect((await request('GET', file, asOwner, appHost)).statusCode).toBe(appHost ? 403 : 404);
      expect((await request('DELETE', `${file}/soft`, asOwner, appHost)).statusCode).toBe(
        appHost ? 403 : 404,
      );
    }
    // As themselves, admins reach their own library in the app, never the owner's file.
    const own = await request('GET', library, as('admin'), true);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('Steuer-2026.pdf');
    expect((await request('GET', file, as('admin'), true)).statusCode).toBe(404);
    expect((await request('DELETE', `${file}/soft`, as('admin'), true)).statusCode).toBe(404);
    const bulk = { ids: [ownerFileId] };
    expect((await request('PATCH', '/api/cloud/delete/soft', as('admin'), true, bulk)).statusCode).toBe(404);
    expect(
      (await request('PATCH', '/api/cloud/delete/soft', as('admin', 'owner'), true, bulk)).statusCode,
    ).toBe(403);
    const [row] = await server.runtime.database.db
      .select()
      .from(cloudFiles)
      .where(eq(cloudFiles.id, ownerFileId));
    expect(row!.deletedAt).toBeNull();
  });

  it('keeps a person’s service-host files theirs: no masquerade into the library of a team member with file access', async () => {
    const library = `/api/projects/${projectId}/cloud/folders/content`;
    // Team members who do not manage apps are plain members in the app: admins may view the app as them…
    await withTeamSettings({ canManageApps: false, canViewFiles: true });
    try {
      expect(await appAbilitiesOf(as('admin', 'team member'))).toEqual(appMember);
      expect((await request('GET', library, as('admin', 'team member'), true)).statusCode).toBe(403);
      expect((await request('GET', library, as('owner', 'team member'), true)).statusCode).toBe(403);
      // …and once the project takes their file access away, their library is an app member's like any other.
      await withTeamSettings({ canManageApps: false, canViewFiles: false });
      expect((await request('GET', library, as('admin', 'team member'), true)).statusCode).toBe(200);
    } finally {
      await withTeamSettings({});
    }
    // With app management (the default) only the owner may view the app as them, and still not their files.
    expect(await appAbilitiesOf(as('owner', 'team member'))).toEqual(without(appAdmin, 'masquerade'));
    expect((await request('GET', library, as('owner', 'team member'), true)).statusCode).toBe(403);
  });

  it('opens the viewed member’s library with their rights only', async () => {
    const library = `/api/projects/${projectId}/cloud/folders`;
    const folder = { name: 'Neuer Ordner' };
    expect((await request('POST', library, as('admin', 'member'), true, folder)).statusCode).toBe(201);
    expect((await request('GET', `${library}/content`, as('admin', 'punished'), true)).statusCode).toBe(200);
    expect((await request('POST', library, as('admin', 'punished'), true, folder)).statusCode).toBe(403);
    expect((await request('GET', `${library}/content`, as('admin', 'blocked'), true)).statusCode).toBe(403);
  });
});
