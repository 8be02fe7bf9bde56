import { z } from 'zod';
import {
  notificationCountersSchema,
  notificationListQuerySchema,
  notificationListSchema,
} from '../../../contracts/notifications.ts';
import { appParamsSchema } from '../../../contracts/profile.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { NotificationService } from './notifications.service.ts';
import type { createNotificationScopes } from './notifications.scopes.ts';

const tags = ['notifications'];
const itemParamsSchema = z.object({ id: z.uuid() });

/** Rows NOTIFICATIONS-ONBOARDING-01..04: a member's own list, badge and marking read. */
export function notificationRoutes(deps: {
  notifications: NotificationService;
  scopes: ReturnType<typeof createNotificationScopes>;
}) {
  const { notifications, scopes } = deps;
  const own = scopes.own('appId');
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/notifications',
      auth: 'session',
      scope: own,
      ability: 'notification:view',
      summary:
        'The caller’s notifications, newest activity first (20 per page; `unread=true` for unread only)',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
      handler: async (request) => notifications.list(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/notifications/counters',
      auth: 'session',
      scope: own,
      ability: 'notification:view',
      summary: 'The bell’s badge: unread notifications (also pushed live as `counters` on the profile room)',
      tags,
      schema: { params: appParamsSchema, response: { 200: notificationCountersSchema } },
      handler: async (request) => notifications.counters(request.access),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/notifications/read',
      auth: 'session',
      scope: own,
      ability: 'notification:read',
      summary: 'Mark all of the caller’s notifications read',
      tags,
      schema: { params: appParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await notifications.readAll(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/notifications/:id/read',
      auth: 'session',
      scope: scopes.item('id'),
      ability: 'notification:read',
      summary: 'Mark one notification read (idempotent)',
      tags,
      schema: { params: itemParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await notifications.readOne(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
