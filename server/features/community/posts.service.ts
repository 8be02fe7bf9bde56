import type { Post, PostCreateBody, PostPatchBody } from '../../../contracts/community-posts.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { randomToken } from '../../platform/crypto.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { extractMentions } from '../../platform/rich-text.ts';
import type { UrlSign } from '../cloud/public.ts';
import { dropModerationItem, holdNewPost } from '../moderation/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import type { CategoryAccess, PostAccess, SpaceAccess } from './community.access.ts';
import type { CommunityActor } from './community.policy.ts';
import { recordMentions } from './mentions.ts';
import { awardPostPoints, reverseContentPoints } from './post-points.ts';
import { assertSpaceLevel } from './space-level.ts';
import { moderationOfNewPost } from './posts.moderation.ts';
import { formValues, scheduleOf, slugBaseOf, slugTaken } from './posts.form.ts';
import {
  bumpPostsCount,
  clearTopPin,
  firstFreeSlug,
  follow,
  insertPlainPost,
  insertPost,
  isUniqueViolation,
  lockContainer,
  markDeleted,
  markPublished,
  updatePost,
  type ContainerRef,
  type NewPostRow,
} from './posts.repo.ts';
import { presentPostIds, viewerOfContainer, viewerOfPost } from './posts.views.ts';
import { schedulePublish } from './publish.job.ts';
import { findPostIdOfVote, lockVote } from './votes.repo.ts';

/*
 * Creating, reading, editing and deleting posts of both containers (spaces and communities categories). The
 * route has checked the container's `create_post` or the post's `edit` / `delete`; the rules that depend on
 * the body (a schedule, the pin flags) are checked here against the resolved access.
 */

export type PostServiceDeps = {
  db: Db;
  sign: UrlSign;
  jobs: Jobs;
  imageOrigins: readonly string[];
  /** Told after a post was published (committed): the members' counters changed (publish.job.ts). */
  onPublished: (appId: string, postId: string) => void;
  /** Told after a new post was held for moderation (committed): the moderators' inbox changed. */
  onHeld: (appId: string, spaceId: string | null) => void;
};

/** Where a new post goes: a space or a communities category, with the caller's access there. */
export type PostTarget =
  { kind: 'space'; access: SpaceAccess } | { kind: 'category'; access: CategoryAccess };

const slugIndex = 'community_posts_slug_idx';

/** The caller's profile: posts, follows and mentions are a member's own (a team member without one moderates only). */
export function authorOf(app: AppAccess): string {
  const profileId = app.profile?.id;
  if (!profileId) {
    throw forbidden();
  }
  return profileId;
}

/** Sets the post's pin to the top on or off; pinning clears the container's previous pin (same transaction). */
export async function setTopPin(tx: DbOrTx, postId: string, container: ContainerRef, pinned: boolean) {
  if (pinned) {
    await lockContainer(tx, container);
    await clearTopPin(tx, container, postId);
  }
  await updatePost(tx, postId, { pinnedToTopAt: pinned ? new Date() : null });
}

/** Attaching a poll: the poll is locked, so two posts cannot both take it. */
async function claimVote(tx: DbOrTx, voteId: string, postId: string): Promise<void> {
  await lockVote(tx, voteId);
  const carrier = await findPostIdOfVote(tx, voteId);
  if (carrier !== undefined && carrier !== postId) {
    throw badRequest({ voteId: 'validation.invalidValue' });
  }
}

