import { z } from 'zod';
import { appParamsSchema } from '../../../contracts/profile.ts';
import {
  pushSettingsSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '../../../contracts/push.ts';
import { defineRoute, type RouteScope } from '../../platform/routes.ts';
import type { PushAccess, PushSubscriptionService } from './push.service.ts';

const tags = ['notifications'];
const url = '/api/apps/:appId/profile/notifications/push';

/**
 * Web push on this browser (issue 16). `ownProfile` is the profile feature's own-profile scope: the caller's
 * live profile in the app of `:appId`, 404 without one.
 */
export function pushRoutes(deps: { push: PushSubscriptionService; ownProfile: RouteScope<PushAccess> }) {
  const { push, ownProfile } = deps;
  return [
    defineRoute({
      method: 'GET',
      url,
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:view',
      summary: 'The VAPID public key to subscribe with, and how many browsers of the caller receive push',
      tags,
      schema: { params: appParamsSchema, response: { 200: pushSettingsSchema } },
      handler: async (request) => push.settings(request.access),
    }),
    defineRoute({
      method: 'POST',
      url,
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:edit',
      summary: 'Receive push on this browser: store its PushSubscription (the oldest beyond 20 are dropped)',
      tags,
      schema: { params: appParamsSchema, body: pushSubscriptionBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await push.subscribe(request.access, request.body, request.headers['user-agent'] ?? '');
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url,
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:edit',
      summary: 'Stop push on this browser: forget the caller’s subscription with this endpoint',
      tags,
      schema: { params: appParamsSchema, body: pushUnsubscribeBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await push.unsubscribe(request.access, request.body);
        return reply.status(204).send(null);
      },
    }),
  ];
}
