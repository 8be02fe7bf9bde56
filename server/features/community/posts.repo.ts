import { and, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import { postLimits } from '../../../contracts/community-posts.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  accounts,
  cloudFiles,
  comments,
  communityCategories,
  communityPostFollows,
  communityPostLikes,
  communityPosts,
  communitySpaces,
  profiles,
} from '../../db/schema/index.ts';

/*
 * The posts' own queries: one post or a page of them with everything a post shows (container, author, the
 * caller's like and follow) in one round trip, slugs, counters of the containers, pins and follows.
 */

export type PostRow = typeof communityPosts.$inferSelect;
export type NewPostRow = typeof communityPosts.$inferInsert;

/** Every column but the generated search vector (never shown, and large). */
const { search: _search, ...postColumns } = getTableColumns(communityPosts);

/** A post as lists show it: the row, its container's address and name, its author, the caller's like/follow. */
export type PostViewRow = Omit<PostRow, 'search'> & {
  spaceSlug: string | null;
  spaceName: string | null;
  categorySlug: string | null;
  categoryName: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAvatarId: string | null;
  isLiked: boolean;
  isFollowed: boolean;
};

/** The uuid no profile has: the viewer of a guest (nothing is theirs). */
export const noProfileId = '00000000-0000-0000-0000-000000000000';

/**
 * What a post shows beside its row: its container's address and name, its author, the caller's like and follow
 * (`viewerId` placeholder). Joined by every statement that answers posts (feed.pages.ts too).
 */
export const postViewSelection = {
  ...postColumns,
  // Only the head of the plain text: all a list shows of it is the excerpt (posts.presenter.ts), and a page of
  // 20 whole texts was a third of the bytes PostgreSQL sent. Four times the excerpt leaves room for the spaces
  // the excerpt folds; a head of nothing but spaces would give a shorter excerpt, which is all it would cost.
  bodyText: sql<string>`left(${communityPosts.bodyText}, ${sql.raw(String(postLimits.excerpt * 4))})`,
  spaceSlug: communitySpaces.slug,
  spaceName: communitySpaces.name,
  categorySlug: communityCategories.slug,
  categoryName: communityCategories.name,
  authorFirstName: accounts.firstName,
  authorLastName: accounts.lastName,
  authorAvatarId: profiles.avatarId,
  isLiked: sql<boolean>`exists (select 1 from ${communityPostLikes} where ${communityPostLikes.postId} = ${communityPosts.id} and ${communityPostLikes.profileId} = ${sql.placeholder('viewerId')}::uuid)`,
  isFollowed: sql<boolean>`exists (select 1 from ${communityPostFollows} where ${communityPostFollows.postId} = ${communityPosts.id} and ${communityPostFollows.profileId} = ${sql.placeholder('viewerId')}::uuid)`,
};

