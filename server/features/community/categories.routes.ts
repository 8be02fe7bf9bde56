import { z } from 'zod';
import {
  categoryCreateBodySchema,
  categoryListQuerySchema,
  categoryListSchema,
  categoryPatchBodySchema,
  categoryResponseSchema,
  categorySlugParamsSchema,
  communityAppParamsSchema,
  communityIdParamsSchema,
  communityMoveBodySchema,
  communityProfileListQuerySchema,
  communityProfileListSchema,
} from '../../../contracts/community-spaces.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { createCategoryService } from './categories.service.ts';
import type { CommunityScopes } from './community.scopes.ts';

const tags = ['communities'];

/** Communities categories and their authors (COMMUNITIES-01…07). */
export function categoryRoutes(deps: {
  categories: ReturnType<typeof createCategoryService>;
  scopes: AccessScopes;
  community: CommunityScopes;
}) {
  const { categories, scopes, community } = deps;
  const app = scopes.app();
  const category = community.category();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/communities/categories',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'The communities categories in order (100 per page)',
      tags,
      schema: {
        params: communityAppParamsSchema,
        querystring: categoryListQuerySchema,
        response: { 200: categoryListSchema },
      },
      handler: async (request) => categories.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/communities/categories',
      auth: 'session',
      scope: app,
      ability: 'app:create_communities_category',
      summary: 'Create a communities category at the end (slug from the name unless given)',
      tags,
      schema: {
        params: communityAppParamsSchema,
        body: categoryCreateBodySchema,
        response: { 201: categoryResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await categories.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/communities/categories/:categorySlug',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'A communities category by its slug',
      tags,
      schema: { params: categorySlugParamsSchema, response: { 200: categoryResponseSchema } },
      handler: async (request) => ({
        data: await categories.bySlug(request.access, request.params.categorySlug),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/communities/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'category:edit',
      summary: 'Rename a communities category or change its slug',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: categoryPatchBodySchema,
        response: { 200: categoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/communities/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'category:delete',
      summary: 'Delete a communities category with its posts',
      tags,
      schema: { params: communityIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await categories.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/communities/categories/:id/move',
      auth: 'session',
      scope: category,
      ability: 'category:move',
      summary: 'Move a communities category right after `prevId` (null: to the top)',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: communityMoveBodySchema,
        response: { 200: categoryResponseSchema },
      },
      handler: async (request) => ({
        data: await categories.move(request.access, request.body.prevId),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/communities/profiles',
      auth: 'session',
      scope: app,
      ability: 'app:view_profiles',
      summary: 'The members who write in the communities, most posts first',
      tags,
      schema: {
        params: communityAppParamsSchema,
        querystring: communityProfileListQuerySchema,
        response: { 200: communityProfileListSchema },
      },
      handler: async (request) => categories.profiles(request.access, request.query.page),
    }),
  ];
}
