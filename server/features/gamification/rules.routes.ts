import {
  appParamsSchema,
  ruleListSchema,
  rulePatchBodySchema,
  ruleResponseSchema,
} from '../../../contracts/gamification.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { GamificationDeps } from './gamification.access.ts';
import { createRulesService } from './rules.service.ts';

const tags = ['gamification'];

/** The app's point rules (APP-SERVICES, settings/gamification): its managers read and change them. */
export function ruleRoutes(deps: GamificationDeps) {
  const rules = createRulesService(deps);
  const app = deps.scopes.app();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/gamification/rules',
      auth: 'session',
      scope: app,
      ability: 'app:create_gamification_rule',
      summary: 'Every point action of the app with its points, daily cap and whether it is on',
      tags,
      schema: { params: appParamsSchema, response: { 200: ruleListSchema } },
      handler: async (request) => rules.list(request.access),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/gamification/rules',
      auth: 'session',
      scope: app,
      ability: 'app:create_gamification_rule',
      summary: 'Change one rule (`ruleId` is the action): the fields sent',
      tags,
      schema: { params: appParamsSchema, body: rulePatchBodySchema, response: { 200: ruleResponseSchema } },
      handler: async (request) => ({ data: await rules.update(request.access, request.body) }),
    }),
  ];
}
