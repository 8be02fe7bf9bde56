import { eq } from 'drizzle-orm';
import type { MemberType, SpaceAccess } from '../../contracts/enums.ts';
import {
  accounts,
  apps,
  communityCategories,
  communityGroups,
  communityPosts,
  communitySpaceMembers,
  communitySpaces,
  profileTags,
  profiles,
  projects,
  tags,
} from '../db/schema/index.ts';
import { randomToken } from '../platform/crypto.ts';
import { newId } from '../platform/ids.ts';
import { insertTestAccount } from './identity.ts';
import type { TestServer } from './test-server.ts';
import { addProfile, addTeamMember, createAppWithProfile } from './workspace.ts';

/*
 * A community to test comments and share links in, written straight into the database: an app with its owner,
 * members of several kinds, a group with an open, a private and a secret space, a communities category, and
 * posts in each (the groups, spaces and posts APIs are other files' business).
 */

export type TestPerson = { accountId: string; profileId: string | null; auth: string; token: string };

type PostOptions = Partial<typeof communityPosts.$inferInsert>;

export async function createCommunityWorld(server: TestServer, options: { appName?: string } = {}) {
  const db = server.runtime.database.db;
  const signedIn = async (accountId: string, profileId: string | null): Promise<TestPerson> => {
    const { authorization } = await server.tokenFor(accountId);
    return { accountId, profileId, auth: authorization, token: authorization.slice('Bearer '.length) };
  };
  const { account: ownerAccount } = await insertTestAccount(server);
  const { app, project, profile } = await createAppWithProfile(server, ownerAccount, {
    as: 'owner',
    ...(options.appName ? { appName: options.appName } : {}),
  });
  const owner = await signedIn(ownerAccount.id, profile.id);

  const join = async (type: MemberType = 'member', names?: { firstName: string; lastName: string }) => {
    const { account } = await insertTestAccount(server);
    if (names) {
      await db.update(accounts).set(names).where(eq(accounts.id, account.id));
    }
    const row = await addProfile(server, app, account, type);
    return signedIn(account.id, row.id);
  };
  const sanctioned = async (kind: 'blocked' | 'punished') => {
    const person = await join();
    const [tag] = await db
      .insert(tags)
      .values({ id: newId(), projectId: project.id, appId: app.id, name: kind, kind })
      .returning();
    await db
      .insert(profileTags)
      .values({ projectId: project.id, appId: app.id, profileId: person.profileId!, tagId: tag!.id });
    if (kind === 'punished') {
      await db
        .update(profiles)
        .set({ punishedUntil: new Date(Date.now() + 3_600_000) })
        .where(eq(profiles.id, person.profileId!));
    }
    return person;
  };
  /** An active team member of the project who manages apps: an app manager without a profile. */
  const teamManager = async () => {
    const { account, email } = await insertTestAccount(server);
    await addTeamMember(server, project, { email, accountId: account.id });
    await db
      .update(projects)
      .set({ teamSettings: { canManageApps: true } })
      .where(eq(projects.id, project.id));
    return signedIn(account.id, null);
  };

  const groupId = newId();
  const suffix = groupId.slice(-8);
  await db
    .insert(communityGroups)
    .values({ id: groupId, appId: app.id, name: 'Gruppe', slug: `gruppe-${suffix}`, position: 1 });
  let position = 0;
  const space = async (access: SpaceAccess, name = `Raum ${access}`) => {
    position += 1;
    const [row] = await db
      .insert(communitySpaces)
      .values({
        id: newId(),
        appId: app.id,
        groupId,
        name,
        slug: `raum-${access}-${position}-${suffix}`,
        access,
        position,
      })
      .returning();
    return row!;
  };
  const addToSpace = async (spaceId: string, person: TestPerson, role: 'member' | 'moderator' = 'member') => {
    await db
      .insert(communitySpaceMembers)
      .values({ spaceId, profileId: person.profileId!, appId: app.id, role });
  };
  const categoryId = newId();
  await db.insert(communityCategories).values({
    id: categoryId,
    appId: app.id,
    name: 'Kategorie',
    slug: `kategorie-${suffix}`,
    position: 1,
  });
  let postNumber = 0;
  const addPost = async (
    container: { spaceId: string } | { categoryId: string },
    author: TestPerson,
    values: PostOptions = {},
  ) => {
    postNumber += 1;
    const inSpace = 'spaceId' in container;
    const [row] = await db
      .insert(communityPosts)
      .values({
        id: newId(),
        appId: app.id,
        container: inSpace ? 'groups' : 'communities',
        spaceId: inSpace ? container.spaceId : null,
        categoryId: inSpace ? null : container.categoryId,
        authorProfileId: author.profileId!,
        name: `Beitrag ${postNumber}`,
        slug: `beitrag-${postNumber}-${suffix}`,
        bodyHtml: '<p>Text des Beitrags</p>',
        bodyText: 'Text des Beitrags',
        shareHash: randomToken(16),
        publishedAt: new Date(),
        ...values,
      })
      .returning();
    return row!;
  };
  /** Switches a service on or off and sets whether guests may read it. */
  const setService = async (service: 'community' | 'communities', on: boolean, guests = false) => {
    const [current] = await db.select().from(apps).where(eq(apps.id, app.id));
    await db
      .update(apps)
      .set({
        options: { services: { ...current!.options.services, [service]: on } },
        serviceSettings: {
          ...current!.serviceSettings,
          [service]: { ...current!.serviceSettings[service], isVisibleToGuests: guests },
        },
      })
      .where(eq(apps.id, app.id));
  };
  const postRow = async (id: string) => {
    const [row] = await db.select().from(communityPosts).where(eq(communityPosts.id, id));
    return row!;
  };

  return {
    db,
    app,
    project,
    owner,
    join,
    sanctioned,
    teamManager,
    groupId,
    categoryId,
    space,
    addToSpace,
    addPost,
    postRow,
    setService,
  };
}

export type CommunityWorld = Awaited<ReturnType<typeof createCommunityWorld>>;

/** Someone with an app of their own in another project (the "other tenant"). */
export async function createOutsider(server: TestServer): Promise<TestPerson> {
  const { account } = await insertTestAccount(server);
  const { profile } = await createAppWithProfile(server, account, { as: 'owner' });
  const { authorization } = await server.tokenFor(account.id);
  return {
    accountId: account.id,
    profileId: profile.id,
    auth: authorization,
    token: authorization.slice('Bearer '.length),
  };
}
