import { z } from 'zod';
import {
  helpdeskAppParamsSchema,
  helpdeskArticleCreateBodySchema,
  helpdeskArticleListQuerySchema,
  helpdeskArticleListSchema,
  helpdeskArticlePatchBodySchema,
  helpdeskArticleResponseSchema,
  helpdeskCategoryCreateBodySchema,
  helpdeskCategoryMoveBodySchema,
  helpdeskCategoryPatchBodySchema,
  helpdeskCategoryResponseSchema,
  helpdeskIdParamsSchema,
  helpdeskPopularSchema,
  helpdeskRouterQuerySchema,
  helpdeskRouterResponseSchema,
  helpdeskSearchQuerySchema,
  helpdeskSearchResponseSchema,
  helpdeskTreeSchema,
  helpdeskVoteBodySchema,
  helpdeskVoteResponseSchema,
} from '../../../contracts/helpdesk.ts';
import type { FeatureContext } from '../../platform/features.ts';
import { defineRoute } from '../../platform/routes.ts';
import { appHostOf } from '../apps/public.ts';
import { createArticleService } from './articles.service.ts';
import { createCategoryService } from './categories.service.ts';
import { createHelpdeskScopes } from './helpdesk.scopes.ts';
import { createSearchService } from './search.service.ts';

const tags = ['helpdesk'];

/** The help desk's routes (HELPDESK-01..08, GAPS 15 reads, search, votes). */
export function helpdeskRoutes({ db, config, urlSigner }: FeatureContext) {
  const scopes = createHelpdeskScopes(db);
  const helpdesk = scopes.helpdesk();
  const category = scopes.category();
  const article = scopes.article();
  const categories = createCategoryService({ db });
  const articles = createArticleService({
    db,
    sign: (path) => urlSigner.sign(path),
    imageOrigins: [appHostOf(config).appBaseUrl, config.publicBaseUrl],
  });
  const search = createSearchService({ db });
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/helpdesk/categories',
      auth: 'optional',
      scope: helpdesk,
      ability: 'helpdesk:view',
      summary: 'The help desk: every category, depth first, with slugs and article counts (GAPS 15)',
      tags,
      schema: { params: helpdeskAppParamsSchema, response: { 200: helpdeskTreeSchema } },
      handler: async (request) => categories.tree(request.access),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/helpdesk/categories',
      auth: 'session',
      scope: helpdesk,
      ability: 'helpdesk:edit',
      summary: 'Create a help-desk category, last under its parent (at most three levels)',
      tags,
      schema: {
        params: helpdeskAppParamsSchema,
        body: helpdeskCategoryCreateBodySchema,
        response: { 201: helpdeskCategoryResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await categories.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/helpdesk/categories/move',
      auth: 'session',
      scope: helpdesk,
      ability: 'helpdesk:edit',
      summary: 'Move a help-desk category after `prevId`, under `parentId` (no cycles, three levels)',
      tags,
      schema: {
        params: helpdeskAppParamsSchema,
        body: helpdeskCategoryMoveBodySchema,
        response: { 200: helpdeskCategoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.move(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/helpdesk/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'helpdesk:edit',
      summary: 'Rename a help-desk category, change its slug or description',
      tags,
      schema: {
        params: helpdeskIdParamsSchema,
        body: helpdeskCategoryPatchBodySchema,
        response: { 200: helpdeskCategoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/helpdesk/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'helpdesk:edit',
      summary: 'Delete a help-desk category with its subcategories and their articles',
      tags,
      schema: { params: helpdeskIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await categories.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/helpdesk/categories/:id/articles',
      auth: 'optional',
      scope: category,
      ability: 'helpdesk:view',
      summary: "A page of the category's articles by position (drafts for editors; GAPS 15)",
      tags,
      schema: {
        params: helpdeskIdParamsSchema,
        querystring: helpdeskArticleListQuerySchema,
        response: { 200: helpdeskArticleListSchema },
      },
      handler: async (request) => articles.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/helpdesk/categories/:id/articles',
      auth: 'session',
      scope: category,
      ability: 'helpdesk:edit',
      summary: 'Write a help-desk article, last in the category (slug from the name unless given)',
      tags,
      schema: {
        params: helpdeskIdParamsSchema,
        body: helpdeskArticleCreateBodySchema,
        response: { 201: helpdeskArticleResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await articles.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/helpdesk/categories/:id/articles/router',
      auth: 'optional',
      scope: category,
      ability: 'helpdesk:view',
      summary:
        'The article of helpdesk/{categorySlug}/{articleSlug} with related articles and the vote; counts a view',
      tags,
      schema: {
        params: helpdeskIdParamsSchema,
        querystring: helpdeskRouterQuerySchema,
        response: { 200: helpdeskRouterResponseSchema },
      },
      handler: async (request) => articles.router(request.access, request.query.slug),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/helpdesk/articles/:id',
      auth: 'session',
      scope: article,
      ability: 'helpdesk:edit',
      summary: 'Edit a help-desk article; `categoryId` and `prevId` move it',
      tags,
      schema: {
        params: helpdeskIdParamsSchema,
        body: helpdeskArticlePatchBodySchema,
        response: { 200: helpdeskArticleResponseSchema },
      },
      handler: async (request) => ({ data: await articles.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/helpdesk/articles/:id',
      auth: 'session',
      scope: article,
      ability: 'helpdesk:edit',
      summary: 'Delete a help-desk article',
      tags,
      schema: { params: helpdeskIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await articles.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/helpdesk/articles/:id/vote',
      auth: 'session',
      scope: article,
      ability: 'helpdesk:vote',
      summary: '"Was this helpful?": the member\'s answer (one per member, changeable)',
      tags,
      schema: {
        params: helpdeskIdParamsSchema,
        body: helpdeskVoteBodySchema,
        response: { 200: helpdeskVoteResponseSchema },
      },
      handler: async (request) => ({ data: await articles.vote(request.access, request.body.isHelpful) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/helpdesk/articles/:id/vote',
      auth: 'session',
      scope: article,
      ability: 'helpdesk:vote',
      summary: '"Was this helpful?": take the answer back',
      tags,
      schema: { params: helpdeskIdParamsSchema, response: { 200: helpdeskVoteResponseSchema } },
      handler: async (request) => ({ data: await articles.vote(request.access, null) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/helpdesk/articles/popular',
      auth: 'optional',
      scope: helpdesk,
      ability: 'helpdesk:view',
      summary: 'The most read published help-desk articles (the help desk home)',
      tags,
      schema: { params: helpdeskAppParamsSchema, response: { 200: helpdeskPopularSchema } },
      handler: async (request) => articles.popular(request.access),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/helpdesk/search',
      auth: 'optional',
      scope: helpdesk,
      ability: 'helpdesk:view',
      summary: 'Search the help desk (German and English stems, prefixes), ranked and highlighted',
      tags,
      schema: {
        params: helpdeskAppParamsSchema,
        querystring: helpdeskSearchQuerySchema,
        response: { 200: helpdeskSearchResponseSchema },
      },
      handler: async (request) => search.search(request.access, request.query),
    }),
  ];
}
