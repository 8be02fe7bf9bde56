import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CommentEntityType, CommentSort } from '../../../contracts/community-comments.ts';
import type { PostDiscriminator } from '../../../contracts/enums.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery, preparedSql } from '../../db/prepared.ts';
import { comments, profiles } from '../../db/schema/index.ts';

/*
 * The comments' queries. The hot ones (a post's first page with replies, a new comment) are raw SQL of one
 * statement each: the page joins authors and the caller's likes in the same query, and a new comment inserts
 * its row, counts it on the post (comments and trend score) and on its parent, and makes the author follow the
 * post in one statement of data-modifying CTEs, so it is atomic without a transaction round trip.
 */

/** A comment with what its presentation needs: the author's name and photo and whether the caller likes it. */
export type CommentView = {
  id: string;
  entityType: CommentEntityType;
  entityId: string;
  parentCommentId: string | null;
  bodyHtml: string;
  authorProfileId: string;
  authorFirstName: string;
  authorLastName: string;
  authorAvatarId: string | null;
  createdAt: Date;
  editedAt: Date | null;
  isDeleted: boolean;
  likesCount: number;
  repliesCount: number;
  isLiked: boolean;
  /** Hidden by moderation: only its author still sees it in lists. */
  isHidden: boolean;
  /** Only in a member's list: the post the comment is on. */
  post?: {
    id: string;
    name: string;
    slug: string;
    discriminator: PostDiscriminator;
    containerSlug: string;
  };
};

type RawComment = {
  id: string;
  entity_type: string;
  entity_id: string;
  parent_comment_id: string | null;
  body_html: string;
  author_profile_id: string;
  first_name: string;
  last_name: string;
  avatar_id: string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  is_deleted: boolean;
  likes_count: number | string;
  replies_count: number | string;
  is_liked: boolean;
  is_hidden: boolean;
  post_id?: string;
  post_name?: string;
  post_slug?: string;
  post_container?: string;
  container_slug?: string;
  total?: number | string | null;
};

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const noProfile = '00000000-0000-0000-0000-000000000000';

function toView(row: RawComment): CommentView {
  return {
    id: row.id,
    entityType: row.entity_type as CommentEntityType,
    entityId: row.entity_id,
    parentCommentId: row.parent_comment_id,
    bodyHtml: row.body_html,
    authorProfileId: row.author_profile_id,
    authorFirstName: row.first_name,
    authorLastName: row.last_name,
    authorAvatarId: row.avatar_id,
    createdAt: new Date(row.created_at),
    editedAt: row.edited_at === null ? null : new Date(row.edited_at),
    isDeleted: row.is_deleted,
    likesCount: Number(row.likes_count),
    repliesCount: Number(row.replies_count),
    isLiked: row.is_liked,
    isHidden: row.is_hidden,
    ...(row.post_id
      ? {
          post: {
            id: row.post_id,
            name: row.post_name ?? '',
            slug: row.post_slug ?? '',
            discriminator: row.post_container as PostDiscriminator,
            containerSlug: row.container_slug ?? '',
          },
        }
      : {}),
  };
}

/** The columns of a comment view over `c` (a comments row or CTE) and the caller's like `l`. */
const viewColumns = sql`c.id, c.entity_type, c.entity_id, c.parent_comment_id, c.body_html, c.author_profile_id,
  a.first_name, a.last_name, p.avatar_id, c.created_at, c.edited_at, c.is_deleted, c.likes_count,
  c.replies_count, (l.profile_id is not null) as is_liked, (c.hidden_at is not null) as is_hidden`;

/**
 * Comments hidden by moderation (reports, a rejection) leave every list but their author's (issue 16); their
 * counts left the post's and parent's counters when they were hidden (`hideComment`).
 */
const shownTo = (alias: SQL, viewerProfileId: string | null) =>
  sql`(${alias}.hidden_at is null or ${alias}.author_profile_id = ${viewerProfileId ?? noProfile})`;

const authorAndLike = (viewerProfileId: string | null) => sql`
  join profiles p on p.id = c.author_profile_id
  join accounts a on a.id = p.account_id
  left join comment_likes l on l.comment_id = c.id and l.profile_id = ${viewerProfileId ?? noProfile}`;

const orderOf: Record<CommentSort, SQL> = {
  oldest: sql`c.created_at, c.id`,
  trends: sql`c.likes_count desc, c.created_at, c.id`,
};

