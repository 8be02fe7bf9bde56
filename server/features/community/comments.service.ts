import {
  commentLimits,
  type Comment,
  type CommentCreateBody,
  type CommentDeleteResult,
  type CommentLikeState,
  type CommentList,
  type CommentListQuery,
} from '../../../contracts/community-comments.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { extractMentions, richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import type { UrlSign } from '../cloud/public.ts';
import { assertWithinHourlyLimit, dropModerationItem, moderationSettingsOf } from '../moderation/public.ts';
import { communityActorOf, loadCommunityView, readableSpaceIds } from './community.access.ts';
import { categoryAbilities, type CommentAbility } from './community.policy.ts';
import type { CommentEntity } from './comments.entities.ts';
import * as repo from './comments.repo.ts';
import { presentComment, presentReply } from './comments.presenter.ts';
import {
  commentAbilitiesOn,
  type EntityCommentAccess,
  type CommentEntityAccess,
  type CommentListAccess,
} from './comments.scopes.ts';
import { awardCommentPoints, likePoints, reverseContentPoints } from './post-points.ts';
import { recordMentions } from './mentions.ts';
import type { Notifier } from '../notifications/public.ts';
import { notifyComment, notifyCommentLike } from './community-notifications.ts';

/*
 * Comments on posts (issue 15): one level of replies, edit, delete (a comment with replies stays as a
 * placeholder), likes. The route scopes have decided visibility and the route's ability already; what is left
 * here are the rules that depend on the request (the reply's parent, an empty body) and the counters.
 */

const pagesOf = (total: number, size: number) => Math.ceil(total / size);

