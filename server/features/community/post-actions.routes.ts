import {
  followParamsSchema,
  postFollowStateSchema,
  postLikeStateSchema,
  postMoveBodySchema,
  postParamsSchema,
  postResponseSchema,
} from '../../../contracts/community-posts.ts';
import type { Post } from '../../../contracts/community-posts.ts';
import type { Actor } from '../../platform/auth.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { PostAccess } from './community.access.ts';
import type { CommunityScopes } from './community.scopes.ts';
import type { PostActionService } from './post-actions.service.ts';
import type { PostLikeService } from './post-likes.service.ts';

const tags = ['community'];

/**
 * The post scope under the two spellings of a post call: `posts/{id}` (spaces) and `communities/posts/{id}`
 * (categories). The same resolution (either kind of post is accepted on both); the label tells the route
 * matrix which fixture post the address names.
 */
export function postScopesOf(scopes: CommunityScopes) {
  const post = scopes.post('id');
  return [
    { prefix: '/api/posts', scope: post, discriminator: 'groups' },
    {
      prefix: '/api/communities/posts',
      scope: { ...post, label: 'communities-post(:id)' },
      discriminator: 'communities',
    },
  ] as const;
}

/**
 * POSTS-COMMENTS-05, 06, 12..19, 22..29 and APP-SERVICES-09: publish, pin to top and to the sidebar, move,
 * clone, follow and like, each for both containers (the same code), and the generic `{type}/{entityId}/follow`.
 */
export function postActionRoutes(deps: {
  actions: PostActionService;
  likes: PostLikeService;
  scopes: CommunityScopes;
}) {
  const { actions, likes, scopes } = deps;
  const toggles = (
    post: RouteScope<PostAccess>,
    prefix: string,
    path: string,
    ability: 'post:pin_to_top' | 'post:pin_to_sidebar',
    label: string,
    run: (actor: Actor, access: PostAccess, pinned: boolean) => Promise<Post>,
  ) =>
    (['POST', 'DELETE'] as const).map((method) =>
      defineRoute({
        method,
        url: `${prefix}/:id/${path}`,
        auth: 'session',
        scope: post,
        ability,
        summary: method === 'POST' ? `Pin a post ${label}` : `Unpin a post ${label}`,
        tags,
        schema: { params: postParamsSchema, response: { 200: postResponseSchema } },
        handler: async (request) => ({
          data: await run(request.actor, request.access, method === 'POST'),
        }),
      }),
    );
  const follows = (
    url: string,
    scope: RouteScope<PostAccess>,
    params: typeof postParamsSchema | typeof followParamsSchema,
  ) =>
    (['PATCH', 'DELETE'] as const).map((method) =>
      defineRoute({
        method,
        url,
        auth: 'session',
        scope,
        ability: 'post:follow',
        summary: method === 'PATCH' ? 'Follow a post (idempotent)' : 'Stop following a post (idempotent)',
        tags,
        schema: { params, response: { 200: postFollowStateSchema } },
        handler: async (request) => ({ data: await actions.follow(request.access, method === 'PATCH') }),
      }),
    );
  return [
    ...postScopesOf(scopes).flatMap(({ prefix, scope: post }) => [
      defineRoute({
        method: 'PATCH',
        url: `${prefix}/:id/publish`,
        auth: 'session',
        scope: post,
        ability: 'post:publish',
        summary:
          'Publish a scheduled post now (exactly once, whether this call or the scheduled job comes first)',
        tags,
        schema: { params: postParamsSchema, response: { 200: postResponseSchema } },
        handler: async (request) => ({ data: await actions.publish(request.actor, request.access) }),
      }),
      ...toggles(
        post,
        prefix,
        'pin-to-top',
        'post:pin_to_top',
        'to the top (the previous pin of the container goes)',
        (actor, access, pinned) => actions.pinToTop(actor, access, pinned),
      ),
      ...toggles(
        post,
        prefix,
        'pin-to-sidebar',
        'post:pin_to_sidebar',
        'to the sidebar',
        (actor, access, pinned) => actions.pinToSidebar(actor, access, pinned),
      ),
      defineRoute({
        method: 'PATCH',
        url: `${prefix}/:id/move`,
        auth: 'session',
        scope: post,
        ability: 'post:move',
        summary: 'Move a post to another space or category (needs create_post there)',
        tags,
        schema: { params: postParamsSchema, body: postMoveBodySchema, response: { 200: postResponseSchema } },
        handler: async (request) => ({
          data: await actions.move(request.actor, request.access, request.body),
        }),
      }),
      defineRoute({
        method: 'POST',
        url: `${prefix}/:id/clone`,
        auth: 'session',
        scope: post,
        ability: 'post:clone',
        summary: 'Copy a post into the same container, unpublished (it waits for its publish call)',
        tags,
        schema: { params: postParamsSchema, response: { 201: postResponseSchema } },
        handler: async (request, reply) => {
          const data = await actions.clone(request.actor, request.access);
          return reply.status(201).send({ data });
        },
      }),
      ...follows(`${prefix}/:id/follow`, post, postParamsSchema),
      ...(['POST', 'DELETE'] as const).map((method) =>
        defineRoute({
          method,
          url: `${prefix}/:id/like`,
          auth: 'session',
          scope: post,
          ability: 'post:like',
          summary: method === 'POST' ? 'Like a post (idempotent)' : 'Take back a like (idempotent)',
          tags,
          schema: { params: postParamsSchema, response: { 200: postLikeStateSchema } },
          handler: async (request) => ({
            data: await (method === 'POST' ? likes.like(request.access) : likes.unlike(request.access)),
          }),
        }),
      ),
    ]),
    // The spec's generic follow; the static routes above answer for posts first, this one for the same kinds.
    ...follows('/api/:type/:entityId/follow', scopes.post('entityId'), followParamsSchema),
  ];
}
