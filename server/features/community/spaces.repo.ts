import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  comments,
  communityGroups,
  communityPosts,
  communitySpaces,
  mentions,
  votes,
} from '../../db/schema/index.ts';

export type SpaceRow = typeof communitySpaces.$inferSelect;
export type SpaceChanges = Partial<
  Omit<typeof communitySpaces.$inferInsert, 'id' | 'appId' | 'groupId' | 'postsCount' | 'membersCount'>
>;

/** Every space of the app in display order: by its group's position, then its own. */
export async function listSpaces(db: DbOrTx, appId: string): Promise<SpaceRow[]> {
  const rows = await db
    .select({ space: communitySpaces })
    .from(communitySpaces)
    .innerJoin(communityGroups, eq(communityGroups.id, communitySpaces.groupId))
    .where(eq(communitySpaces.appId, appId))
    .orderBy(
      asc(communityGroups.position),
      asc(communityGroups.id),
      asc(communitySpaces.position),
      asc(communitySpaces.id),
    );
  return rows.map((row) => row.space);
}

/** The spaces of one group in order (for moves). */
export async function listSpacesOfGroup(db: DbOrTx, groupId: string): Promise<SpaceRow[]> {
  return db
    .select()
    .from(communitySpaces)
    .where(eq(communitySpaces.groupId, groupId))
    .orderBy(asc(communitySpaces.position), asc(communitySpaces.id));
}

export async function findSpace(db: DbOrTx, id: string): Promise<SpaceRow | undefined> {
  const [row] = await db.select().from(communitySpaces).where(eq(communitySpaces.id, id));
  return row;
}

export async function findSpaceBySlug(
  db: DbOrTx,
  appId: string,
  slug: string,
): Promise<SpaceRow | undefined> {
  const [row] = await db
    .select()
    .from(communitySpaces)
    .where(and(eq(communitySpaces.appId, appId), eq(communitySpaces.slug, slug)));
  return row;
}

export async function findSpaceIdsOfApp(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: communitySpaces.id })
    .from(communitySpaces)
    .where(and(eq(communitySpaces.appId, appId), inArray(communitySpaces.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Locks the group row: adding and moving spaces read its spaces' positions and then write. */
export async function lockGroup(db: DbOrTx, groupId: string): Promise<boolean> {
  const rows = await db
    .select({ id: communityGroups.id })
    .from(communityGroups)
    .where(eq(communityGroups.id, groupId))
    .for('update');
  return rows.length === 1;
}

export async function insertSpace(
  db: DbOrTx,
  values: typeof communitySpaces.$inferInsert,
): Promise<SpaceRow> {
  const [row] = await db.insert(communitySpaces).values(values).returning();
  return row!;
}

export async function updateSpace(
  db: DbOrTx,
  id: string,
  changes: SpaceChanges,
): Promise<SpaceRow | undefined> {
  const [row] = await db
    .update(communitySpaces)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(communitySpaces.id, id))
    .returning();
  return row;
}

/**
 * Removes what hangs on the posts of the spaces or categories without a foreign key to them (comments are
 * stored per entity id, mentions per source id, polls are referenced from the post), before the posts go
 * with their container (ON DELETE CASCADE).
 */
export async function purgePostsOf(
  db: DbOrTx,
  container: { spaceIds?: readonly string[]; categoryIds?: readonly string[] },
): Promise<void> {
  const spaceIds = [...(container.spaceIds ?? [])];
  const categoryIds = [...(container.categoryIds ?? [])];
  if (spaceIds.length === 0 && categoryIds.length === 0) {
    return;
  }
  const posts = await db
    .select({ id: communityPosts.id, voteId: communityPosts.voteId })
    .from(communityPosts)
    .where(
      or(
        spaceIds.length > 0 ? inArray(communityPosts.spaceId, spaceIds) : undefined,
        categoryIds.length > 0 ? inArray(communityPosts.categoryId, categoryIds) : undefined,
      ),
    );
  if (posts.length === 0) {
    return;
  }
  const postIds = posts.map((post) => post.id);
  const commentIds = (
    await db.select({ id: comments.id }).from(comments).where(inArray(comments.entityId, postIds))
  ).map((row) => row.id);
  if (commentIds.length > 0) {
    await db
      .delete(mentions)
      .where(and(eq(mentions.sourceType, 'comment'), inArray(mentions.sourceId, commentIds)));
  }
  await db.delete(mentions).where(and(eq(mentions.sourceType, 'post'), inArray(mentions.sourceId, postIds)));
  // Replies go with their parent (ON DELETE CASCADE), likes with their comment.
  await db.delete(comments).where(inArray(comments.entityId, postIds));
  const voteIds = posts.flatMap((post) => (post.voteId ? [post.voteId] : []));
  await db.delete(communityPosts).where(inArray(communityPosts.id, postIds));
  if (voteIds.length > 0) {
    await db.delete(votes).where(inArray(votes.id, voteIds));
  }
}

export async function deleteSpace(db: DbOrTx, id: string): Promise<boolean> {
  await purgePostsOf(db, { spaceIds: [id] });
  const rows = await db
    .delete(communitySpaces)
    .where(eq(communitySpaces.id, id))
    .returning({ id: communitySpaces.id });
  return rows.length === 1;
}
