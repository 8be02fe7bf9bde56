import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilitiesBySubject } from '../../../contracts/abilities.ts';
import { eq } from 'drizzle-orm';
import { apps, profileTags, profiles, projects, tags, teamMembers } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { appAdmin, appMember, appModerator, appRead, appVisitor } from '../../test/expected-abilities.ts';
import { insertTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile } from '../../test/workspace.ts';
import { loadAppAccess, loadProjectAccess } from './access.ts';

/*
 * The permission matrix of issue 4: for each role × each app and project ability, the expected answer.
 * Everything goes through the real engine (database rows, loadAppAccess / loadProjectAccess), so a change of
 * a policy or of how roles are read from the database shows up here.
 */

const appAbilities = abilitiesBySubject.app;
const projectAbilityNames = abilitiesBySubject.project;

type Role =
  | 'owner'
  | 'admin'
  | 'moderator'
  | 'member'
  | 'invited'
  | 'guest'
  | 'signed-in stranger'
  | 'team member'
  | 'pending team member'
  | 'blocked member'
  | 'punished member'
  | 'punishment over'
  | 'masquerading admin (as member)'
  | 'masquerading owner (as admin)'
  | 'admin as owner'
  | 'admin as admin'
  | 'team member as owner';

/** The expected app abilities per role: the contract of app.policy.ts; 'forbidden': the masquerade is refused. */
const expectedApp: Record<Role, readonly string[] | 'forbidden'> = {
  owner: appAbilities,
  admin: appAdmin,
  moderator: appModerator,
  member: appMember,
  invited: appVisitor,
  guest: appVisitor,
  'signed-in stranger': appVisitor,
  'team member': appAdmin,
  'pending team member': appVisitor,
  'blocked member': [],
  'punished member': appRead,
  'punishment over': appMember,
  'masquerading admin (as member)': appMember,
  'masquerading owner (as admin)': appAdmin.filter((ability) => ability !== 'masquerade'),
  // Issue 12: masquerade only lowers rights — never as the owner, other managers only by the owner.
  'admin as owner': 'forbidden',
  'admin as admin': 'forbidden',
  'team member as owner': 'forbidden',
};

/** The expected project abilities (service host) per role; 'not-found' = the project is invisible (404). */
const expectedProject: Record<Role, readonly string[] | 'not-found' | 'unauthorized'> = {
  owner: projectAbilityNames,
  admin: 'not-found',
  moderator: 'not-found',
  member: 'not-found',
  invited: 'not-found',
  guest: 'unauthorized',
  'signed-in stranger': 'not-found',
  'team member': ['view', 'view_apps', 'apps', 'view_files'],
  'pending team member': 'not-found',
  'blocked member': 'not-found',
  'punished member': 'not-found',
  'punishment over': 'not-found',
  'masquerading admin (as member)': 'not-found',
  // Masquerade changes what the owner sees inside the app, not the project on the service host.
  'masquerading owner (as admin)': projectAbilityNames,
  'admin as owner': 'not-found',
  'admin as admin': 'not-found',
  'team member as owner': ['view', 'view_apps', 'apps', 'view_files'],
};

