import { z } from 'zod';
import {
  articleAppParamsSchema,
  articleCountersResponseSchema,
  articleCreateBodySchema,
  articleIdParamsSchema,
  articleListQuerySchema,
  articleListSchema,
  articlePatchBodySchema,
  articleReactionBodySchema,
  articleResponseSchema,
  articleSlugParamsSchema,
  articleStandingResponseSchema,
} from '../../../contracts/articles.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { ArticleService } from './articles.service.ts';
import type { ArticleScopes } from './articles.scopes.ts';
import type { ArticleReactionService } from './reactions.service.ts';

const tags = ['articles'];

/** Articles (ARTICLES-01…05, 12, 13; the page's read by slug and by id, reactions: additions). */
export function articleRoutes(deps: {
  articles: ArticleService;
  reactions: ArticleReactionService;
  scopes: AccessScopes;
  articleScopes: ArticleScopes;
}) {
  const { articles, reactions, scopes } = deps;
  const app = scopes.app();
  const article = deps.articleScopes.article();
  const standing = { params: articleIdParamsSchema, response: { 200: articleStandingResponseSchema } };
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/articles',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'Articles, 20 per page: filter active | favorites, editors also draft | scheduled; q searches',
      tags,
      schema: {
        params: articleAppParamsSchema,
        querystring: articleListQuerySchema,
        response: { 200: articleListSchema },
      },
      handler: async (request) => articles.list(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/articles/counters',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: "The counts of the list's filters (draft and scheduled: editors only)",
      tags,
      schema: { params: articleAppParamsSchema, response: { 200: articleCountersResponseSchema } },
      handler: async (request) => ({ data: await articles.counters(request.access) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/articles/by-slug/:articleSlug',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'An article by its slug (the page articles/{categorySlug}/{articleSlug})',
      tags,
      schema: { params: articleSlugParamsSchema, response: { 200: articleResponseSchema } },
      handler: async (request) => ({
        data: await articles.bySlug(request.access, request.params.articleSlug),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/articles',
      auth: 'session',
      scope: app,
      ability: 'app:create_article',
      summary: 'Write an article (status active unless sent; publishAt ahead schedules it)',
      tags,
      schema: {
        params: articleAppParamsSchema,
        body: articleCreateBodySchema,
        response: { 201: articleResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await articles.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/articles/:id',
      auth: 'optional',
      scope: article,
      ability: 'article:view',
      summary: 'An article by id (the editor)',
      tags,
      schema: { params: articleIdParamsSchema, response: { 200: articleResponseSchema } },
      handler: async (request) => ({ data: await articles.get(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/articles/:id',
      auth: 'session',
      scope: article,
      ability: 'article:edit',
      summary: 'Edit an article (status, schedule, category, cover, access, announcement)',
      tags,
      schema: {
        params: articleIdParamsSchema,
        body: articlePatchBodySchema,
        response: { 200: articleResponseSchema },
      },
      handler: async (request) => ({ data: await articles.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/articles/:id',
      auth: 'session',
      scope: article,
      ability: 'article:delete',
      summary: 'Delete an article',
      tags,
      schema: { params: articleIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await articles.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/articles/:id/reaction',
      auth: 'session',
      scope: article,
      ability: 'article:react',
      summary: 'Like or dislike an article (one per member; switching moves both counters)',
      tags,
      schema: { ...standing, body: articleReactionBodySchema },
      handler: async (request) => ({ data: await reactions.react(request.access, request.body.value) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/articles/:id/reaction',
      auth: 'session',
      scope: article,
      ability: 'article:react',
      summary: 'Take back the like or dislike',
      tags,
      schema: standing,
      handler: async (request) => ({ data: await reactions.unreact(request.access) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/articles/:id/favorite',
      auth: 'session',
      scope: article,
      ability: 'article:favorite',
      summary: 'Keep an article among the favourites',
      tags,
      schema: standing,
      handler: async (request) => ({ data: await reactions.favorite(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/articles/:id/favorite',
      auth: 'session',
      scope: article,
      ability: 'article:favorite',
      summary: 'Take an article out of the favourites',
      tags,
      schema: standing,
      handler: async (request) => ({ data: await reactions.unfavorite(request.access) }),
    }),
  ];
}
