import type { Post, PostMoveBody } from '../../../contracts/community-posts.ts';
import type { Actor } from '../../platform/auth.ts';
import { randomToken } from '../../platform/crypto.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { moveModerationItems } from '../moderation/public.ts';
import { loadCategoryAccess, loadPostAccess, loadSpaceAccess, type PostAccess } from './community.access.ts';
import { recordMentions } from './mentions.ts';
import { awardPostPoints } from './post-points.ts';
import { slugBaseOf } from './posts.form.ts';
import {
  bumpPostsCount,
  firstFreeSlug,
  follow,
  insertPost,
  isUniqueViolation,
  markPublished,
  moveComments,
  unfollow,
  updatePost,
  type ContainerRef,
} from './posts.repo.ts';
import { authorOf, setTopPin, type PostServiceDeps } from './posts.service.ts';
import { presentPostIds, viewerOfPost } from './posts.views.ts';
import { copyVote, findVote } from './votes.repo.ts';

/*
 * What moderators and authors do with a post beside editing it (spec §4 "Post"): publish a scheduled post,
 * pin it to the top (one per space or category) or the sidebar, move it to another container, clone it, and
 * follow it. The route checked the post's ability; each action answers the post as the caller now sees it.
 */

const containerOf = (access: PostAccess): ContainerRef => ({
  spaceId: access.post.spaceId,
  categoryId: access.post.categoryId,
});

export function createPostActionService(deps: Omit<PostServiceDeps, 'jobs' | 'imageOrigins' | 'onHeld'>) {
  const { db, sign } = deps;

  /** The post again, with abilities from a fresh load (publishing or moving changes them). */
  async function reload(actor: Actor, postId: string): Promise<Post> {
    const access = await loadPostAccess(db, actor, postId);
    const [post] = await presentPostIds(db, sign, [postId], viewerOfPost(access));
    if (!post) {
      throw notFound();
    }
    return post;
  }

  return {
    /** Publishes a scheduled post now; a post the job published meanwhile is answered as it is (exactly once). */
    async publish(actor: Actor, access: PostAccess): Promise<Post> {
      const published = await db.transaction(async (tx) => {
        const published = await markPublished(tx, access.post.id);
        if (!published) {
          return false;
        }
        await bumpPostsCount(tx, containerOf(access), 1);
        await awardPostPoints(tx, { ...published, id: access.post.id });
        return true;
      });
      if (published) {
        deps.onPublished(access.post.appId, access.post.id);
      }
      return reload(actor, access.post.id);
    },

    async pinToTop(actor: Actor, access: PostAccess, pinned: boolean): Promise<Post> {
      await db.transaction((tx) => setTopPin(tx, access.post.id, containerOf(access), pinned));
      return reload(actor, access.post.id);
    },

    async pinToSidebar(actor: Actor, access: PostAccess, pinned: boolean): Promise<Post> {
      await updatePostNow(access.post.id, { pinnedToSidebarAt: pinned ? new Date() : null });
      return reload(actor, access.post.id);
    },

    /**
     * Moves the post to another space or category: the caller needs `create_post` there (404 when they do not
     * see it). The pins stay behind (they belonged to the old container), counters of both move, comments
     * follow the post's kind.
     */
    async move(actor: Actor, access: PostAccess, target: PostMoveBody): Promise<Post> {
      const { post } = access;
      if (Boolean(target.spaceId) === Boolean(target.categoryId)) {
        throw badRequest({ spaceId: 'validation.someRequired' });
      }
      let to: ContainerRef;
      if (target.spaceId) {
        const space = await loadSpaceAccess(db, actor, target.spaceId);
        if (space.space.appId !== post.appId) {
          throw notFound();
        }
        if (!space.can.includes('create_post')) {
          throw forbidden();
        }
        to = { spaceId: space.space.id, categoryId: null };
      } else {
        const category = await loadCategoryAccess(db, actor, target.categoryId!);
        if (category.category.appId !== post.appId) {
          throw notFound();
        }
        if (!category.can.includes('create_post')) {
          throw forbidden();
        }
        to = { spaceId: null, categoryId: category.category.id };
      }
      const from = containerOf(access);
      if (from.spaceId === to.spaceId && from.categoryId === to.categoryId) {
        return reload(actor, post.id);
      }
      const container = to.spaceId ? 'groups' : 'communities';
      await db.transaction(async (tx) => {
        await updatePost(tx, post.id, { ...to, container, pinnedToTopAt: null, pinnedToSidebarAt: null });
        if (container !== post.container) {
          await moveComments(tx, post.id, container === 'groups' ? 'post' : 'communities_post');
        }
        if (post.publishedAt) {
          await bumpPostsCount(tx, from, -1);
          await bumpPostsCount(tx, to, 1);
        }
        // Its moderation item follows it: the new space's moderators decide on it now.
        await moveModerationItems(tx, { appId: post.appId, postId: post.id }, to.spaceId);
      });
      return reload(actor, post.id);
    },

    /**
     * A copy in the same container, not published (it waits in the scheduled list for its publish call), by
     * the caller (the original's author when the caller has no profile), with a new slug and share address, a
     * fresh copy of the poll, no likes, comments or pins.
     */
    async clone(actor: Actor, access: PostAccess): Promise<Post> {
      const { search: _search, deletedAt: _deletedAt, ...post } = access.post;
      const authorProfileId = access.app.profile?.id ?? post.authorProfileId;
      const id = newId();
      for (let attempt = 0; ; attempt += 1) {
        const slug = await firstFreeSlug(db, post.appId, slugBaseOf(post.name));
        try {
          await db.transaction(async (tx) => {
            const vote = post.voteId ? await findVote(tx, post.voteId) : undefined;
            await insertPost(tx, {
              ...post,
              id,
              slug,
              authorProfileId,
              voteId: vote ? await copyVote(tx, vote, authorProfileId) : null,
              publishAt: null,
              timeZone: null,
              publishedAt: null,
              // A held post's copy is the caller's own draft (only moderators clone): nothing to moderate.
              heldAt: null,
              pinnedToTopAt: null,
              pinnedToSidebarAt: null,
              shareHash: randomToken(16),
              likesCount: 0,
              commentsCount: 0,
              trendScore: 0,
              createdAt: new Date(),
              updatedAt: new Date(),
            });
            await follow(tx, id, authorProfileId);
            await recordMentions(tx, { type: 'post', id, appId: post.appId }, post.bodyHtml);
          });
          break;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) {
            throw error;
          }
        }
      }
      return reload(actor, id);
    },

    async follow(access: PostAccess, following: boolean): Promise<{ isFollowed: boolean }> {
      const profileId = authorOf(access.app);
      await (following ? follow(db, access.post.id, profileId) : unfollow(db, access.post.id, profileId));
      return { isFollowed: following };
    },
  };

  async function updatePostNow(postId: string, values: Parameters<typeof updatePost>[2]) {
    await updatePost(db, postId, values);
  }
}

export type PostActionService = ReturnType<typeof createPostActionService>;