describe(`permission matrix (${testDriver})`, () => {
  let server: TestServer;
  const actors = new Map<Role, Actor>();
  let appId = '';
  let projectId = '';

  beforeAll(async () => {
    server = await createTestServer();
    const db = server.runtime.database.db;
    const owner = (await insertTestAccount(server)).account;
    const { app, project } = await createAppWithProfile(server, owner, { as: 'owner' });
    appId = app.id;
    projectId = project.id;
    const account = (id: string, masqueradeProfileId?: string): Actor => ({
      kind: 'account',
      accountId: id,
      sessionId: null,
      ...(masqueradeProfileId ? { masqueradeProfileId } : {}),
    });
    const withProfile = async (type: 'admin' | 'moderator' | 'member' | 'invited') => {
      const person = (await insertTestAccount(server)).account;
      const profile = await addProfile(server, app, person, type);
      return { person, profile };
    };
    const tag = async (kind: 'blocked' | 'punished') => {
      const [row] = await db
        .insert(tags)
        .values({ id: newId(), projectId, appId, name: kind, kind })
        .returning();
      return row!;
    };
    const blockedTag = await tag('blocked');
    const punishedTag = await tag('punished');

    actors.set('owner', account(owner.id));
    const admin = await withProfile('admin');
    actors.set('admin', account(admin.person.id));
    actors.set('moderator', account((await withProfile('moderator')).person.id));
    const member = await withProfile('member');
    actors.set('member', account(member.person.id));
    actors.set('invited', account((await withProfile('invited')).person.id));
    actors.set('guest', { kind: 'anonymous' });
    actors.set('signed-in stranger', account((await insertTestAccount(server)).account.id));

    const teamPerson = (await insertTestAccount(server)).account;
    const pendingPerson = (await insertTestAccount(server)).account;
    await db.insert(teamMembers).values([
      { id: newId(), projectId, email: teamPerson.email, accountId: teamPerson.id, status: 'active' },
      { id: newId(), projectId, email: pendingPerson.email, accountId: pendingPerson.id, status: 'pending' },
    ]);
    actors.set('team member', account(teamPerson.id));
    actors.set('pending team member', account(pendingPerson.id));

    const blocked = await withProfile('member');
    await db
      .insert(profileTags)
      .values({ projectId, appId, profileId: blocked.profile.id, tagId: blockedTag.id });
    actors.set('blocked member', account(blocked.person.id));

    const punish = async (until: Date) => {
      const punished = await withProfile('member');
      await db.update(profiles).set({ punishedUntil: until }).where(eq(profiles.id, punished.profile.id));
      await db
        .insert(profileTags)
        .values({ projectId, appId, profileId: punished.profile.id, tagId: punishedTag.id });
      return punished;
    };
    actors.set('punished member', account((await punish(new Date(Date.now() + 3_600_000))).person.id));
    actors.set('punishment over', account((await punish(new Date(Date.now() - 1000))).person.id));

    actors.set('masquerading admin (as member)', account(admin.person.id, member.profile.id));
    actors.set('masquerading owner (as admin)', account(owner.id, admin.profile.id));
    const ownerProfile = (await loadAppAccess(db, account(owner.id), appId)).profile!;
    actors.set('admin as owner', account(admin.person.id, ownerProfile.id));
    actors.set('admin as admin', account((await withProfile('admin')).person.id, admin.profile.id));
    actors.set('team member as owner', account(teamPerson.id, ownerProfile.id));
  });

  afterAll(async () => {
    await server.close();
  });

  const roles = Object.keys(expectedApp) as Role[];

  describe.each(roles)('%s', (role) => {
    it.each(appAbilities)('app:%s', async (ability) => {
      const expected = expectedApp[role];
      const result = loadAppAccess(server.runtime.database.db, actors.get(role)!, appId);
      if (expected === 'forbidden') {
        await expect(result).rejects.toMatchObject({ statusCode: 403 });
      } else {
        expect((await result).can.includes(ability)).toBe(expected.includes(ability));
      }
    });

    it('project abilities', async () => {
      const expected = expectedProject[role];
      const result = await loadProjectAccess(server.runtime.database.db, actors.get(role)!, projectId).then(
        (access) => [...access.can].sort(),
        (error: unknown) => (error instanceof AppError ? error.statusCode : error),
      );
      if (expected === 'not-found') {
        expect(result).toBe(404);
      } else if (expected === 'unauthorized') {
        expect(result).toBe(401);
      } else {
        expect(result).toEqual([...expected].sort());
      }
    });
  });

  it('refuses masquerade to a member without the masquerade ability', async () => {
    const db = server.runtime.database.db;
    const memberActor = actors.get('member') as Extract<Actor, { kind: 'account' }>;
    const adminAccess = await loadAppAccess(db, actors.get('admin')!, appId);
    const attempt = loadAppAccess(
      db,
      { ...memberActor, masqueradeProfileId: adminAccess.profile!.id },
      appId,
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 403 });
  });

  it('keeps the real caller in the access while masquerading', async () => {
    const access = await loadAppAccess(
      server.runtime.database.db,
      actors.get('masquerading admin (as member)')!,
      appId,
    );
    const admin = actors.get('admin') as Extract<Actor, { kind: 'account' }>;
    expect(access.masquerade?.realAccountId).toBe(admin.accountId);
    expect(access.accountId).toBe(admin.accountId);
    expect(access.role).toBe('member');
  });

  it('follows the team settings: without app management a team member only views apps', async () => {
    const db = server.runtime.database.db;
    await db
      .update(projects)
      .set({ teamSettings: { canManageApps: false, canViewFiles: false, canEditProject: true } })
      .where(eq(projects.id, projectId));
    try {
      const app = await loadAppAccess(db, actors.get('team member')!, appId);
      expect(app.can).toEqual(appVisitor);
      const project = await loadProjectAccess(db, actors.get('team member')!, projectId);
      expect([...project.can].sort()).toEqual(['edit', 'view', 'view_apps']);
    } finally {
      await db.update(projects).set({ teamSettings: {} }).where(eq(projects.id, projectId));
    }
  });

  it('hides an archived app from members but not from its managers', async () => {
    const db = server.runtime.database.db;
    await db.update(apps).set({ isArchive: true }).where(eq(apps.id, appId));
    try {
      await expect(loadAppAccess(db, actors.get('member')!, appId)).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(loadAppAccess(db, actors.get('owner')!, appId)).rejects.toMatchObject({ statusCode: 404 });
      const managed = await loadAppAccess(db, actors.get('owner')!, appId, { includeArchived: true });
      expect(managed.role).toBe('owner');
      await expect(
        loadAppAccess(db, actors.get('member')!, appId, { includeArchived: true }),
      ).rejects.toMatchObject({ statusCode: 404 });
    } finally {
      await db.update(apps).set({ isArchive: false }).where(eq(apps.id, appId));
    }
  });
});
