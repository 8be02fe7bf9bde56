import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { comments } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadAppAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import {
  loadCategoryAccess,
  loadCommunityView,
  loadGroupAccess,
  loadPostAccess,
  loadSpaceAccess,
  findPostWithSpaceBySlug,
  postAccessOf,
  type CategoryAccess,
  type CommunityView,
  type GroupAccess,
  type PostAccess,
  type SpaceAccess,
} from './community.access.ts';
import type { CommentAbility } from './community.policy.ts';
import { commentScope } from './comments.scopes.ts';
import { isUuid } from '../../platform/ids.ts';

/*
 * The community's route scopes (issue 15): the platform resolves them before the handler (404 when the item
 * or its container is not visible to the caller, community.policy.ts) and checks the route's declared ability
 * against what they grant (403). Services receive the resolved access and never decide visibility again.
 */

const prefixed = (subject: string, names: readonly string[]) => names.map((name) => `${subject}:${name}`);

export type CommentRow = typeof comments.$inferSelect;
export type CommentAccess = { post: PostAccess; comment: CommentRow; can: CommentAbility[] };

/** The app id a client on the app host sends with calls whose path names no app (`x-app-id`). */
function headerAppId(request: FastifyRequest): string | undefined {
  const value = request.headers['x-app-id'];
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^[0-9a-f-]{36}$/i.test(text) ? text : undefined;
}

// The post page's lookup (a hot read): prepared once per handle.
export type CommunityScopes = ReturnType<typeof createCommunityScopes>;

export function createCommunityScopes(db: DbOrTx) {
  return {
    /** The app of `:appId` with the caller's standing in every space (feeds, lists, counters, dropdowns). */
    community(param = 'appId'): RouteScope<CommunityView> {
      return {
        label: `community(:${param})`,
        subjects: ['app'],
        resolve: async (request) =>
          loadCommunityView(db, await loadAppAccess(db, request.actor, paramOf(request, param))),
        abilities: (view) => prefixed('app', view.app.can),
      };
    },

    space(param = 'id'): RouteScope<SpaceAccess> {
      return {
        label: `space(:${param})`,
        subjects: ['space'],
        resolve: (request) => loadSpaceAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => prefixed('space', access.can),
      };
    },

    group(param = 'id'): RouteScope<GroupAccess> {
      return {
        label: `group(:${param})`,
        subjects: ['group'],
        resolve: (request) => loadGroupAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => prefixed('group', access.can),
      };
    },

    category(param = 'id'): RouteScope<CategoryAccess> {
      return {
        label: `category(:${param})`,
        subjects: ['category'],
        resolve: (request) => loadCategoryAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => prefixed('category', access.can),
      };
    },

    post(param = 'id'): RouteScope<PostAccess> {
      return {
        label: `post(:${param})`,
        subjects: ['post'],
        resolve: (request) => loadPostAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => prefixed('post', access.can),
      };
    },

    /**
     * `GET /posts/{slug}`: a post id, or a slug of the app named by the `x-app-id` header (slugs are unique per
     * app, and the path names no app).
     */
    postBySlug(param = 'slug'): RouteScope<PostAccess> {
      return {
        label: `post(:${param}, x-app-id)`,
        subjects: ['post'],
        async resolve(request) {
          const key = paramOf(request, param);
          if (isUuid(key)) {
            return loadPostAccess(db, request.actor, key);
          }
          const appId = headerAppId(request);
          if (!appId) {
            throw notFound();
          }
          const app: AppAccess = await loadAppAccess(db, request.actor, appId);
          const found = await findPostWithSpaceBySlug(db, appId, key);
          if (!found) {
            throw notFound();
          }
          return postAccessOf(db, app, found.post, found.space);
        },
        abilities: (access) => prefixed('post', access.can),
      };
    },

    /** A comment on a post (the reports' scope): 404 for comments on other entities (events). */
    comment(param = 'id'): RouteScope<CommentAccess> {
      const onAnyEntity = commentScope(db, param);
      return {
        ...onAnyEntity,
        async resolve(request) {
          const { entity, comment, can } = await onAnyEntity.resolve(request);
          if (!entity.post) {
            throw notFound();
          }
          return { post: entity.post, comment, can };
        },
        abilities: (access) => prefixed('comment', access.can),
      };
    },
  };
}
