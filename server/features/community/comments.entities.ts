import { sql } from 'drizzle-orm';
import type { CommentEntityType } from '../../../contracts/community-comments.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { RecordedNotification } from '../notifications/public.ts';
import { loadPostAccess, type PostAccess, type PostRow } from './community.access.ts';
import type { CommunityActor } from './community.policy.ts';

/*
 * What the comments engine needs of the entity comments hang on, whatever it is: who may read and who may write
 * its comments, who moderates them, and where their counter lives. Posts are the community's own; other
 * features plug their entities in with `registerCommentEntity` (events: features/events/events.comments.ts),
 * so the community never imports them.
 */

export type CommentEntity = {
  id: string;
  appId: string;
  /** The caller as the comment abilities see them (community.policy.ts commentAbilities). */
  actor: CommunityActor;
  canView: boolean;
  canComment: boolean;
  /** May delete anyone's comment on it. */
  moderates: boolean;
  /** Moves the entity's comment counter by `delta`, inside the comment's own transaction. */
  count: (tx: DbOrTx, delta: number) => Promise<unknown>;
  /** The post, when the entity is one: its followers hear of comments, its answers are kept, comments reported. */
  post: PostAccess | null;
  /** Who hears of a new comment or a like of one on an entity that is not a post (a post's are the community's). */
  notices?: CommentNotices;
};

/** The notifications of comments on another feature's entity, recorded in the comment's or like's transaction. */
export type CommentNotices = {
  written(
    tx: DbOrTx,
    comment: {
      id: string;
      authorProfileId: string;
      parentCommentId: string | null;
      mentionedProfileIds: readonly string[];
    },
  ): Promise<RecordedNotification[]>;
  liked(
    tx: DbOrTx,
    like: { commentId: string; commentAuthorProfileId: string; likerProfileId: string },
  ): Promise<RecordedNotification[]>;
};

/** Resolves an entity of the type for the caller: 404 when they may not see it. */
export type CommentEntityResolver = (db: DbOrTx, actor: Actor, entityId: string) => Promise<CommentEntity>;

const resolvers = new Map<CommentEntityType, CommentEntityResolver>();

/** Lets members comment on a feature's entities (called once by the feature's manifest module). */
export function registerCommentEntity(
  type: Exclude<CommentEntityType, PostEntityType>,
  resolve: CommentEntityResolver,
) {
  resolvers.set(type, resolve);
}

type PostEntityType = 'post' | 'communities_post';

/** Which comment entity type a post's comments use: `post` in a space, `communities_post` in a category. */
export const entityTypeOfPost = (post: Pick<PostRow, 'container'>): PostEntityType =>
  post.container === 'groups' ? 'post' : 'communities_post';

const isPostType = (type: CommentEntityType): type is PostEntityType =>
  type === 'post' || type === 'communities_post';

/** Moves a post's comment counter and its trend score (likes + 2 × comments). */
const countOnPost = (postId: string) => (tx: DbOrTx, delta: number) =>
  tx.execute(sql`update community_posts
    set comments_count = greatest(comments_count + ${delta}, 0),
      trend_score = likes_count + 2 * greatest(comments_count + ${delta}, 0)
    where id = ${postId}`);

export const commentEntityOfPost = (access: PostAccess): CommentEntity => ({
  id: access.post.id,
  appId: access.post.appId,
  actor: access.actor,
  canView: access.can.includes('view'),
  canComment: access.can.includes('comment'),
  moderates: access.moderates,
  count: countOnPost(access.post.id),
  post: access,
});

/** The entity a comment hangs on, as the caller sees it; 404 when they may not see it or it is of another type. */
export async function loadCommentEntity(
  db: DbOrTx,
  actor: Actor,
  entity: { entityType: CommentEntityType; entityId: string },
): Promise<CommentEntity> {
  if (isPostType(entity.entityType)) {
    const access = await loadPostAccess(db, actor, entity.entityId);
    if (entityTypeOfPost(access.post) !== entity.entityType) {
      throw notFound();
    }
    return commentEntityOfPost(access);
  }
  const resolve = resolvers.get(entity.entityType);
  if (!resolve) {
    throw notFound();
  }
  return resolve(db, actor, entity.entityId);
}
