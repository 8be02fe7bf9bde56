import { z } from 'zod';
import {
  postContainerParamsSchema,
  postCreateBodySchema,
  postMetaListSchema,
  postMetaQuerySchema,
  postParamsSchema,
  postPatchBodySchema,
  postResponseSchema,
  postSlugParamsSchema,
} from '../../../contracts/community-posts.ts';
import type { FeatureContext } from '../../platform/features.ts';
import { defineRoute } from '../../platform/routes.ts';
import { appHostOf } from '../apps/public.ts';
import { createCommunityScopes, type CommunityScopes } from './community.scopes.ts';
import { feedRoutes } from './feed.routes.ts';
import { createFeedService, type FeedService } from './feed.service.ts';
import { keptCommunityAnswersOf, type KeptCommunityAnswers } from './kept-answers.ts';
import { postActionRoutes, postScopesOf } from './post-actions.routes.ts';
import { createPostActionService } from './post-actions.service.ts';
import { createModerationSignals } from '../moderation/public.ts';
import { createNotifier } from '../notifications/public.ts';
import { postsPublishedTo } from './publish.job.ts';
import { createPostLikeService } from './post-likes.service.ts';
import { createPostService, type PostService } from './posts.service.ts';
import { createSearchService } from './search.service.ts';
import { createVoteScopes } from './votes.scopes.ts';
import { voteRoutes } from './votes.routes.ts';
import { createVoteService } from './votes.service.ts';

const tags = ['community'];

/** POSTS-COMMENTS-01..04, 07, 08, 10, 20, 21: create, read, edit and delete posts of both containers. */
export function postRoutes(deps: {
  posts: PostService;
  feed: FeedService;
  scopes: CommunityScopes;
  kept: KeptCommunityAnswers;
}) {
  const { posts, feed, scopes, kept } = deps;
  return [
    defineRoute({
      method: 'POST',
      url: '/api/spaces/:id/posts',
      auth: 'session',
      scope: scopes.space('id'),
      ability: 'space:create_post',
      summary:
        'Write a post in a space (`publishAt` ahead: scheduled, needs create_scheduled_post; pin flags: moderators)',
      tags,
      schema: {
        params: postContainerParamsSchema,
        body: postCreateBodySchema,
        response: { 201: postResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await posts.create({ kind: 'space', access: request.access }, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/communities/categories/:id/posts',
      auth: 'session',
      scope: scopes.category('id'),
      ability: 'category:create_post',
      summary: 'Write a post in a communities category (the same engine as spaces)',
      tags,
      schema: {
        params: postContainerParamsSchema,
        body: postCreateBodySchema,
        response: { 201: postResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await posts.create({ kind: 'category', access: request.access }, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/posts/:slug',
      auth: 'optional',
      scope: scopes.postBySlug('slug'),
      ability: 'post:view',
      summary: 'A post by its slug (the app in `x-app-id`) or id, with its poll and the caller’s abilities',
      tags,
      schema: { params: postSlugParamsSchema, response: { 200: postResponseSchema } },
      handler: async (request, reply) =>
        kept.post(reply, request.access, async () => ({ data: await posts.get(request.access) })),
    }),
    ...postScopesOf(scopes).flatMap(({ prefix, scope: post, discriminator }) => [
      defineRoute({
        method: 'PATCH',
        url: `${prefix}/:id`,
        auth: 'session',
        scope: post,
        ability: 'post:edit',
        summary:
          'Edit a post: the fields sent replace the stored ones (publishAt: edit_publish_time, pin flags: the pin abilities)',
        tags,
        schema: {
          params: postParamsSchema,
          body: postPatchBodySchema,
          response: { 200: postResponseSchema },
        },
        handler: async (request) => ({ data: await posts.update(request.access, request.body) }),
      }),
      defineRoute({
        method: 'DELETE',
        url: `${prefix}/:id`,
        auth: 'session',
        scope: post,
        ability: 'post:delete',
        summary: 'Delete a post (it leaves every list and its container’s count)',
        tags,
        schema: { params: postParamsSchema, response: { 204: z.null() } },
        handler: async (request, reply) => {
          await posts.remove(request.access);
          return reply.status(204).send(null);
        },
      }),
      defineRoute({
        method: 'GET',
        url: `${prefix}/meta`,
        auth: 'session',
        ability: 'authenticated',
        summary: `The caller’s likes, follows, counts and abilities of ${discriminator} posts by id (invisible ones left out)`,
        tags,
        schema: { querystring: postMetaQuerySchema, response: { 200: postMetaListSchema } },
        handler: async (request) => ({
          data: await feed.meta(request.actor, request.query.ids, discriminator),
        }),
      }),
    ]),
  ];
}

/** Every post, poll, feed and search route of the community's manifest. */
export function communityPostRoutes({ db, config, jobs, urlSigner, realtime, logger }: FeatureContext) {
  const sign = (path: string) => urlSigner.sign(path);
  const notifier = createNotifier({ realtime, jobs, logger });
  const onPublished = postsPublishedTo(realtime, notifier);
  const moderation = createModerationSignals({ db, realtime, logger });
  const scopes = createCommunityScopes(db);
  const imageOrigins = [appHostOf(config).appBaseUrl, config.publicBaseUrl];
  const feed = createFeedService({ db, sign });
  const kept = keptCommunityAnswersOf(db);
  return [
    ...postRoutes({
      posts: createPostService({
        db,
        sign,
        jobs,
        imageOrigins,
        onPublished,
        onHeld: moderation.inboxChanged,
      }),
      feed,
      scopes,
      kept,
    }),
    ...postActionRoutes({
      actions: createPostActionService({ db, sign, onPublished }),
      likes: createPostLikeService({ db, notifier }),
      scopes,
    }),
    ...feedRoutes({ feed, search: createSearchService({ db, sign }), scopes, kept }),
    ...voteRoutes({ votes: createVoteService({ db }), scopes: createVoteScopes(db) }),
  ];
}
