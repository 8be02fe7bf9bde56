import type { FastifyRequest } from 'fastify';
import type {
  CommentCreateBody,
  CommentEntityType,
  CommentListQuery,
} from '../../../contracts/community-comments.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { isAppManager, loadAppAccess, type AppAccess } from '../workspace/public.ts';
import { loadPostAccess, type PostAccess, type PostRow } from './community.access.ts';
import { findLiveProfile } from './comments.repo.ts';

/*
 * The scopes of the comment routes whose path names no comment: `GET /comments` (the entity or the member in
 * the query) and `POST /comments` (the entity in the body). Like the community's other scopes they answer 404
 * for whatever the caller may not see, before the handler; the route's ability is then checked against what
 * they grant.
 */

/** Which comment entity type a post's comments use: `post` in a space, `communities_post` in a category. */
export const entityTypeOfPost = (post: Pick<PostRow, 'container'>): CommentEntityType =>
  post.container === 'groups' ? 'post' : 'communities_post';

/** The post a comment entity names; 404 when the caller may not see it or it is of the other container. */
export async function loadCommentEntity(
  db: DbOrTx,
  actor: Actor,
  entity: { entityType: CommentEntityType; entityId: string },
): Promise<PostAccess> {
  const access = await loadPostAccess(db, actor, entity.entityId);
  if (entityTypeOfPost(access.post) !== entity.entityType) {
    throw notFound();
  }
  return access;
}

export type CommentEntityAccess = { entityType: CommentEntityType; post: PostAccess };

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
      return { kind: 'entity', ...entity, post: await loadCommentEntity(db, request.actor, entity) };
    },
    abilities: (access) => {
      const visible = access.kind === 'entity' ? access.post.can.includes('view') : access.mayViewMembers;
      return visible ? ['comment:view'] : [];
    },
  };
}

/** `POST /comments`: the post of the body's entity with the caller's post abilities (`post:comment`). */
export function commentEntityScope(db: DbOrTx): RouteScope<CommentEntityAccess> {
  return {
    label: 'post(body entity)',
    subjects: ['post'],
    async resolve(request: FastifyRequest) {
      const body = request.body as CommentCreateBody;
      const entity = { entityType: body.entityType, entityId: body.entityId };
      return { entityType: body.entityType, post: await loadCommentEntity(db, request.actor, entity) };
    },
    abilities: (access) => access.post.can.map((ability) => `post:${ability}`),
  };
}
