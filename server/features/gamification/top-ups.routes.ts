import { appParamsSchema } from '../../../contracts/gamification.ts';
import {
  pageOnlyQuerySchema,
  topUpBodySchema,
  topUpListSchema,
  topUpResponseSchema,
} from '../../../contracts/gamification-points.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { GamificationDeps } from './gamification.access.ts';
import { createTopUpsService } from './top-ups.service.ts';

const tags = ['gamification'];

/** Admin top-ups and deductions and their audit list: the app's managers. */
export function topUpRoutes(deps: GamificationDeps) {
  const topUps = createTopUpsService(deps);
  const app = deps.scopes.app();
  return [
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/gamification/top-ups',
      auth: 'session',
      scope: app,
      ability: 'app:create_gamification_rule',
      summary:
        'Give a member points (positive) or take some (negative, never below a zero balance), with a reason',
      tags,
      schema: { params: appParamsSchema, body: topUpBodySchema, response: { 201: topUpResponseSchema } },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await topUps.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/gamification/top-ups',
      auth: 'session',
      scope: app,
      ability: 'app:create_gamification_rule',
      summary: 'The top-ups and deductions of the app, newest first (20 per page)',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: pageOnlyQuerySchema,
        response: { 200: topUpListSchema },
      },
      handler: async (request) => topUps.list(request.access, request.query),
    }),
  ];
}