export function createPostService(deps: PostServiceDeps) {
  const { db, sign, jobs, imageOrigins } = deps;

  async function presentOne(ids: string[], viewer: ReturnType<typeof viewerOfPost>): Promise<Post> {
    const [post] = await presentPostIds(db, sign, ids, viewer);
    if (!post) {
      throw notFound();
    }
    return post;
  }

  return {
    async create(target: PostTarget, input: PostCreateBody): Promise<Post> {
      const { app, actor, moderates } = containerFacts(target);
      const authorProfileId = authorOf(app);
      const publishAt = scheduleOf(input.publishAt);
      if (publishAt && !hasAbility(target, 'create_scheduled_post')) {
        throw forbidden();
      }
      if ((input.isPinnedToTop || input.isPinnedToSidebar) && !moderates) {
        throw forbidden();
      }
      if (target.kind === 'space') {
        // A space's level gate (issue 21) holds for writing too.
        await assertSpaceLevel(db, target.access);
      }
      const values = await formValues(db, input, { app, actor, imageOrigins });
      // The moderation settings: the hourly limit (429), and whether the post waits for a moderator (held).
      const { held } = await moderationOfNewPost(db, target, authorProfileId);
      const container: ContainerRef =
        target.kind === 'space'
          ? { spaceId: target.access.space.id, categoryId: null }
          : { spaceId: null, categoryId: target.access.category.id };
      const id = newId();
      const row: NewPostRow = {
        ...values,
        id,
        appId: app.app.id,
        container: target.kind === 'space' ? 'groups' : 'communities',
        ...container,
        authorProfileId,
        name: input.name,
        slug: values.slug ?? '',
        publishAt,
        timeZone: input.timeZone ?? null,
        publishedAt: publishAt || held ? null : new Date(),
        heldAt: held ? new Date() : null,
        pinnedToSidebarAt: input.isPinnedToSidebar ? new Date() : null,
        shareHash: randomToken(16),
      };
      const publishesNow = row.publishedAt !== null;
      const mentions = extractMentions(row.bodyHtml ?? '').length > 0;
      // A generated slug may be taken between finding it free and the insert: take the next one.
      // A plain post (no poll, mention or pin: nothing to lock or to add) is one statement; the rest a transaction.
      // A held post adds its moderation item in the same transaction.
      const plain = !row.voteId && !mentions && !input.isPinnedToTop && !held;
      const earns = { appId: app.app.id, id, authorProfileId };
      const write = async () => {
        if (plain) {
          // A published post earns its author in the insert's transaction (issue 21).
          await db.transaction(async (tx) => {
            await insertPlainPost(tx, row, container);
            await awardPostPoints(tx, earns);
          });
          return;
        }
        await db.transaction(async (tx) => {
          if (row.voteId) {
            await claimVote(tx, row.voteId, id);
          }
          await insertPost(tx, row);
          await follow(tx, id, authorProfileId);
          if (mentions) {
            await recordMentions(tx, { type: 'post', id, appId: app.app.id }, row.bodyHtml ?? '');
          }
          if (input.isPinnedToTop) {
            await setTopPin(tx, id, container, true);
          }
          if (publishesNow) {
            await bumpPostsCount(tx, container, 1);
            await awardPostPoints(tx, earns);
          }
          if (held) {
            await holdNewPost(tx, {
              appId: app.app.id,
              postId: id,
              spaceId: container.spaceId,
              authorProfileId,
            });
          }
        });
      };
      // A generated slug: the name's own first (free nearly always); taken, the first free `-2`, `-3` … (which
      // may be taken again before the insert: then the next one).
      for (let attempt = 0; ; attempt += 1) {
        if (input.slug === undefined) {
          const base = slugBaseOf(input.name);
          row.slug = attempt === 0 ? base : await firstFreeSlug(db, app.app.id, base);
        }
        try {
          await write();
          if (publishesNow) {
            deps.onPublished(app.app.id, row.id);
          }
          if (held) {
            deps.onHeld(app.app.id, container.spaceId);
          }
          break;
        } catch (error) {
          if (!isUniqueViolation(error, slugIndex)) {
            throw error;
          }
          if (input.slug !== undefined) {
            throw slugTaken();
          }
          if (attempt >= 5) {
            throw error;
          }
        }
      }
      if (publishAt) {
        await schedulePublish(jobs, id, publishAt);
      }
      return presentOne([id], viewerOfContainer(app, actor, { readable: true, moderates }));
    },

    get: (access: PostAccess): Promise<Post> => presentOne([access.post.id], viewerOfPost(access)),

    async update(access: PostAccess, input: PostPatchBody): Promise<Post> {
      const { post } = access;
      const publishAtChanges =
        input.publishAt !== undefined &&
        (scheduleOf(input.publishAt)?.getTime() ?? null) !== (post.publishAt?.getTime() ?? null);
      const topPinChanges =
        input.isPinnedToTop !== undefined && input.isPinnedToTop !== (post.pinnedToTopAt !== null);
      const sidebarChanges =
        input.isPinnedToSidebar !== undefined &&
        input.isPinnedToSidebar !== (post.pinnedToSidebarAt !== null);
      if (
        (publishAtChanges && !access.can.includes('edit_publish_time')) ||
        (topPinChanges && !access.can.includes('pin_to_top')) ||
        (sidebarChanges && !access.can.includes('pin_to_sidebar'))
      ) {
        throw forbidden();
      }
      const values = await formValues(db, input, {
        app: access.app,
        actor: access.actor,
        imageOrigins,
        current: post,
      });
      const container: ContainerRef = { spaceId: post.spaceId, categoryId: post.categoryId };
      const publishAt = publishAtChanges ? scheduleOf(input.publishAt) : post.publishAt;
      try {
        await db.transaction(async (tx) => {
          if (values.voteId) {
            await claimVote(tx, values.voteId, post.id);
          }
          await updatePost(tx, post.id, { ...values, ...(publishAtChanges ? { publishAt } : {}) });
          if (values.bodyHtml !== undefined) {
            await recordMentions(tx, { type: 'post', id: post.id, appId: post.appId }, values.bodyHtml);
          }
          if (topPinChanges) {
            await setTopPin(tx, post.id, container, input.isPinnedToTop!);
          }
          if (sidebarChanges) {
            await updatePost(tx, post.id, { pinnedToSidebarAt: input.isPinnedToSidebar ? new Date() : null });
          }
          // A schedule moved to now (or cleared) publishes the post, exactly as the publish call does.
          const published = publishAtChanges && !publishAt ? await markPublished(tx, post.id) : undefined;
          if (published) {
            await bumpPostsCount(tx, container, 1);
            await awardPostPoints(tx, { ...published, id: post.id });
          }
        });
      } catch (error) {
        if (isUniqueViolation(error, slugIndex)) {
          throw slugTaken();
        }
        throw error;
      }
      if (publishAtChanges && publishAt) {
        await schedulePublish(jobs, post.id, publishAt);
      }
      return presentOne([post.id], viewerOfPost(access));
    },

    /** Soft delete: the post leaves every list and its container's count; its slug stays taken (old links). */
    async remove(access: PostAccess): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await markDeleted(tx, access.post.id);
        if (deleted?.publishedAt) {
          await bumpPostsCount(tx, deleted, -1);
        }
        // Nothing is left to decide on: the post leaves the moderation inbox too.
        await dropModerationItem(tx, 'post', access.post.id);
        if (deleted) {
          // What it earned goes: its author's points and the likes it received (issue 21).
          await reverseContentPoints(tx, access.post.appId, access.post.id);
        }
      });
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;

function containerFacts(target: PostTarget): { app: AppAccess; actor: CommunityActor; moderates: boolean } {
  return { app: target.access.app, actor: target.access.actor, moderates: target.access.moderates };
}

function hasAbility(target: PostTarget, ability: 'create_scheduled_post'): boolean {
  return target.kind === 'space' ? target.access.can.includes(ability) : target.access.can.includes(ability);
}