// The hot path of every list: the posts of a page by id, with what they show, in one prepared statement.
const postViewsByIds = preparedQuery((db) =>
  db
    .select(postViewSelection)
    .from(communityPosts)
    .leftJoin(communitySpaces, eq(communitySpaces.id, communityPosts.spaceId))
    .leftJoin(communityCategories, eq(communityCategories.id, communityPosts.categoryId))
    .leftJoin(profiles, eq(profiles.id, communityPosts.authorProfileId))
    .leftJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(sql`${communityPosts.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('community_post_views_by_ids'),
);

/** The live posts of `ids` as lists show them, in the order of `ids` (missing and deleted ones left out). */
export async function findPostViews(
  db: DbOrTx,
  ids: readonly string[],
  viewerProfileId: string | null,
): Promise<PostViewRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await postViewsByIds(db).execute({ ids: [...ids], viewerId: viewerProfileId ?? noProfileId });
  const byId = new Map(rows.filter((row) => row.deletedAt === null).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The apps the posts of `ids` belong to (a bulk call's ids may name any). */
export async function appIdsOfPosts(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .selectDistinct({ appId: communityPosts.appId })
    .from(communityPosts)
    .where(inArray(communityPosts.id, [...ids]));
  return rows.map((row) => row.appId);
}

export async function insertPost(tx: DbOrTx, values: NewPostRow): Promise<void> {
  await tx.insert(communityPosts).values(values);
}

/**
 * A new post, its author's follow and (published) its container's count in one statement of data-modifying
 * CTEs: atomic on its own, one round trip instead of a transaction's five.
 */
export async function insertPlainPost(
  db: DbOrTx,
  values: NewPostRow,
  container: ContainerRef,
): Promise<void> {
  const insert = db.insert(communityPosts).values(values).returning({ id: communityPosts.id }).getSQL();
  const counted = values.publishedAt
    ? container.spaceId
      ? sql`, counted as (update ${communitySpaces} set posts_count = posts_count + 1
          where id = ${container.spaceId}::uuid and exists (select 1 from post))`
      : sql`, counted as (update ${communityCategories} set posts_count = posts_count + 1
          where id = ${container.categoryId}::uuid and exists (select 1 from post))`
    : sql``;
  await db.execute(sql`with post as (${insert}),
    followed as (insert into ${communityPostFollows} (post_id, profile_id)
      select id, ${values.authorProfileId}::uuid from post)
    ${counted}
    select id from post`);
}

export async function updatePost(tx: DbOrTx, id: string, values: Partial<NewPostRow>): Promise<void> {
  await tx
    .update(communityPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(communityPosts.id, id));
}

// ---------- slugs ----------

export async function isSlugTaken(
  db: DbOrTx,
  appId: string,
  slug: string,
  exceptPostId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.appId, appId),
        eq(communityPosts.slug, slug),
        exceptPostId ? ne(communityPosts.id, exceptPostId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

// The first free slug among `base-{from}` … `base-{to}`: one index probe per taken candidate, in one statement.
const freeNumberedSlug = preparedQuery((db) =>
  db
    .select({ slug: sql<string>`candidate` })
    .from(
      sql`(select ${sql.placeholder('base')}::text || '-' || n::text as candidate, n
           from generate_series(${sql.placeholder('from')}::int, ${sql.placeholder('to')}::int) as n) as candidates`,
    )
    .where(
      sql`not exists (select 1 from ${communityPosts} where ${communityPosts.appId} = ${sql.placeholder('appId')}::uuid and ${communityPosts.slug} = candidate)`,
    )
    .orderBy(sql`n`)
    .limit(1)
    .prepare('community_post_free_numbered_slug'),
);

/**
 * The first of `base`, `base-2`, `base-3` … no post of the app has (deleted posts keep theirs: old links). The
 * plain slug is one index probe (the usual case); numbered ones are tried a hundred at a time, so a popular
 * name costs a small sort instead of one over every possible number.
 */
export async function firstFreeSlug(db: DbOrTx, appId: string, base: string): Promise<string> {
  if (!(await isSlugTaken(db, appId, base))) {
    return base;
  }
  for (let from = 2; ; from += 100) {
    const [row] = await freeNumberedSlug(db).execute({ appId, base, from, to: from + 99 });
    if (row) {
      return row.slug;
    }
  }
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown; constraint?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505') {
      return constraint === undefined || current.constraint === constraint;
    }
  }
  return false;
}

// ---------- containers ----------

export type ContainerRef = { spaceId: string | null; categoryId: string | null };

/** Adds `delta` to the published-posts counter of the post's space or category. */
export async function bumpPostsCount(tx: DbOrTx, container: ContainerRef, delta: number): Promise<void> {
  if (container.spaceId) {
    await tx
      .update(communitySpaces)
      .set({ postsCount: sql`greatest(${communitySpaces.postsCount} + ${delta}, 0)` })
      .where(eq(communitySpaces.id, container.spaceId));
  } else if (container.categoryId) {
    await tx
      .update(communityCategories)
      .set({ postsCount: sql`greatest(${communityCategories.postsCount} + ${delta}, 0)` })
      .where(eq(communityCategories.id, container.categoryId));
  }
}

/** Locks the container's row until the transaction ends: pins of one space or category happen one at a time. */
export async function lockContainer(tx: DbOrTx, container: ContainerRef): Promise<void> {
  if (container.spaceId) {
    await tx.execute(
      sql`select 1 from ${communitySpaces} where ${communitySpaces.id} = ${container.spaceId} for update`,
    );
  } else if (container.categoryId) {
    await tx.execute(
      sql`select 1 from ${communityCategories} where ${communityCategories.id} = ${container.categoryId} for update`,
    );
  }
}

/** Unpins whatever post of the container is pinned to the top (but `keepPostId`). */
export async function clearTopPin(tx: DbOrTx, container: ContainerRef, keepPostId: string): Promise<void> {
  await tx
    .update(communityPosts)
    .set({ pinnedToTopAt: null })
    .where(
      and(
        container.spaceId
          ? eq(communityPosts.spaceId, container.spaceId)
          : eq(communityPosts.categoryId, container.categoryId!),
        sql`${communityPosts.pinnedToTopAt} is not null`,
        ne(communityPosts.id, keepPostId),
      ),
    );
}

// ---------- publishing ----------

/**
 * Publishes an unpublished live post: the one statement the publish call and the scheduled job share, so
 * whichever runs first publishes and the other finds nothing. Returns the container when this call published.
 */
export async function markPublished(
  tx: DbOrTx,
  postId: string,
  options: { dueOnly?: boolean } = {},
): Promise<(ContainerRef & { appId: string; authorProfileId: string }) | undefined> {
  const [row] = await tx
    .update(communityPosts)
    .set({ publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(communityPosts.id, postId),
        isNull(communityPosts.publishedAt),
        isNull(communityPosts.deletedAt),
        // A post held by moderation is published only by a moderator's approval (releaseHeldPost).
        isNull(communityPosts.heldAt),
        // The job of a post whose schedule moved later finds it not yet due (its newer job will come).
        options.dueOnly ? sql`${communityPosts.publishAt} <= now()` : undefined,
      ),
    )
    .returning({
      spaceId: communityPosts.spaceId,
      categoryId: communityPosts.categoryId,
      appId: communityPosts.appId,
      authorProfileId: communityPosts.authorProfileId,
    });
  return row;
}

// ---------- moderation (issue 16) ----------

/**
 * Takes a published live post off every list until a moderator approves it: unpublished and held. Answers its
 * container and the publication time it had (kept by the moderation item) when this call held it.
 */
export async function holdPublishedPost(
  tx: DbOrTx,
  postId: string,
): Promise<(ContainerRef & { publishedAt: Date }) | undefined> {
  const result: unknown = await tx.execute(sql`
    with before as (
      select id, published_at from ${communityPosts}
      where id = ${postId} and published_at is not null and deleted_at is null
      for update
    )
    update ${communityPosts} p set published_at = null, held_at = now(), updated_at = now()
    from before where p.id = before.id
    returning p.space_id, p.category_id, before.published_at`);
  const [row] = (
    result as { rows: { space_id: string | null; category_id: string | null; published_at: Date | string }[] }
  ).rows;
  return row
    ? { spaceId: row.space_id, categoryId: row.category_id, publishedAt: new Date(row.published_at) }
    : undefined;
}

/**
 * Publishes a held live post again: at `publishedAt` (the time it had before reports hid it) or now. The one
 * conditional update of an approval, so two moderators approving at once publish (and count) it once.
 */
export async function releaseHeldPost(
  tx: DbOrTx,
  postId: string,
  publishedAt: Date | null,
): Promise<(ContainerRef & { appId: string; authorProfileId: string }) | undefined> {
  const [row] = await tx
    .update(communityPosts)
    .set({
      heldAt: null,
      publishedAt: publishedAt ?? sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(communityPosts.id, postId),
        sql`${communityPosts.heldAt} is not null`,
        isNull(communityPosts.publishedAt),
        isNull(communityPosts.deletedAt),
      ),
    )
    .returning({
      spaceId: communityPosts.spaceId,
      categoryId: communityPosts.categoryId,
      appId: communityPosts.appId,
      authorProfileId: communityPosts.authorProfileId,
    });
  return row;
}

/**
 * When the author's latest posts of the last hour were written, newest first, at most `limit` (the rate limit
 * of the moderation settings; the author index answers it). Deleted ones count too: deleting makes no room.
 */
export async function latestPostTimes(db: DbOrTx, authorProfileId: string, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: communityPosts.createdAt })
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.authorProfileId, authorProfileId),
        sql`${communityPosts.createdAt} > now() - interval '1 hour'`,
      ),
    )
    .orderBy(sql`${communityPosts.createdAt} desc`)
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

/** How many of the author's live posts are published, counted up to `cap` (pre-moderation of first posts). */
export async function countPublishedPostsOf(
  db: DbOrTx,
  authorProfileId: string,
  cap: number,
): Promise<number> {
  const result: unknown = await db.execute(sql`
    select count(*)::int as count from (
      select 1 from ${communityPosts}
      where author_profile_id = ${authorProfileId} and deleted_at is null and published_at is not null
      limit ${cap}
    ) as published`);
  const [row] = (result as { rows: { count: number | string }[] }).rows;
  return Number(row?.count ?? 0);
}

/** Soft-deletes a live post; answers what it was (published, where) when this call deleted it. */
export async function markDeleted(
  tx: DbOrTx,
  postId: string,
): Promise<(ContainerRef & { publishedAt: Date | null }) | undefined> {
  const [row] = await tx
    .update(communityPosts)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, pinnedToTopAt: null, pinnedToSidebarAt: null })
    .where(and(eq(communityPosts.id, postId), isNull(communityPosts.deletedAt)))
    .returning({
      spaceId: communityPosts.spaceId,
      categoryId: communityPosts.categoryId,
      publishedAt: communityPosts.publishedAt,
    });
  return row;
}

/** Unpublished live posts whose time has come (the sweep behind the per-post jobs). */
export async function findDuePostIds(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(
      and(
        isNull(communityPosts.publishedAt),
        isNull(communityPosts.deletedAt),
        isNull(communityPosts.heldAt),
        sql`${communityPosts.publishAt} <= now()`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The comments of a post that moved to the other kind of container carry its new entity type. */
export async function moveComments(tx: DbOrTx, postId: string, entityType: 'post' | 'communities_post') {
  await tx.update(comments).set({ entityType }).where(eq(comments.entityId, postId));
}

// ---------- follows ----------

export async function follow(tx: DbOrTx, postId: string, profileId: string): Promise<void> {
  await tx.insert(communityPostFollows).values({ postId, profileId }).onConflictDoNothing();
}

export async function unfollow(tx: DbOrTx, postId: string, profileId: string): Promise<void> {
  await tx
    .delete(communityPostFollows)
    .where(and(eq(communityPostFollows.postId, postId), eq(communityPostFollows.profileId, profileId)));
}

// ---------- library files ----------

export type LibraryFileRow = {
  id: string;
  name: string;
  type: 'image' | 'video' | 'audio' | 'other';
  hasVideo: boolean;
};

/**
 * Which of `ids` are live files of the project (images only with `imagesOnly`), owned by `ownerAccountId`
 * when given: what the cloud picker could have offered the caller.
 */
export async function findLibraryFiles(
  db: DbOrTx,
  projectId: string,
  ids: readonly string[],
  options: { ownerAccountId?: string; imagesOnly?: boolean } = {},
): Promise<LibraryFileRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select({
      id: cloudFiles.id,
      name: cloudFiles.name,
      type: cloudFiles.type,
      variants: cloudFiles.variants,
    })
    .from(cloudFiles)
    .where(
      and(
        inArray(cloudFiles.id, [...ids]),
        eq(cloudFiles.projectId, projectId),
        isNull(cloudFiles.deletedAt),
        options.ownerAccountId ? eq(cloudFiles.ownerAccountId, options.ownerAccountId) : undefined,
        options.imagesOnly ? eq(cloudFiles.type, 'image') : undefined,
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    hasVideo: Boolean((row.variants as { video?: unknown } | null)?.video),
  }));
}
