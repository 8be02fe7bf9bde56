import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apps, profiles, pushTokens, sessions } from '../../db/schema/index.ts';
import type { AppRow, ProfileRow } from '../workspace/public.ts';

export type ProfileWithApp = {
  profile: ProfileRow;
  app: Pick<AppRow, 'id' | 'projectId' | 'name' | 'language'>;
};

export type ProfileChanges = Partial<
  Omit<typeof profiles.$inferInsert, 'id' | 'projectId' | 'appId' | 'accountId' | 'createdAt'>
>;

/** The account's live profile in one app, with the app's name and language (for mails). */
export async function findLiveProfileOfAccount(
  db: DbOrTx,
  appId: string,
  accountId: string,
): Promise<ProfileWithApp | undefined> {
  const [row] = await db
    .select({
      profile: profiles,
      app: { id: apps.id, projectId: apps.projectId, name: apps.name, language: apps.language },
    })
    .from(profiles)
    .innerJoin(apps, eq(apps.id, profiles.appId))
    .where(and(eq(profiles.appId, appId), eq(profiles.accountId, accountId), isNull(profiles.deletedAt)))
    .limit(1);
  return row;
}

export async function updateLiveProfile(
  db: DbOrTx,
  appId: string,
  profileId: string,
  values: ProfileChanges,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(profiles.appId, appId), eq(profiles.id, profileId), isNull(profiles.deletedAt)))
    .returning();
  return row;
}

/** Marks the profile deleted, writing `values` with it; false when it was already gone (a parallel request). */
export async function softDeleteProfile(
  db: DbOrTx,
  appId: string,
  profileId: string,
  values: ProfileChanges,
): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ ...values, deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(profiles.appId, appId), eq(profiles.id, profileId), isNull(profiles.deletedAt)))
    .returning({ id: profiles.id });
  return rows.length === 1;
}

/** Ends the account's sessions that were started in this app (signed in on the app's host). */
export async function revokeAppSessionsOfAccount(
  db: DbOrTx,
  appId: string,
  accountId: string,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.appId, appId), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** One token per device and app; a device that changes hands moves to the account now signed in. */
export async function upsertPushToken(
  db: DbOrTx,
  values: {
    id: string;
    projectId: string;
    appId: string;
    accountId: string;
    deviceId: string;
    token: string;
  },
): Promise<void> {
  await db
    .insert(pushTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [pushTokens.appId, pushTokens.deviceId],
      set: {
        accountId: values.accountId,
        projectId: values.projectId,
        token: values.token,
        updatedAt: sql`now()`,
      },
    });
}

export async function deletePushTokenOfAccount(
  db: DbOrTx,
  appId: string,
  accountId: string,
  deviceId: string,
): Promise<void> {
  await db
    .delete(pushTokens)
    .where(
      and(
        eq(pushTokens.appId, appId),
        eq(pushTokens.accountId, accountId),
        eq(pushTokens.deviceId, deviceId),
      ),
    );
}

export async function deletePushTokensOfAccount(db: DbOrTx, appId: string, accountId: string): Promise<void> {
  await db.delete(pushTokens).where(and(eq(pushTokens.appId, appId), eq(pushTokens.accountId, accountId)));
}

export async function findPushToken(db: DbOrTx, appId: string, deviceId: string) {
  const [row] = await db
    .select()
    .from(pushTokens)
    .where(and(eq(pushTokens.appId, appId), eq(pushTokens.deviceId, deviceId)));
  return row;
}
