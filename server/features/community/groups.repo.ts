import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { communityGroupModerators, communityGroups, communitySpaces } from '../../db/schema/index.ts';
import { purgePostsOf } from './spaces.repo.ts';
import { lockList } from './spaces.positions.ts';

export type GroupRow = typeof communityGroups.$inferSelect;
export type GroupChanges = Partial<Pick<GroupRow, 'name' | 'slug' | 'description' | 'coverId' | 'position'>>;

/** The app's groups in order. */
export async function listGroups(db: DbOrTx, appId: string): Promise<GroupRow[]> {
  return db
    .select()
    .from(communityGroups)
    .where(eq(communityGroups.appId, appId))
    .orderBy(asc(communityGroups.position), asc(communityGroups.id));
}

export async function findGroupIdsOfApp(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: communityGroups.id })
    .from(communityGroups)
    .where(and(eq(communityGroups.appId, appId), inArray(communityGroups.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Adding and moving read the app's positions and then write: they take turns per app. */
export async function lockAppGroups(db: DbOrTx, appId: string): Promise<void> {
  await lockList(db, 'groups', appId);
}

export async function insertGroup(
  db: DbOrTx,
  values: typeof communityGroups.$inferInsert,
): Promise<GroupRow> {
  const [row] = await db.insert(communityGroups).values(values).returning();
  return row!;
}

export async function updateGroup(
  db: DbOrTx,
  id: string,
  changes: GroupChanges,
): Promise<GroupRow | undefined> {
  const [row] = await db
    .update(communityGroups)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(communityGroups.id, id))
    .returning();
  return row;
}

/** The group, its spaces, their memberships and posts (cascades), and what hangs on the posts (purge). */
export async function deleteGroup(db: DbOrTx, id: string): Promise<boolean> {
  const spaceIds = (
    await db.select({ id: communitySpaces.id }).from(communitySpaces).where(eq(communitySpaces.groupId, id))
  ).map((row) => row.id);
  await purgePostsOf(db, { spaceIds });
  const rows = await db
    .delete(communityGroups)
    .where(eq(communityGroups.id, id))
    .returning({ id: communityGroups.id });
  return rows.length === 1;
}

/** The group's moderators become `profileIds` exactly. */
export async function replaceGroupModerators(
  db: DbOrTx,
  group: { id: string; appId: string },
  profileIds: readonly string[],
): Promise<void> {
  await db.delete(communityGroupModerators).where(eq(communityGroupModerators.groupId, group.id));
  if (profileIds.length > 0) {
    await db
      .insert(communityGroupModerators)
      .values(profileIds.map((profileId) => ({ groupId: group.id, profileId, appId: group.appId })))
      .onConflictDoNothing();
  }
}

/** The groups a profile moderates become `groupIds` exactly (the member admin form). */
export async function replaceModeratedGroups(
  db: DbOrTx,
  appId: string,
  profileId: string,
  groupIds: readonly string[],
): Promise<void> {
  await db
    .delete(communityGroupModerators)
    .where(and(eq(communityGroupModerators.appId, appId), eq(communityGroupModerators.profileId, profileId)));
  if (groupIds.length > 0) {
    await db
      .insert(communityGroupModerators)
      .values(groupIds.map((groupId) => ({ groupId, profileId, appId })))
      .onConflictDoNothing();
  }
}