export type Page = { rows: CommentView[]; total: number };

/** One page of an entity's top-level comments (deleted ones with replies included), with the total. */
export async function listTopLevel(
  db: DbOrTx,
  entity: { type: CommentEntityType; id: string },
  options: { sort: CommentSort; limit: number; offset: number; viewerProfileId: string | null },
): Promise<Page> {
  const found = await rows<RawComment>(
    db,
    // The page is taken first (through the entity's index) and only its rows meet their authors: joined before
    // the limit, the planner may read every profile of the app for a page of ten.
    sql`with page as materialized (
        select * from comments c
        where c.entity_id = ${entity.id} and c.entity_type = ${entity.type} and c.parent_comment_id is null
          and ${shownTo(sql`c`, options.viewerProfileId)}
        order by ${orderOf[options.sort]}
        limit ${options.limit} offset ${options.offset}
      )
      select ${viewColumns},
        (select count(*) from comments t
          where t.entity_id = ${entity.id} and t.entity_type = ${entity.type} and t.parent_comment_id is null
            and ${shownTo(sql`t`, options.viewerProfileId)}) as total
      from page c ${authorAndLike(options.viewerProfileId)}
      order by ${orderOf[options.sort]}`,
  );
  if (found.length > 0) {
    return { rows: found.map(toView), total: Number(found[0]!.total) };
  }
  return { rows: [], total: await countTopLevel(db, entity, options.viewerProfileId) };
}

