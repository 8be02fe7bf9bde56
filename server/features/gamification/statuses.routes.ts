import { z } from 'zod';
import { appParamsSchema, idParamsSchema } from '../../../contracts/gamification.ts';
import {
  statusBodySchema,
  statusBulkCreateBodySchema,
  statusBulkPatchBodySchema,
  statusIdsBodySchema,
  statusListQuerySchema,
  statusListSchema,
  statusPatchBodySchema,
  statusResponseSchema,
  statusesResponseSchema,
} from '../../../contracts/gamification-levels.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { GamificationDeps } from './gamification.access.ts';
import { createStatusesService } from './statuses.service.ts';

const tags = ['gamification'];

/** Levels (spec: statuses): everyone who sees the gamification reads them, its managers change them. */
export function statusRoutes(deps: GamificationDeps) {
  const statuses = createStatusesService(deps);
  const app = deps.scopes.app();
  const status = deps.scopes.status();
  const manage = 'app:create_gamification_rule' as const;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/gamification/statuses',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary:
        'The levels by threshold, numbered 1, 2, 3 … among the active ones (managers also see inactive)',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: statusListQuerySchema,
        response: { 200: statusListSchema },
      },
      handler: async (request) => statuses.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/gamification/statuses',
      auth: 'session',
      scope: app,
      ability: manage,
      summary: 'Add a level',
      tags,
      schema: { params: appParamsSchema, body: statusBodySchema, response: { 201: statusResponseSchema } },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await statuses.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/gamification/statuses/bulk',
      auth: 'session',
      scope: app,
      ability: manage,
      summary: 'Add several levels at once',
      tags,
      schema: {
        params: appParamsSchema,
        body: statusBulkCreateBodySchema,
        response: { 201: statusesResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await statuses.createMany(request.access, request.body.statuses) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/gamification/statuses',
      auth: 'session',
      scope: app,
      ability: manage,
      summary:
        'Change several levels: `isActive` for all of `statusIds`, and each entry of `statuses` its fields',
      tags,
      schema: {
        params: appParamsSchema,
        body: statusBulkPatchBodySchema,
        response: { 200: statusesResponseSchema },
      },
      handler: async (request) => ({ data: await statuses.updateMany(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/apps/:appId/gamification/statuses',
      auth: 'session',
      scope: app,
      ability: manage,
      summary: 'Delete the levels of `statusIds`',
      tags,
      schema: { params: appParamsSchema, body: statusIdsBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await statuses.removeMany(request.access, request.body.statusIds);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/statuses/:id',
      auth: 'session',
      scope: status,
      ability: manage,
      summary: 'Change a level',
      tags,
      schema: {
        params: idParamsSchema,
        body: statusPatchBodySchema,
        response: { 200: statusResponseSchema },
      },
      handler: async (request) => ({ data: await statuses.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/statuses/:id',
      auth: 'session',
      scope: status,
      ability: manage,
      summary: 'Delete a level',
      tags,
      schema: { params: idParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await statuses.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
