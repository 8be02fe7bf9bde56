import {
  homeFeedQuerySchema,
  postAppParamsSchema,
  postContainerParamsSchema,
  postListQuerySchema,
  postListSchema,
  postSearchQuerySchema,
  spacePostCountersSchema,
} from '../../../contracts/community-posts.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { CommunityScopes } from './community.scopes.ts';
import type { FeedService } from './feed.service.ts';
import type { KeptCommunityAnswers } from './kept-answers.ts';
import type { SearchService } from './search.service.ts';

const tags = ['community'];

/** POSTS-COMMENTS-09, 11, APP-SERVICES-01, GROUPS-SPACES-09 and the search: lists of posts (20 per page). */
export function feedRoutes(deps: {
  feed: FeedService;
  search: SearchService;
  scopes: CommunityScopes;
  kept: KeptCommunityAnswers;
}) {
  const { feed, search, scopes, kept } = deps;
  const community = scopes.community('appId');
  return [
    defineRoute({
      method: 'GET',
      url: '/api/spaces/:id/posts',
      auth: 'optional',
      scope: scopes.space('id'),
      ability: 'space:view',
      summary:
        'Posts of a space: pinned first, then by sort (default: the space’s); `type=scheduled`: the unpublished ones the caller may see. Page 1 marks the space read',
      tags,
      schema: {
        params: postContainerParamsSchema,
        querystring: postListQuerySchema,
        response: { 200: postListSchema },
      },
      handler: async (request, reply) => {
        await feed.opens(request.access);
        await feed.markOpened(request.access, request.query);
        return kept.spacePage(reply, request.access, request.query, () =>
          feed.spacePosts(request.access, request.query),
        );
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/communities/categories/:id/posts',
      auth: 'optional',
      scope: scopes.category('id'),
      ability: 'category:view',
      summary: 'Posts of a communities category: pinned first, then by sort; `type=scheduled` as for spaces',
      tags,
      schema: {
        params: postContainerParamsSchema,
        querystring: postListQuerySchema,
        response: { 200: postListSchema },
      },
      handler: async (request) => feed.categoryPosts(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/posts/home',
      auth: 'optional',
      scope: community,
      ability: 'app:view',
      summary:
        'Home feed: posts of every space the caller reads (joined ones only when showPostsFromAllPublicSpaces is off) and the categories; pinned first; trends within the home window',
      tags,
      schema: {
        params: postAppParamsSchema,
        querystring: homeFeedQuerySchema,
        response: { 200: postListSchema },
      },
      handler: async (request, reply) =>
        kept.home(reply, request.access, request.query, () => feed.home(request.access, request.query)),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/spaces/posts/counters',
      auth: 'session',
      scope: community,
      ability: 'app:view',
      summary: 'New posts per readable space since the caller last opened it (at most 100 counted each)',
      tags,
      schema: { params: postAppParamsSchema, response: { 200: spacePostCountersSchema } },
      handler: async (request) => ({ data: await feed.counters(request.access) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/search',
      auth: 'optional',
      scope: community,
      ability: 'app:view',
      summary:
        'Full-text search (German and English) in the names and bodies of the posts the caller reads, ranked',
      tags,
      schema: {
        params: postAppParamsSchema,
        querystring: postSearchQuerySchema,
        response: { 200: postListSchema },
      },
      handler: async (request) => search.search(request.access, request.query),
    }),
  ];
}