export function createCommentService(deps: {
  db: Db;
  sign: UrlSign;
  imageOrigins: readonly string[];
  notifier: Pick<Notifier, 'deliver'>;
}) {
  const { db, sign, notifier } = deps;

  const abilitiesOn = (entity: CommentEntity, view: repo.CommentView): CommentAbility[] =>
    commentAbilitiesOn(entity, {
      authorProfileId: view.authorProfileId,
      isDeleted: view.isDeleted,
      isReply: view.parentCommentId !== null,
    });

  /** The sanitized body and its text; 400 when nothing is left to show. */
  function cleanBody(html: string): { html: string; text: string } {
    const clean = sanitizeRichText(html, { imageOrigins: deps.imageOrigins, field: 'body' });
    const text = richTextToPlainText(clean);
    if (text === '' && !/<(img|iframe)[\s>]/.test(clean)) {
      throw badRequest({ body: validationKeys.required });
    }
    return { html: clean, text };
  }

  /** Top-level comments with their first replies inline. */
  async function withReplies(entity: CommentEntity, views: repo.CommentView[]): Promise<Comment[]> {
    const viewerProfileId = entity.actor.profileId;
    const parents = views.filter((view) => view.repliesCount > 0).map((view) => view.id);
    const replies = await repo.firstReplies(db, parents, {
      perParent: commentLimits.inlineReplies,
      viewerProfileId,
    });
    return views.map((view) =>
      presentComment(view, {
        can: abilitiesOn(entity, view),
        sign,
        replies: replies
          .filter((reply) => reply.parentCommentId === view.id)
          .map((reply) => presentReply(reply, { can: abilitiesOn(entity, reply), sign })),
      }),
    );
  }

  async function listOfEntity(
    access: Extract<CommentListAccess, { kind: 'entity' }>,
    query: CommentListQuery,
  ): Promise<CommentList> {
    const { entity } = access;
    const viewerProfileId = entity.actor.profileId;
    if (query.parentCommentId) {
      const parent = await repo.findView(db, query.parentCommentId, viewerProfileId);
      if (
        !parent ||
        parent.entityId !== entity.id ||
        parent.parentCommentId !== null ||
        (parent.isHidden && parent.authorProfileId !== viewerProfileId)
      ) {
        throw notFound();
      }
      const size = commentLimits.repliesPageSize;
      const page = await repo.listReplies(db, parent.id, {
        limit: size,
        offset: (query.page - 1) * size,
        viewerProfileId,
      });
      return {
        data: page.rows.map((reply) => presentReply(reply, { can: abilitiesOn(entity, reply), sign })),
        meta: { page: query.page, pages: pagesOf(page.total, size), total: page.total },
      };
    }
    const size = commentLimits.pageSize;
    const page = await repo.listTopLevel(
      db,
      { type: access.entityType, id: entity.id },
      { sort: query.sort, limit: size, offset: (query.page - 1) * size, viewerProfileId },
    );
    return {
      data: await withReplies(entity, page.rows),
      meta: { page: query.page, pages: pagesOf(page.total, size), total: page.total },
    };
  }

  /**
   * A member's comments on posts the caller reads: spaces they may read, categories when they read those. Only
   * `view` in `permissions.can`: the actions live on the post's page, where the list links to.
   */
  async function listOfMember(
    access: Extract<CommentListAccess, { kind: 'profile' }>,
    query: CommentListQuery,
  ): Promise<CommentList> {
    if (query.parentCommentId) {
      throw badRequest({ parentCommentId: validationKeys.invalidValue });
    }
    const view = await loadCommunityView(db, access.app);
    const categories = categoryAbilities(communityActorOf(access.app, 'communities')).includes('view');
    const size = commentLimits.pageSize;
    const page = await repo.listByAuthor(
      db,
      { profileId: access.profileId, appId: access.app.app.id },
      { spaceIds: readableSpaceIds(view), categories },
      { limit: size, offset: (query.page - 1) * size, viewerProfileId: view.actor.profileId },
    );
    return {
      data: page.rows.map((row) => presentComment(row, { can: ['view'], sign })),
      meta: { page: query.page, pages: pagesOf(page.total, size), total: page.total },
    };
  }

  /**
   * The comment's author hears of a like. Told after the like's own statement (which stays one round trip); a
   * like taken back and given again within the collapse window adds nothing new to the author's item.
   */
  async function tellCommentLiked(access: EntityCommentAccess, likerProfileId: string): Promise<void> {
    const { post, notices } = access.entity;
    const like = {
      commentId: access.comment.id,
      commentAuthorProfileId: access.comment.authorProfileId,
      likerProfileId,
    };
    const told = await db.transaction(async (tx) =>
      post ? notifyCommentLike(tx, { post: post.post, ...like }) : ((await notices?.liked(tx, like)) ?? []),
    );
    await notifier.deliver(told);
  }

  return {
    list: (access: CommentListAccess, query: CommentListQuery): Promise<CommentList> =>
      access.kind === 'entity' ? listOfEntity(access, query) : listOfMember(access, query),

    /**
     * A comment or a reply (to a live top-level comment of the same entity), counted in the same transaction (on
     * a post in the same statement).
     */
    async create(access: CommentEntityAccess, body: CommentCreateBody): Promise<Comment> {
      const { entity } = access;
      const authorProfileId = entity.actor.profileId;
      if (authorProfileId === null) {
        // The entity's `comment` ability needs a profile; the scope has checked it.
        throw notFound();
      }
      const clean = cleanBody(body.body);
      // The moderation settings' hourly limit per member; whoever moderates the entity is not limited.
      if (!entity.moderates) {
        const { commentsPerHour } = await moderationSettingsOf(db, entity.appId);
        if (commentsPerHour > 0) {
          const latest = await repo.latestCommentTimes(db, authorProfileId, commentsPerHour);
          assertWithinHourlyLimit('comment', latest, commentsPerHour);
        }
      }
      const comment: repo.NewComment = {
        id: newId(),
        appId: entity.appId,
        entityType: access.entityType,
        entityId: entity.id,
        parentCommentId: body.parentCommentId ?? null,
        authorProfileId,
        bodyHtml: clean.html,
        bodyText: clean.text,
      };
      // The comment, its mentions and who hears of it: one transaction, delivered after commit.
      const written = await db.transaction(async (tx) => {
        const inserted = await repo.insertComment(tx, comment);
        if (!inserted) {
          return undefined;
        }
        if (!entity.post) {
          await entity.count(tx, 1);
        }
        // Every entity's comments (posts, lessons, events) earn their author here (issue 21).
        await awardCommentPoints(tx, { appId: comment.appId, id: comment.id, authorProfileId });
        const mentioned =
          extractMentions(clean.html).length === 0
            ? []
            : await recordMentions(tx, { type: 'comment', id: comment.id, appId: comment.appId }, clean.html);
        const notice = {
          authorProfileId,
          parentCommentId: comment.parentCommentId,
          mentionedProfileIds: mentioned,
        };
        const told = entity.post
          ? await notifyComment(tx, { post: entity.post.post, commentId: comment.id, ...notice })
          : ((await entity.notices?.written(tx, { id: comment.id, ...notice })) ?? []);
        return { inserted, told };
      });
      if (!written) {
        // No live top-level comment of this entity by that id: replies go one level deep, on the same entity.
        throw badRequest({ parentCommentId: validationKeys.invalidValue });
      }
      await notifier.deliver(written.told);
      const created = written.inserted;
      return presentComment(created, { can: abilitiesOn(entity, created), sign });
    },

    /** The author's new body (mentions follow it). */
    async update(access: EntityCommentAccess, body: { body: string }): Promise<Comment> {
      const clean = cleanBody(body.body);
      const { comment, entity } = access;
      await db.transaction(async (tx) => {
        await repo.updateBody(tx, comment.id, clean);
        await recordMentions(tx, { type: 'comment', id: comment.id, appId: comment.appId }, clean.html);
      });
      const view = await repo.findView(db, comment.id, entity.actor.profileId);
      if (!view) {
        throw notFound();
      }
      const [presented] = view.parentCommentId === null ? await withReplies(entity, [view]) : [];
      return presented ?? presentComment(view, { can: abilitiesOn(entity, view), sign });
    },

    async remove(access: EntityCommentAccess): Promise<CommentDeleteResult> {
      const { comment } = access;
      const isRemoved = await db.transaction(async (tx) => {
        const removed = await repo.deleteComment(
          tx,
          { id: comment.id, parentCommentId: comment.parentCommentId },
          (delta) => access.entity.count(tx, delta),
        );
        // Nothing of it is left to decide on: it leaves the moderation inbox too.
        await dropModerationItem(tx, 'comment', comment.id);
        // What it earned goes: its author's points and the likes it received (issue 21).
        await reverseContentPoints(tx, comment.appId, comment.id);
        return removed;
      });
      return { id: comment.id, isRemoved };
    },

    /** Likes (`liked`) or unlikes the comment as the caller; idempotent. */
    async like(access: EntityCommentAccess, liked: boolean): Promise<CommentLikeState> {
      const profileId = access.entity.actor.profileId;
      if (profileId === null) {
        throw notFound();
      }
      let result: Awaited<ReturnType<typeof repo.setLike>>;
      try {
        // The like and its author's points (issue 21) in one transaction.
        result = await db.transaction(async (tx) => {
          const changed = await repo.setLike(tx, { commentId: access.comment.id, profileId }, liked);
          if (changed?.changed) {
            const { comment } = access;
            const like = { appId: comment.appId, contentId: comment.id, likerProfileId: profileId };
            await likePoints(tx, { ...like, authorProfileId: comment.authorProfileId }, liked);
          }
          return changed;
        });
      } catch (error) {
        // The comment went meanwhile.
        if (repo.isForeignKeyViolation(error)) {
          throw notFound();
        }
        throw error;
      }
      if (result === undefined) {
        throw notFound();
      }
      if (liked && result.changed) {
        await tellCommentLiked(access, profileId);
      }
      return { isLiked: liked, likesCount: result.likesCount };
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
