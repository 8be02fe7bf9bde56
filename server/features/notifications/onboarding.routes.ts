import { z } from 'zod';
import { onboardingSchema, updateOnboardingBodySchema } from '../../../contracts/onboarding.ts';
import { appParamsSchema } from '../../../contracts/profile.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { OnboardingService } from './onboarding.service.ts';

const tags = ['onboarding'];

/** Rows NOTIFICATIONS-ONBOARDING-05..06 and the member's "hide the checklist". */
export function onboardingRoutes(deps: { onboarding: OnboardingService; scopes: AccessScopes }) {
  const { onboarding } = deps;
  const app = deps.scopes.app();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/onboarding',
      auth: 'session',
      scope: app,
      ability: 'app:view',
      summary: 'The onboarding checklist with the caller’s progress (the settings screen reads it too)',
      tags,
      schema: { params: appParamsSchema, response: { 200: onboardingSchema } },
      handler: async (request) => onboarding.read(request.access),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/onboarding',
      auth: 'session',
      scope: app,
      ability: 'app:onboarding',
      summary: 'Change the checklist: on or off, welcome text, steps in order with their own wording',
      tags,
      schema: {
        params: appParamsSchema,
        body: updateOnboardingBodySchema,
        response: { 200: onboardingSchema },
      },
      handler: async (request) => onboarding.update(request.access, request.body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/onboarding/dismiss',
      auth: 'session',
      scope: app,
      ability: 'app:view',
      summary: 'Hide the checklist for the caller (a member of the app)',
      tags,
      schema: { params: appParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await onboarding.dismiss(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
