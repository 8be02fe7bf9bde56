import { z } from 'zod';
import { appParamsSchema } from '../../../contracts/profile.ts';
import {
  tagCreateBodySchema,
  tagListQuerySchema,
  tagListSchema,
  tagParamsSchema,
  tagPatchBodySchema,
  tagResponseSchema,
} from '../../../contracts/tags.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { Db } from '../../db/client.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { TagService } from './tags.service.ts';
import { tagScope } from './tags.scopes.ts';

const tags = ['members'];

export function tagRoutes(deps: { tags: TagService; scopes: AccessScopes; db: Db }) {
  const { tags: service, scopes } = deps;
  const memberArea = scopes.memberArea();
  const tag = tagScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/tags',
      auth: 'session',
      scope: memberArea,
      ability: 'app:settings_members',
      summary: 'The app’s member tags with member counts (default tags first; the dropdown asks limit=15)',
      tags,
      schema: { params: appParamsSchema, querystring: tagListQuerySchema, response: { 200: tagListSchema } },
      handler: async (request) => service.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/tags',
      auth: 'session',
      scope: memberArea,
      ability: 'app:create_tag',
      summary: 'Create a member tag (names are unique per app, ignoring case)',
      tags,
      schema: { params: appParamsSchema, body: tagCreateBodySchema, response: { 201: tagResponseSchema } },
      handler: async (request, reply) => {
        const data = await service.create(request.access, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/tags/:id',
      auth: 'session',
      scope: tag,
      ability: 'tag:edit',
      summary: 'Rename or recolour a tag (the default tags are locked)',
      tags,
      schema: { params: tagParamsSchema, body: tagPatchBodySchema, response: { 200: tagResponseSchema } },
      handler: async (request) => ({
        data: await service.update(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/tags/:id',
      auth: 'session',
      scope: tag,
      ability: 'tag:delete',
      summary: 'Delete a tag: members and invite links lose it (the default tags are locked)',
      tags,
      schema: { params: tagParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await service.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
