import { sql, type SQL } from 'drizzle-orm';
import type { PostDiscriminator } from '../../../contracts/enums.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PostAccess } from './community.access.ts';
import type { CommentAccess } from './community.scopes.ts';
import { createCommunityScopes } from './community.scopes.ts';
import { hideComment, unhideComment } from './comments.repo.ts';
import { postScopesOf } from './post-actions.routes.ts';
import { awardPostPoints, reverseContentPoints } from './post-points.ts';
import { bumpPostsCount, holdPublishedPost, releaseHeldPost } from './posts.repo.ts';

/*
 * What the moderation feature (issue 16) does with the community's posts and comments, through the community's
 * public module: hiding and showing them again with their counters kept right, the summaries its inbox shows,
 * who moderates which space, and the scopes of the report calls (a post or comment the caller sees).
 */

/**
 * Takes a published post off every list (reports, a rejection): unpublished, held, its container counts one post
 * less. Answers the publication time it had when this call hid it (an approval restores it).
 */
export async function hidePostForModeration(
  tx: DbOrTx,
  postId: string,
): Promise<{ publishedAt: Date } | undefined> {
  const held = await holdPublishedPost(tx, postId);
  if (!held) {
    return undefined;
  }
  await bumpPostsCount(tx, held, -1);
  return { publishedAt: held.publishedAt };
}

/**
 * Publishes a held post (an approval) at `publishedAt`, or now for a post that was never published; its container
 * counts it again. True when this call published it: the caller tells the app after the commit (`onPublished`).
 */
export async function releasePostFromModeration(
  tx: DbOrTx,
  postId: string,
  publishedAt: Date | null,
): Promise<boolean> {
  const released = await releaseHeldPost(tx, postId, publishedAt);
  if (!released) {
    return false;
  }
  await bumpPostsCount(tx, released, 1);
  // A held post earns its author when a moderator approves it (issue 21).
  await awardPostPoints(tx, { ...released, id: postId });
  return true;
}

export const hideCommentForModeration = hideComment;

/** A rejection: what the post or comment earned goes (its author's points, the likes it received; issue 21). */
export const reversePointsForModeration = reverseContentPoints;
export const unhideCommentForModeration = unhideComment;

export type ModeratedPerson = {
  profileId: string;
  firstName: string;
  lastName: string;
  avatarId: string | null;
};

export type ModeratedPost = {
  id: string;
  appId: string;
  discriminator: PostDiscriminator;
  name: string;
  slug: string;
  /** The head of the plain text (enough for an excerpt). */
  text: string;
  space: { id: string; slug: string; name: string } | null;
  category: { id: string; slug: string; name: string } | null;
  author: ModeratedPerson;
  isDeleted: boolean;
};

export type ModeratedComment = {
  id: string;
  postId: string;
  text: string;
  author: ModeratedPerson;
  isDeleted: boolean;
};

async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

type PersonColumns = {
  author_profile_id: string;
  first_name: string | null;
  last_name: string | null;
  avatar_id: string | null;
};

const personOf = (row: PersonColumns): ModeratedPerson => ({
  profileId: row.author_profile_id,
  firstName: row.first_name ?? '',
  lastName: row.last_name ?? '',
  avatarId: row.avatar_id,
});

