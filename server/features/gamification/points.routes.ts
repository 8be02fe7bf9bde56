import { appParamsSchema } from '../../../contracts/gamification.ts';
import { levelsQuerySchema, levelsResponseSchema } from '../../../contracts/gamification-levels.ts';
import {
  historyListSchema,
  historyQuerySchema,
  pointsSummaryResponseSchema,
  visitResponseSchema,
} from '../../../contracts/gamification-points.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { GamificationDeps } from './gamification.access.ts';
import { createPointsService } from './points.service.ts';

const tags = ['gamification'];

/** The member's own points (spec §2 rewards, history), the daily visit and the levels beside names. */
export function pointRoutes(deps: GamificationDeps) {
  const points = createPointsService(deps);
  const app = deps.scopes.app();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/gamification/me',
      auth: 'session',
      scope: app,
      ability: 'app:rewards',
      summary: "The caller's balance, total, level and the next, ranks and how to earn",
      tags,
      schema: { params: appParamsSchema, response: { 200: pointsSummaryResponseSchema } },
      handler: async (request) => ({ data: await points.me(request.access) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/gamification/history',
      auth: 'session',
      scope: app,
      ability: 'app:rewards',
      summary: "The caller's points history, newest first (`kind`: earned or spent only)",
      tags,
      schema: {
        params: appParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: historyListSchema },
      },
      handler: async (request) => points.history(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/gamification/visit',
      auth: 'session',
      scope: app,
      ability: 'app:spend_points',
      summary: "Count the caller's visit of the day (once per day in the app's time zone)",
      tags,
      schema: { params: appParamsSchema, response: { 200: visitResponseSchema } },
      handler: async (request) => ({ data: await points.visit(request.access) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/gamification/levels',
      auth: 'optional',
      scope: deps.access.app(),
      ability: 'app:view',
      summary: 'The levels of up to 100 members, for the badges beside their names',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: levelsQuerySchema,
        response: { 200: levelsResponseSchema },
      },
      handler: async (request) => ({ data: await points.levels(request.access, request.query.profileIds) }),
    }),
  ];
}
