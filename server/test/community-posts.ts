import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppService } from '../../contracts/workspace.ts';
import {
  apps,
  communityCategories,
  communityGroups,
  communityPostFollows,
  communityPosts,
  communitySpaceMembers,
  communitySpaces,
  profileTags,
  profiles,
  tags,
} from '../db/schema/index.ts';
import { randomToken } from '../platform/crypto.ts';
import { newId } from '../platform/ids.ts';
import { apiCaller, caller, signedInTestAccount } from './identity.ts';
import type { TestServer } from './test-server.ts';
import { addProfile, createAppWithProfile } from './workspace.ts';

/*
 * A community to test posts in: an app with an owner, a moderator and members, a group with an open, a private
 * and a secret space, and a communities category (the communities service switched on). Rows go straight into
 * the tables; the calls under test go through the API.
 */

export type Person = { accountId: string; profileId: string; token: string };
export type Access = 'open' | 'private' | 'secret';

export async function communityApp(server: TestServer) {
  const db = server.runtime.database.db;
  const ownerAccount = await signedInTestAccount(server);
  const {
    app,
    project,
    profile: ownerProfile,
  } = await createAppWithProfile(server, { id: ownerAccount.id }, { as: 'owner' });
  await setServices(server, app.id, { communities: true });
  const person = async (type: 'member' | 'moderator' | 'admin' = 'member'): Promise<Person> => {
    const account = await signedInTestAccount(server);
    const profile = await addProfile(server, app, { id: account.id }, type);
    return { accountId: account.id, profileId: profile.id, token: account.token };
  };
  const owner: Person = { accountId: ownerAccount.id, profileId: ownerProfile.id, token: ownerAccount.token };
  const groupId = newId();
  const suffix = randomInt(1e9).toString(36);
  await db
    .insert(communityGroups)
    .values({ id: groupId, appId: app.id, name: 'Gruppe', slug: `gruppe-${suffix}`, position: 1 });
  let position = 0;
  const space = async (access: Access, name = `Raum ${access}`) => {
    const id = newId();
    position += 1;
    await db.insert(communitySpaces).values({
      id,
      appId: app.id,
      groupId,
      name,
      slug: `raum-${access}-${suffix}-${position}`,
      access,
      position,
    });
    return id;
  };
  const category = async (name = 'Kategorie') => {
    const id = newId();
    position += 1;
    await db
      .insert(communityCategories)
      .values({ id, appId: app.id, name, slug: `kategorie-${suffix}-${position}`, position });
    return id;
  };
  const join = async (
    spaceId: string,
    who: Person,
    options: { role?: 'member' | 'moderator'; status?: 'active' | 'requested' } = {},
  ) => {
    await db.insert(communitySpaceMembers).values({
      spaceId,
      profileId: who.profileId,
      appId: app.id,
      role: options.role ?? 'member',
      status: options.status ?? 'active',
    });
  };
  const sanction = async (who: Person, kind: 'blocked' | 'punished') => {
    const [tag] = await db
      .insert(tags)
      .values({ id: newId(), projectId: project.id, appId: app.id, name: `${kind}-${newId()}`, kind })
      .returning();
    await db
      .insert(profileTags)
      .values({ projectId: project.id, appId: app.id, profileId: who.profileId, tagId: tag!.id });
    if (kind === 'punished') {
      await db
        .update(profiles)
        .set({ punishedUntil: new Date(Date.now() + 3_600_000) })
        .where(eq(profiles.id, who.profileId));
    }
  };
  return { app, project, owner, person, space, category, join, sanction, groupId };
}

export type CommunityApp = Awaited<ReturnType<typeof communityApp>>;

export async function setServices(
  server: TestServer,
  appId: string,
  services: Partial<Record<AppService, boolean>>,
) {
  await server.runtime.database.db
    .update(apps)
    .set({
      options: sql`jsonb_set(coalesce(${apps.options}, '{}'::jsonb), '{services}', coalesce(${apps.options} -> 'services', '{}'::jsonb) || ${JSON.stringify(services)}::jsonb)`,
    })
    .where(eq(apps.id, appId));
}

export async function setServiceSettings(
  server: TestServer,
  appId: string,
  service: AppService,
  settings: Record<string, unknown>,
) {
  await server.runtime.database.db
    .update(apps)
    .set({
      serviceSettings: sql`jsonb_set(coalesce(${apps.serviceSettings}, '{}'::jsonb), ${`{${service}}`}::text[], coalesce(${apps.serviceSettings} -> ${service}, '{}'::jsonb) || ${JSON.stringify(settings)}::jsonb)`,
    })
    .where(eq(apps.id, appId));
}

/** `call(method, url, token?, payload?, headers?)` against the test server (PUT included: poll answers). */
export const postsCaller =
  (server: () => TestServer) =>
  (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
    headers?: Record<string, string>,
  ) =>
    caller(server()).request({ method, url, token, headers, ...(payload ? { payload } : {}) });

/** Writes a post through the API and returns it (fails the test on any other answer). */
export async function writePost(
  server: TestServer,
  who: Person,
  container: { spaceId: string } | { categoryId: string },
  body: Record<string, unknown> = {},
) {
  const url =
    'spaceId' in container
      ? `/api/spaces/${container.spaceId}/posts`
      : `/api/communities/categories/${container.categoryId}/posts`;
  const response = await apiCaller(() => server)('POST', url, who.token, {
    name: `Beitrag ${newId()}`,
    body: '<p>Hallo</p>',
    ...body,
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ data: { id: string; slug: string } & Record<string, unknown> }>().data;
}

/**
 * A post straight in the database (lists and feeds need many): published `publishedAt` (default now) or
 * unpublished (`null`), counted on its container when published, followed by its author — as the API writes it.
 */
export async function insertPost(
  server: TestServer,
  values: {
    appId: string;
    authorProfileId: string;
    spaceId?: string;
    categoryId?: string;
    name: string;
    body?: string;
    publishedAt?: Date | null;
    publishAt?: Date | null;
    trendScore?: number;
  },
) {
  const db = server.runtime.database.db;
  const id = newId();
  const publishedAt = values.publishedAt === undefined ? new Date() : values.publishedAt;
  const body = values.body ?? `<p>${values.name}</p>`;
  await db.insert(communityPosts).values({
    id,
    appId: values.appId,
    container: values.spaceId ? 'groups' : 'communities',
    spaceId: values.spaceId ?? null,
    categoryId: values.categoryId ?? null,
    authorProfileId: values.authorProfileId,
    name: values.name,
    slug: `beitrag-${id}`,
    bodyHtml: body,
    bodyText: body.replace(/<[^>]+>/g, ' ').trim(),
    publishedAt,
    publishAt: values.publishAt ?? null,
    trendScore: values.trendScore ?? 0,
    shareHash: randomToken(16),
  });
  await db.insert(communityPostFollows).values({ postId: id, profileId: values.authorProfileId });
  if (publishedAt) {
    if (values.spaceId) {
      await db
        .update(communitySpaces)
        .set({ postsCount: sql`${communitySpaces.postsCount} + 1` })
        .where(eq(communitySpaces.id, values.spaceId));
    } else {
      await db
        .update(communityCategories)
        .set({ postsCount: sql`${communityCategories.postsCount} + 1` })
        .where(eq(communityCategories.id, values.categoryId!));
    }
  }
  return { id, slug: `beitrag-${id}`, name: values.name };
}