/** The posts and comments of `ids` (deleted ones too, marked) as the moderation inbox shows them. */
export async function moderatedContentOf(
  db: DbOrTx,
  ids: { postIds: readonly string[]; commentIds: readonly string[] },
): Promise<{ posts: Map<string, ModeratedPost>; comments: Map<string, ModeratedComment> }> {
  const [postRows, commentRows] = await Promise.all([
    ids.postIds.length === 0
      ? []
      : rows<
          PersonColumns & {
            id: string;
            app_id: string;
            container: PostDiscriminator;
            name: string;
            slug: string;
            text: string;
            space_id: string | null;
            space_slug: string | null;
            space_name: string | null;
            category_id: string | null;
            category_slug: string | null;
            category_name: string | null;
            deleted_at: Date | string | null;
          }
        >(
          db,
          sql`select po.id, po.app_id, po.container, po.name, po.slug, left(po.body_text, 1200) as text,
              po.space_id, s.slug as space_slug, s.name as space_name,
              po.category_id, cat.slug as category_slug, cat.name as category_name,
              po.author_profile_id, a.first_name, a.last_name, p.avatar_id, po.deleted_at
            from community_posts po
            left join community_spaces s on s.id = po.space_id
            left join community_categories cat on cat.id = po.category_id
            left join profiles p on p.id = po.author_profile_id
            left join accounts a on a.id = p.account_id
            where po.id = any(${uuids(ids.postIds)})`,
        ),
    ids.commentIds.length === 0
      ? []
      : rows<PersonColumns & { id: string; entity_id: string; text: string; is_deleted: boolean }>(
          db,
          sql`select c.id, c.entity_id, left(c.body_text, 1200) as text, c.is_deleted,
              c.author_profile_id, a.first_name, a.last_name, p.avatar_id
            from comments c
            left join profiles p on p.id = c.author_profile_id
            left join accounts a on a.id = p.account_id
            where c.id = any(${uuids(ids.commentIds)})`,
        ),
  ]);
  const posts = new Map<string, ModeratedPost>(
    postRows.map((row) => [
      row.id,
      {
        id: row.id,
        appId: row.app_id,
        discriminator: row.container,
        name: row.name,
        slug: row.slug,
        text: row.text,
        space:
          row.space_id && row.space_slug !== null
            ? { id: row.space_id, slug: row.space_slug, name: row.space_name ?? '' }
            : null,
        category:
          row.category_id && row.category_slug !== null
            ? { id: row.category_id, slug: row.category_slug, name: row.category_name ?? '' }
            : null,
        author: personOf(row),
        isDeleted: row.deleted_at !== null,
      },
    ]),
  );
  const comments = new Map<string, ModeratedComment>(
    commentRows.map((row) => [
      row.id,
      { id: row.id, postId: row.entity_id, text: row.text, author: personOf(row), isDeleted: row.is_deleted },
    ]),
  );
  return { posts, comments };
}

/**
 * The spaces of the app a person moderates by name: as a space moderator (active membership with the moderator
 * role) or as a moderator of the space's group. The app's own moderator role is not counted here.
 */
export async function spacesModeratedBy(db: DbOrTx, appId: string, profileId: string): Promise<string[]> {
  const found = await rows<{ space_id: string }>(
    db,
    sql`select space_id from community_space_members
        where app_id = ${appId} and profile_id = ${profileId} and status = 'active' and role = 'moderator'
      union
      select s.id as space_id from community_group_moderators g
        join community_spaces s on s.group_id = g.group_id
        where g.app_id = ${appId} and g.profile_id = ${profileId}`,
  );
  return found.map((row) => row.space_id);
}

/** The profiles that moderate a space by name: its space moderators and its group's moderators. */
export async function moderatorsOfSpace(db: DbOrTx, spaceId: string): Promise<string[]> {
  const found = await rows<{ profile_id: string }>(
    db,
    sql`select profile_id from community_space_members
        where space_id = ${spaceId} and status = 'active' and role = 'moderator'
      union
      select g.profile_id from community_group_moderators g
        join community_spaces s on s.group_id = g.group_id
        where s.id = ${spaceId}`,
  );
  return found.map((row) => row.profile_id);
}

/** What a report is about, taken from the post or comment the report call's scope resolved. */
export type ReportTarget = {
  appId: string;
  entityType: 'post' | 'comment';
  entityId: string;
  postId: string;
  spaceId: string | null;
  authorProfileId: string;
};

export const reportTargetOfPost = (access: PostAccess): ReportTarget => ({
  appId: access.post.appId,
  entityType: 'post',
  entityId: access.post.id,
  postId: access.post.id,
  spaceId: access.post.spaceId,
  authorProfileId: access.post.authorProfileId,
});

export const reportTargetOfComment = (access: CommentAccess): ReportTarget => ({
  appId: access.post.post.appId,
  entityType: 'comment',
  entityId: access.comment.id,
  postId: access.post.post.id,
  spaceId: access.post.post.spaceId,
  authorProfileId: access.comment.authorProfileId,
});

/**
 * The scopes of the report calls: a post under both spellings (`/api/posts`, `/api/communities/posts`, as every
 * post call) and a comment, each 404 when the caller does not see it.
 */
export function reportScopes(db: DbOrTx) {
  const scopes = createCommunityScopes(db);
  return {
    posts: postScopesOf(scopes).map(({ prefix, scope }) => ({ prefix, scope })),
    comment: scopes.comment('id'),
  };
}

/** Plain text cut at a word near the excerpt length, with "…" (as post excerpts are). */
export { excerptOf } from './posts.presenter.ts';
