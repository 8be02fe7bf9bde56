import { appParamsSchema } from '../../../contracts/gamification.ts';
import { leaderboardQuerySchema, leaderboardSchema } from '../../../contracts/gamification-points.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { UrlSign } from '../cloud/public.ts';
import { createLeaderboards } from './leaderboard.ts';
import type { GamificationScopes } from './gamification.access.ts';

/** The leaderboards: weekly, monthly and all-time top members and the caller's own rank. */
export function leaderboardRoutes(deps: { db: DbOrTx; sign: UrlSign; scopes: GamificationScopes }) {
  const boards = createLeaderboards(deps);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/gamification/leaderboard',
      auth: 'session',
      scope: deps.scopes.app('appId'),
      ability: 'app:view',
      summary:
        "A leaderboard's top members and the caller's own rank, from the last snapshot (404 when the app hides it)",
      tags: ['gamification'],
      schema: {
        params: appParamsSchema,
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema },
      },
      handler: async (request, reply) => boards.send(reply, request.access, request.query.period),
    }),
  ];
}
