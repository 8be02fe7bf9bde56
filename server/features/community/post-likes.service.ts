import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communityPostLikes, communityPosts } from '../../db/schema/index.ts';
import type { PostAccess } from './community.access.ts';
import type { Notifier } from '../notifications/public.ts';
import { notifyPostLike } from './community-notifications.ts';
import { likePoints } from './post-points.ts';
import { authorOf } from './posts.service.ts';

/*
 * Likes on posts: one per member and post, idempotent both ways. The post's `likes_count` and `trend_score`
 * (likes + 2 × comments, the comments' formula too) move in the transaction of the like row, and only when the
 * row did.
 */

export type LikeState = { isLiked: boolean; likesCount: number };

/** The like's points (issue 21): the post's author earns, the liker never for their own post. */
const likeOf = (access: PostAccess, likerProfileId: string) => ({
  appId: access.post.appId,
  contentId: access.post.id,
  authorProfileId: access.post.authorProfileId,
  likerProfileId,
});

export function createPostLikeService(deps: { db: Db; notifier: Pick<Notifier, 'deliver'> }) {
  const { db, notifier } = deps;

  async function countOf(postId: string): Promise<number> {
    const [row] = await db
      .select({ likesCount: communityPosts.likesCount })
      .from(communityPosts)
      .where(eq(communityPosts.id, postId));
    return row?.likesCount ?? 0;
  }

  return {
    async like(access: PostAccess): Promise<LikeState> {
      const profileId = authorOf(access.app);
      const postId = access.post.id;
      const liked = await db.transaction(async (tx) => {
        const [added] = await tx
          .insert(communityPostLikes)
          .values({ postId, profileId })
          .onConflictDoNothing()
          .returning({ postId: communityPostLikes.postId });
        if (!added) {
          return undefined;
        }
        const [row] = await tx
          .update(communityPosts)
          .set({
            likesCount: sql`${communityPosts.likesCount} + 1`,
            trendScore: sql`${communityPosts.likesCount} + 1 + 2 * ${communityPosts.commentsCount}`,
          })
          .where(eq(communityPosts.id, postId))
          .returning({ likesCount: communityPosts.likesCount });
        await likePoints(tx, likeOf(access, profileId), true);
        const told = await notifyPostLike(tx, access.post, profileId);
        return { likesCount: row?.likesCount, told };
      });
      if (liked) {
        await notifier.deliver(liked.told);
      }
      const likesCount = liked?.likesCount;
      return { isLiked: true, likesCount: likesCount ?? (await countOf(postId)) };
    },

    async unlike(access: PostAccess): Promise<LikeState> {
      const profileId = authorOf(access.app);
      const postId = access.post.id;
      const likesCount = await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(communityPostLikes)
          .where(and(eq(communityPostLikes.postId, postId), eq(communityPostLikes.profileId, profileId)))
          .returning({ postId: communityPostLikes.postId });
        if (!removed) {
          return undefined;
        }
        const [row] = await tx
          .update(communityPosts)
          .set({
            likesCount: sql`greatest(${communityPosts.likesCount} - 1, 0)`,
            trendScore: sql`greatest(${communityPosts.likesCount} - 1, 0) + 2 * ${communityPosts.commentsCount}`,
          })
          .where(eq(communityPosts.id, postId))
          .returning({ likesCount: communityPosts.likesCount });
        await likePoints(tx, likeOf(access, profileId), false);
        return row?.likesCount;
      });
      return { isLiked: false, likesCount: likesCount ?? (await countOf(postId)) };
    },
  };
}

export type PostLikeService = ReturnType<typeof createPostLikeService>;
