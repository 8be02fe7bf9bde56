import { eq, sql } from 'drizzle-orm';
import type { MemberType } from '../../contracts/enums.ts';
import { apps, profiles, profileTags, tags } from '../db/schema/index.ts';
import { newId } from '../platform/ids.ts';
import { insertCloudFile } from './cloud.ts';
import { apiCaller, insertTestAccount } from './identity.ts';
import type { TestServer } from './test-server.ts';
import { addProfile, createAppWithProfile } from './workspace.ts';

/*
 * Shared set-up of the community containers' tests (groups, spaces, members, categories, links, dropdowns):
 * one fresh app per test with people of every role, and groups and spaces made through the API.
 */

export type Person = { accountId: string; profileId: string; auth: string };

/** `call(method, url, person?, payload?)`: as that person, or anonymous. */
export function communityCaller(server: () => TestServer) {
  const call = apiCaller(server);
  return (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who?: { auth: string },
    payload?: object,
  ) => call(method, url, who?.auth, payload);
}

/** A fresh app with its owner, two members, an app moderator, and a stranger who owns another project. */
export async function communityApp(server: TestServer) {
  const db = server.runtime.database.db;
  const token = async (accountId: string) =>
    (await server.tokenFor(accountId)).authorization.replace('Bearer ', '');
  const ownerAccount = (await insertTestAccount(server)).account;
  const { app, project, profile } = await createAppWithProfile(server, ownerAccount, { as: 'owner' });
  const person = async (type: MemberType): Promise<Person> => {
    const { account } = await insertTestAccount(server);
    const row = await addProfile(server, app, account, type);
    return { accountId: account.id, profileId: row.id, auth: await token(account.id) };
  };
  const strangerAccount = (await insertTestAccount(server)).account;
  await createAppWithProfile(server, strangerAccount, { as: 'owner' });
  return {
    db,
    app,
    project,
    owner: { accountId: ownerAccount.id, profileId: profile.id, auth: await token(ownerAccount.id) },
    member: await person('member'),
    other: await person('member'),
    moderator: await person('moderator'),
    invited: await person('invited'),
    stranger: { accountId: strangerAccount.id, profileId: newId(), auth: await token(strangerAccount.id) },
    person,
    /** A live image of the app's project's cloud library (the owner's). */
    picture: async () =>
      (
        await insertCloudFile(db, {
          projectId: project.id,
          ownerAccountId: ownerAccount.id,
          type: 'image',
          name: 'titelbild.png',
          mimeType: 'image/png',
          status: null,
        })
      ).id,
    /** Lets guests read the community (and the communities, and switches those on). */
    openToGuests: async () => {
      await db
        .update(apps)
        .set({
          options: sql`jsonb_set(${apps.options}, '{services}', coalesce(${apps.options} -> 'services', '{}'::jsonb) || '{"communities": true}'::jsonb)`,
          serviceSettings: sql`${apps.serviceSettings} || '{"community": {"isVisibleToGuests": true}, "communities": {"isVisibleToGuests": true}}'::jsonb`,
        })
        .where(eq(apps.id, app.id));
    },
    /** Switches the communities service on (it starts off). */
    enableCommunities: async () => {
      await db
        .update(apps)
        .set({
          options: sql`jsonb_set(${apps.options}, '{services}', coalesce(${apps.options} -> 'services', '{}'::jsonb) || '{"communities": true}'::jsonb)`,
        })
        .where(eq(apps.id, app.id));
    },
    /** Gives a person the blocked tag, or the punished tag for an hour. */
    sanction: async (who: Person, kind: 'blocked' | 'punished') => {
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
    },
  };
}

export type CommunityApp = Awaited<ReturnType<typeof communityApp>>;

type Created = { id: string; slug: string; [key: string]: unknown };

/** A group made by the owner through the API. */
export async function createGroup(
  server: TestServer,
  tenant: CommunityApp,
  body: Record<string, unknown> = {},
): Promise<Created> {
  const response = await communityCaller(() => server)(
    'POST',
    `/api/apps/${tenant.app.id}/community/groups`,
    tenant.owner,
    { name: `Gruppe ${newId().slice(-6)}`, ...body },
  );
  if (response.statusCode !== 201) {
    throw new Error(`group: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ data: Created }>().data;
}

/** A space made by the owner through the API. */
export async function createSpace(
  server: TestServer,
  tenant: CommunityApp,
  groupId: string,
  body: Record<string, unknown> = {},
): Promise<Created> {
  const response = await communityCaller(() => server)(
    'POST',
    `/api/groups/${groupId}/spaces`,
    tenant.owner,
    {
      name: `Raum ${newId().slice(-6)}`,
      ...body,
    },
  );
  if (response.statusCode !== 201) {
    throw new Error(`space: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ data: Created }>().data;
}
