import type { FastifyRequest } from 'fastify';
import type {
  CommentCreateBody,
  CommentEntityType,
  CommentListQuery,
} from '../../../contracts/community-comments.ts';
import type { DbOrTx } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { comments } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { isAppManager, loadAppAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { commentAbilities, type CommentAbility } from './community.policy.ts';
import type { CommentRow } from './community.scopes.ts';
import { loadCommentEntity, type CommentEntity } from './comments.entities.ts';
import { findLiveProfile } from './comments.repo.ts';

/*
 * The scopes of the comment routes whose path names no comment: `GET /comments` (the entity or the member in
 * the query) and `POST /comments` (the entity in the body). Like the community's other scopes they answer 404
 * for whatever the caller may not see, before the handler; the route's ability is then checked against what
 * they grant.
 */

export type CommentEntityAccess = { entityType: CommentEntityType; entity: CommentEntity };

export type CommentListAccess =
  | ({ kind: 'entity' } & CommentEntityAccess)
  | {
      kind: 'profile';
      app: AppAccess;
      profileId: string;
      /** The caller may look at the app's members (their pages and what they wrote). */
      mayViewMembers: boolean;
    };

/**
 * The member of a member page's comment list: 404 for an unknown or deleted profile, for callers without a
 * role in its app, and for an invited person unless the caller is staff (as the member scope decides).
 */
async function loadMemberOfList(db: DbOrTx, actor: Actor, profileId: string): Promise<CommentListAccess> {
  const profile = await findLiveProfile(db, profileId);
  if (!profile) {
    throw notFound();
  }
  const app = await loadAppAccess(db, actor, profile.appId);
  const staff = isAppManager(app) || app.role === 'moderator';
  if (app.role === 'guest' || app.role === 'invited' || (profile.type === 'invited' && !staff)) {
    throw notFound();
  }
  return { kind: 'profile', app, profileId, mayViewMembers: app.can.includes('view_profiles') };
}

/** `GET /comments`: grants `comment:view` on the entity's comments, or on the comments of a member looked at. */
export function commentListScope(db: DbOrTx): RouteScope<CommentListAccess> {
  return {
    label: 'comments(query entity)',
    subjects: ['comment'],
    async resolve(request: FastifyRequest) {
      const query = request.query as CommentListQuery;
      if (query.entityType === 'profile') {
        return loadMemberOfList(db, request.actor, query.entityId);
      }
      const entity = { entityType: query.entityType, entityId: query.entityId };
      return { kind: 'entity', ...entity, entity: await loadCommentEntity(db, request.actor, entity) };
    },
    abilities: (access) => {
      const visible = access.kind === 'entity' ? access.entity.canView : access.mayViewMembers;
      return visible ? ['comment:view'] : [];
    },
  };
}

/**
 * `POST /comments`: the body's entity (a post, an event) with whether the caller may comment on it, granted as
 * `post:comment` whatever the entity is: the route declares one ability.
 */
export function commentEntityScope(db: DbOrTx): RouteScope<CommentEntityAccess> {
  return {
    label: 'post(body entity)',
    subjects: ['post'],
    async resolve(request: FastifyRequest) {
      const body = request.body as CommentCreateBody;
      const entity = { entityType: body.entityType, entityId: body.entityId };
      return { entityType: body.entityType, entity: await loadCommentEntity(db, request.actor, entity) };
    },
    abilities: (access) => (access.entity.canComment ? ['post:comment'] : []),
  };
}

/** A comment with the entity it is on and the caller's abilities on it (edit, delete, like). */
export type EntityCommentAccess = { entity: CommentEntity; comment: CommentRow; can: CommentAbility[] };

/** The caller's abilities on a comment of the entity; reports go to the moderation of posts only. */
export function commentAbilitiesOn(
  entity: CommentEntity,
  comment: { authorProfileId: string; isDeleted: boolean; isReply: boolean },
): CommentAbility[] {
  const can = commentAbilities(entity.actor, entity, comment);
  return entity.post ? can : can.filter((ability) => ability !== 'report');
}

/** `/comments/:id…`: the comment and its entity; 404 when the caller does not see them. */
export function commentScope(db: DbOrTx, param = 'id'): RouteScope<EntityCommentAccess> {
  return {
    label: `comment(:${param})`,
    subjects: ['comment'],
    async resolve(request) {
      const [comment] = await db
        .select()
        .from(comments)
        .where(eq(comments.id, paramOf(request, param)));
      if (!comment) {
        throw notFound();
      }
      const entity = await loadCommentEntity(db, request.actor, {
        entityType: comment.entityType as CommentEntityType,
        entityId: comment.entityId,
      });
      // Hidden by moderation: only its author and whoever moderates the entity still reach it.
      if (
        comment.hiddenAt !== null &&
        comment.authorProfileId !== entity.actor.profileId &&
        !entity.moderates
      ) {
        throw notFound();
      }
      const can = commentAbilitiesOn(entity, {
        authorProfileId: comment.authorProfileId,
        isDeleted: comment.isDeleted,
        isReply: comment.parentCommentId !== null,
      });
      return { entity, comment, can };
    },
    abilities: (access) => access.can.map((ability) => `comment:${ability}`),
  };
}