async function countTopLevel(
  db: DbOrTx,
  entity: { type: CommentEntityType; id: string },
  viewerProfileId: string | null,
): Promise<number> {
  const [row] = await rows<{ total: number | string }>(
    db,
    sql`select count(*) as total from comments c
      where c.entity_id = ${entity.id} and c.entity_type = ${entity.type} and c.parent_comment_id is null
        and ${shownTo(sql`c`, viewerProfileId)}`,
  );
  return Number(row?.total ?? 0);
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The first `perParent` replies of each of `parentIds`, oldest first, in one query. */
export async function firstReplies(
  db: DbOrTx,
  parentIds: readonly string[],
  options: { perParent: number; viewerProfileId: string | null },
): Promise<CommentView[]> {
  if (parentIds.length === 0) {
    return [];
  }
  const found = await rows<RawComment>(
    db,
    sql`with c as (
        select r.*, row_number() over (partition by r.parent_comment_id order by r.created_at, r.id) as position
        from comments r where r.parent_comment_id in (${idList(parentIds)})
          and ${shownTo(sql`r`, options.viewerProfileId)}
      )
      select ${viewColumns} from c ${authorAndLike(options.viewerProfileId)}
      where c.position <= ${options.perParent}
      order by c.created_at, c.id`,
  );
  return found.map(toView);
}

/** One page of the replies of a comment, oldest first. */
export async function listReplies(
  db: DbOrTx,
  parentId: string,
  options: { limit: number; offset: number; viewerProfileId: string | null },
): Promise<Page> {
  const found = await rows<RawComment>(
    db,
    sql`select ${viewColumns},
        (select count(*) from comments t where t.parent_comment_id = ${parentId}
          and ${shownTo(sql`t`, options.viewerProfileId)}) as total
      from comments c ${authorAndLike(options.viewerProfileId)}
      where c.parent_comment_id = ${parentId} and ${shownTo(sql`c`, options.viewerProfileId)}
      order by c.created_at, c.id
      limit ${options.limit} offset ${options.offset}`,
  );
  if (found.length > 0) {
    return { rows: found.map(toView), total: Number(found[0]!.total) };
  }
  const [row] = await rows<{ total: number | string }>(
    db,
    sql`select count(*) as total from comments c
      where c.parent_comment_id = ${parentId} and ${shownTo(sql`c`, options.viewerProfileId)}`,
  );
  return { rows: [], total: Number(row?.total ?? 0) };
}

/** Where a member's listed comments may lie: the spaces the caller reads, and the categories when they read them. */
export type ReadablePlaces = { spaceIds: readonly string[]; categories: boolean };

function placesCondition(places: ReadablePlaces): SQL {
  const inSpaces = places.spaceIds.length > 0 ? sql`po.space_id in (${idList(places.spaceIds)})` : sql`false`;
  return places.categories ? sql`(${inSpaces} or po.category_id is not null)` : inSpaces;
}

/** A member's live comments on published posts of the app that lie in `places`, newest first. */
export async function listByAuthor(
  db: DbOrTx,
  author: { profileId: string; appId: string },
  places: ReadablePlaces,
  options: { limit: number; offset: number; viewerProfileId: string | null },
): Promise<Page> {
  const where = sql`c.author_profile_id = ${author.profileId} and c.is_deleted = false
    and ${shownTo(sql`c`, options.viewerProfileId)}
    and po.app_id = ${author.appId} and po.deleted_at is null and po.published_at is not null
    and ${placesCondition(places)}`;
  const from = sql`comments c join community_posts po on po.id = c.entity_id
    and c.entity_type in ('post', 'communities_post')`;
  const found = await rows<RawComment>(
    db,
    sql`select ${viewColumns}, po.id as post_id, po.name as post_name, po.slug as post_slug,
        po.container as post_container, coalesce(s.slug, cat.slug) as container_slug
      from ${from}
      left join community_spaces s on s.id = po.space_id
      left join community_categories cat on cat.id = po.category_id
      ${authorAndLike(options.viewerProfileId)}
      where ${where}
      order by c.created_at desc, c.id desc
      limit ${options.limit} offset ${options.offset}`,
  );
  const [count] = await rows<{ total: number | string }>(
    db,
    sql`select count(*) as total from ${from} where ${where}`,
  );
  return { rows: found.map(toView), total: Number(count?.total ?? 0) };
}

/** One comment as the caller sees it (after a change). */
export async function findView(
  db: DbOrTx,
  id: string,
  viewerProfileId: string | null,
): Promise<CommentView | undefined> {
  const [found] = await rows<RawComment>(
    db,
    sql`select ${viewColumns} from comments c ${authorAndLike(viewerProfileId)} where c.id = ${id}`,
  );
  return found ? toView(found) : undefined;
}

export type NewComment = {
  id: string;
  appId: string;
  entityType: CommentEntityType;
  entityId: string;
  parentCommentId: string | null;
  authorProfileId: string;
  bodyHtml: string;
  bodyText: string;
};

/**
 * Inserts a comment and, in the same statement, counts it on the post (comments and trend score = likes + 2 ×
 * comments) and on its parent, and makes the author follow the post. A reply is inserted only when its parent
 * is a live top-level comment of the same entity (locked against removal meanwhile); otherwise nothing is
 * written and undefined comes back.
 */
// Written for every comment: named, so it is planned once per connection (planning it was a third of the
// statement's time).
const value = (name: string) => sql.placeholder(name);
// Only a post is counted and followed here; other entities count their comments in the same transaction.
const onPost = sql`${value('entityType')}::text in ('post', 'communities_post')`;
const insertCommentStatement = preparedSql(
  'community_comment_insert',
  sql`with parent as (
      select id from comments
      where id = ${value('parent')}::uuid and entity_id = ${value('entityId')}::uuid
        and entity_type = ${value('entityType')}::text
        and parent_comment_id is null and is_deleted = false and hidden_at is null
      for key share
    ), c as (
      insert into comments (id, app_id, entity_type, entity_id, parent_comment_id, author_profile_id,
        body_html, body_text)
      select ${value('id')}::uuid, ${value('appId')}::uuid, ${value('entityType')}::text,
        ${value('entityId')}::uuid, ${value('parent')}::uuid, ${value('authorProfileId')}::uuid,
        ${value('bodyHtml')}::text, ${value('bodyText')}::text
      where ${value('parent')}::uuid is null or exists (select 1 from parent)
      returning *
    ), counted as (
      update community_posts
      set comments_count = comments_count + 1, trend_score = likes_count + 2 * (comments_count + 1)
      where id = ${value('entityId')}::uuid and exists (select 1 from c) and ${onPost}
    ), replied as (
      update comments set replies_count = replies_count + 1
      where id = (select parent_comment_id from c)
    ), followed as (
      insert into community_post_follows (post_id, profile_id)
      select ${value('entityId')}::uuid, ${value('authorProfileId')}::uuid
      where exists (select 1 from c) and ${onPost}
      on conflict do nothing
    )
    select ${viewColumns} from c
      join profiles p on p.id = c.author_profile_id
      join accounts a on a.id = p.account_id
      left join comment_likes l on false`,
);

export async function insertComment(db: DbOrTx, comment: NewComment): Promise<CommentView | undefined> {
  const [row] = await insertCommentStatement.run<RawComment>(db, {
    parent: comment.parentCommentId,
    entityId: comment.entityId,
    entityType: comment.entityType,
    id: comment.id,
    appId: comment.appId,
    authorProfileId: comment.authorProfileId,
    bodyHtml: comment.bodyHtml,
    bodyText: comment.bodyText,
  });
  return row ? toView(row) : undefined;
}

/** A new body of a comment (sanitized), marked as edited. */
export async function updateBody(
  db: DbOrTx,
  id: string,
  body: { html: string; text: string },
): Promise<void> {
  await db
    .update(comments)
    .set({ bodyHtml: body.html, bodyText: body.text, editedAt: new Date(), updatedAt: new Date() })
    .where(eq(comments.id, id));
}

const dropMentions = (db: DbOrTx, commentIds: readonly string[]) =>
  db.execute(
    sql`delete from mentions where source_type = 'comment' and source_id in (${idList(commentIds)})`,
  );

/**
 * Deletes a comment, keeping the counters right (docs/DECISIONS.md "Community: comments and share previews"):
 * a top-level comment with replies stays as a placeholder (`is_deleted`, no body, no likes) and no longer
 * counts on the post; any other comment goes. A reply's parent counts one reply less, and a placeholder parent
 * left without replies goes too. Run inside a transaction. Returns whether the comment's row is gone.
 */
export async function deleteComment(
  tx: DbOrTx,
  comment: { id: string; parentCommentId: string | null },
  /** Moves the counter of the entity the comment is on (comments.entities.ts). */
  count: (delta: number) => Promise<unknown>,
): Promise<boolean> {
  // Locks the row: a reply arriving meanwhile waits, then counts on the state this leaves.
  const [current] = await rows<{
    replies_count: number | string;
    is_deleted: boolean;
    is_hidden: boolean;
    parent_hidden: boolean | null;
  }>(
    tx,
    sql`select c.replies_count, c.is_deleted, c.hidden_at is not null as is_hidden,
        (select p.hidden_at is not null from comments p where p.id = c.parent_comment_id) as parent_hidden
      from comments c where c.id = ${comment.id} for update`,
  );
  if (!current || current.is_deleted) {
    return false;
  }
  // A hidden comment (or a reply in a hidden thread) left the post's count when it was hidden.
  if (!current.is_hidden && !current.parent_hidden) {
    await count(-1);
  }
  await dropMentions(tx, [comment.id]);
  if (comment.parentCommentId === null && Number(current.replies_count) > 0) {
    await tx.execute(sql`delete from comment_likes where comment_id = ${comment.id}`);
    await tx.execute(sql`update comments
      set is_deleted = true, body_html = '', body_text = '', likes_count = 0, updated_at = now()
      where id = ${comment.id}`);
    return false;
  }
  await tx.delete(comments).where(eq(comments.id, comment.id));
  if (comment.parentCommentId !== null) {
    // A hidden reply left its parent's count when it was hidden.
    const [parent] = await rows<{ replies_count: number | string; is_deleted: boolean }>(
      tx,
      sql`update comments set replies_count = greatest(replies_count - ${current.is_hidden ? 0 : 1}, 0)
        where id = ${comment.parentCommentId}
        returning replies_count, is_deleted`,
    );
    // A statement cannot delete the row its own CTE updated: the placeholder goes in a second one.
    if (parent?.is_deleted && Number(parent.replies_count) === 0) {
      await tx.delete(comments).where(eq(comments.id, comment.parentCommentId));
    }
  }
  return true;
}

// ---------- moderation (issue 16) ----------

/**
 * Moves the counters when a comment is hidden (`-1`) or shown again (`+1`): the post counts the comment (unless
 * it is a placeholder) and, for a top-level comment, its shown replies, which leave the lists with it; a reply
 * counts on its parent. A reply in a hidden thread left the post's count with its thread already.
 */
async function shiftCounts(
  tx: DbOrTx,
  comment: { id: string; entityId: string; parentCommentId: string | null; isDeleted: boolean },
  sign: 1 | -1,
): Promise<void> {
  let moved = comment.isDeleted ? 0 : 1;
  if (comment.parentCommentId === null) {
    const [replies] = await rows<{ count: number | string }>(
      tx,
      sql`select count(*) as count from comments where parent_comment_id = ${comment.id} and hidden_at is null`,
    );
    moved += Number(replies?.count ?? 0);
  } else {
    const [parent] = await rows<{ hidden: boolean }>(
      tx,
      sql`update comments set replies_count = greatest(replies_count + ${sign}, 0)
        where id = ${comment.parentCommentId}
        returning hidden_at is not null as hidden`,
    );
    if (parent?.hidden) {
      moved = 0;
    }
  }
  if (moved > 0) {
    const delta = sign * moved;
    await tx.execute(sql`update community_posts
      set comments_count = greatest(comments_count + ${delta}, 0),
        trend_score = likes_count + 2 * greatest(comments_count + ${delta}, 0)
      where id = ${comment.entityId}`);
  }
}

type ModeratedComment = {
  id: string;
  entity_id: string;
  parent_comment_id: string | null;
  is_deleted: boolean;
};

const countedOf = (row: ModeratedComment) => ({
  id: row.id,
  entityId: row.entity_id,
  parentCommentId: row.parent_comment_id,
  isDeleted: row.is_deleted,
});

/**
 * Hides a comment from everyone but its author until a moderator decides, and takes it (with its thread) off
 * the counters. True when this call hid it (a conditional update: two hides count once).
 */
export async function hideComment(tx: DbOrTx, commentId: string): Promise<boolean> {
  const [row] = await rows<ModeratedComment>(
    tx,
    sql`update comments set hidden_at = now(), updated_at = now()
      where id = ${commentId} and hidden_at is null
      returning id, entity_id, parent_comment_id, is_deleted`,
  );
  if (!row) {
    return false;
  }
  await shiftCounts(tx, countedOf(row), -1);
  return true;
}

/** Shows a hidden comment again and counts it (and its thread) again; true when this call showed it. */
export async function unhideComment(tx: DbOrTx, commentId: string): Promise<boolean> {
  const [row] = await rows<ModeratedComment>(
    tx,
    sql`update comments set hidden_at = null, updated_at = now()
      where id = ${commentId} and hidden_at is not null
      returning id, entity_id, parent_comment_id, is_deleted`,
  );
  if (!row) {
    return false;
  }
  await shiftCounts(tx, countedOf(row), 1);
  return true;
}

/** When the author's latest comments of the last hour were written, newest first, at most `limit` (rate limit). */
export async function latestCommentTimes(
  db: DbOrTx,
  authorProfileId: string,
  limit: number,
): Promise<Date[]> {
  const found = await rows<{ created_at: Date | string }>(
    db,
    sql`select created_at from comments
      where author_profile_id = ${authorProfileId} and created_at > now() - interval '1 hour'
      order by created_at desc limit ${limit}`,
  );
  return found.map((row) => new Date(row.created_at));
}

/** Adds or removes the caller's like (idempotent) and keeps the comment's count with it; the new count. */
export async function setLike(
  db: DbOrTx,
  like: { commentId: string; profileId: string },
  liked: boolean,
): Promise<{ likesCount: number; changed: boolean } | undefined> {
  const change = liked
    ? sql`insert into comment_likes (comment_id, profile_id) values (${like.commentId}, ${like.profileId})
        on conflict do nothing returning 1`
    : sql`delete from comment_likes where comment_id = ${like.commentId} and profile_id = ${like.profileId}
        returning 1`;
  const sign = liked ? sql`+` : sql`-`;
  const [row] = await rows<{ likes_count: number | string; changed: number | string }>(
    db,
    sql`with changed as (${change})
      update comments set likes_count = greatest(likes_count ${sign} (select count(*) from changed), 0)
      where id = ${like.commentId}
      returning likes_count, (select count(*) from changed) as changed`,
  );
  return row ? { likesCount: Number(row.likes_count), changed: Number(row.changed) > 0 } : undefined;
}

/** A foreign key refused the row (PostgreSQL 23503): what it pointed at went meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const liveProfileOf = preparedQuery((db) =>
  db
    .select({ id: profiles.id, appId: profiles.appId, type: profiles.type })
    .from(profiles)
    .where(and(eq(profiles.id, sql.placeholder('id')), sql`${profiles.deletedAt} is null`))
    .prepare('community_comments_live_profile'),
);

/** A live profile (the member whose comments a member page lists). */
export async function findLiveProfile(db: DbOrTx, id: string) {
  const [row] = await liveProfileOf(db).execute({ id });
  return row;
}
