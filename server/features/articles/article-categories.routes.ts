import { z } from 'zod';
import {
  articleAppParamsSchema,
  articleCategoryCreateBodySchema,
  articleCategoryListQuerySchema,
  articleCategoryListSchema,
  articleCategoryMoveBodySchema,
  articleCategoryPatchBodySchema,
  articleCategoryResponseSchema,
  articleCategorySlugParamsSchema,
  articleIdParamsSchema,
} from '../../../contracts/articles.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { ArticleCategoryService } from './article-categories.service.ts';
import type { ArticleScopes } from './articles.scopes.ts';

const tags = ['articles'];

/** Article categories (ARTICLES-06…11). */
export function articleCategoryRoutes(deps: {
  categories: ArticleCategoryService;
  scopes: AccessScopes;
  articles: ArticleScopes;
}) {
  const { categories, scopes } = deps;
  const app = scopes.app();
  const category = deps.articles.category();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/articles/categories',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'The article categories in order (100 per page)',
      tags,
      schema: {
        params: articleAppParamsSchema,
        querystring: articleCategoryListQuerySchema,
        response: { 200: articleCategoryListSchema },
      },
      handler: async (request) => categories.list(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/articles/categories/:articleCategorySlug',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'An article category by its slug',
      tags,
      schema: { params: articleCategorySlugParamsSchema, response: { 200: articleCategoryResponseSchema } },
      handler: async (request) => ({
        data: await categories.bySlug(request.access, request.params.articleCategorySlug),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/articles/categories',
      auth: 'session',
      scope: app,
      ability: 'app:create_article',
      summary: 'Create an article category at the end (slug from the name unless given)',
      tags,
      schema: {
        params: articleAppParamsSchema,
        body: articleCategoryCreateBodySchema,
        response: { 201: articleCategoryResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await categories.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/articles/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'article_category:edit',
      summary: 'Rename an article category or change its slug',
      tags,
      schema: {
        params: articleIdParamsSchema,
        body: articleCategoryPatchBodySchema,
        response: { 200: articleCategoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/articles/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'article_category:delete',
      summary: 'Delete an empty article category (409 ARTICLE_CATEGORY_NOT_EMPTY while it holds articles)',
      tags,
      schema: { params: articleIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await categories.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/articles/categories/:id/move',
      auth: 'session',
      scope: category,
      ability: 'article_category:move',
      summary: 'Move an article category right after `prevId` (null: to the top)',
      tags,
      schema: {
        params: articleIdParamsSchema,
        body: articleCategoryMoveBodySchema,
        response: { 200: articleCategoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.move(request.access, request.body.prevId) }),
    }),
  ];
}
