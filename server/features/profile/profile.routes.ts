import { z } from 'zod';
import { contactChangeBodySchema, contactConfirmBodySchema } from '../../../contracts/account.ts';
import { codeSentSchema, sendCodeQuerySchema } from '../../../contracts/auth.ts';
import {
  appLogoutBodySchema,
  appParamsSchema,
  deleteProfileBodySchema,
  notificationsSchema,
  profileSchema,
  pushTokenBodySchema,
  updateNotificationsBodySchema,
  updateProfileBodySchema,
} from '../../../contracts/profile.ts';
import type { Actor } from '../../platform/auth.ts';
import type { AttemptLimiter } from '../../platform/attempt-limiter.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { ProfileService } from './profile.service.ts';
import { isResend } from '../auth/request-context.ts';

const tags = ['profile'];
/** Code mails and code checks count per IP and per account, in the buckets the account calls use. */
const limitKeys = (ip: string, actor: Actor) => [
  `ip:${ip}`,
  ...(actor.kind === 'account' ? [`account:${actor.accountId}`] : []),
];

export function profileRoutes(deps: { profiles: ProfileService; limiter: AttemptLimiter }) {
  const { profiles, limiter } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/profile',
      auth: 'session',
      ability: 'profile:view',
      summary: 'The caller’s profile in the app',
      tags,
      schema: { params: appParamsSchema, response: { 200: profileSchema } },
      handler: async (request) => profiles.get(request.actor, request.params.appId),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/profile',
      auth: 'session',
      ability: 'profile:edit',
      summary:
        'Update the member profile (names go to the account; e-mail and password have their own calls)',
      tags,
      schema: { params: appParamsSchema, body: updateProfileBodySchema, response: { 200: profileSchema } },
      handler: async (request) => profiles.update(request.actor, request.params.appId, request.body),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/profile/contact',
      auth: 'session',
      ability: 'profile:edit',
      summary: 'Start (or resend) an e-mail change from the app: a code goes to the new address',
      tags,
      schema: {
        params: appParamsSchema,
        body: contactChangeBodySchema,
        querystring: sendCodeQuerySchema,
        response: { 200: codeSentSchema },
      },
      handler: async (request) => {
        await limiter.hit('send-code', limitKeys(request.ip, request.actor));
        const input = { value: request.body.value, resend: isResend(request.query) };
        return { limits: await profiles.startContactChange(request.actor, request.params.appId, input) };
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/profile/contact/confirm',
      auth: 'session',
      ability: 'profile:edit',
      summary: 'Confirm the e-mail change with the code sent to the new address',
      tags,
      schema: { params: appParamsSchema, body: contactConfirmBodySchema, response: { 200: profileSchema } },
      handler: async (request) => {
        await limiter.hit('sign-in', limitKeys(request.ip, request.actor));
        return profiles.confirmContactChange(request.actor, request.params.appId, request.body);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/profile/delete/confirm/send',
      auth: 'session',
      ability: 'profile:delete',
      summary: 'Mail a code that confirms deleting the profile',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: sendCodeQuerySchema,
        response: { 200: codeSentSchema },
      },
      handler: async (request) => {
        await limiter.hit('send-code', limitKeys(request.ip, request.actor));
        return {
          limits: await profiles.sendDeletionCode(request.actor, request.params.appId, {
            resend: isResend(request.query),
          }),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/profile/delete',
      auth: 'session',
      ability: 'profile:delete',
      summary: 'Delete the profile in this app with the mailed code (the account stays)',
      tags,
      schema: { params: appParamsSchema, body: deleteProfileBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await limiter.hit('sign-in', limitKeys(request.ip, request.actor));
        await profiles.delete(request.actor, request.params.appId, request.body);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/profile/notifications',
      auth: 'session',
      ability: 'profile:view',
      summary: 'Notification settings, with one row per action',
      tags,
      schema: { params: appParamsSchema, response: { 200: notificationsSchema } },
      handler: async (request) => profiles.notifications(request.actor, request.params.appId),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/profile/notifications',
      auth: 'session',
      ability: 'profile:edit',
      summary: 'Update notification settings (action lists replace the stored ones)',
      tags,
      schema: {
        params: appParamsSchema,
        body: updateNotificationsBodySchema,
        response: { 200: notificationsSchema },
      },
      handler: async (request) =>
        profiles.updateNotifications(request.actor, request.params.appId, request.body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/logout',
      auth: 'session',
      ability: 'profile:view',
      summary: 'End the current session in the app and forget the device’s push token',
      tags,
      schema: { params: appParamsSchema, body: appLogoutBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await profiles.logout(request.actor, request.params.appId, request.body ?? {});
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/tokens',
      auth: 'session',
      ability: 'profile:edit',
      summary: 'Register the device’s push token for the app',
      tags,
      schema: { params: appParamsSchema, body: pushTokenBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await profiles.registerPushToken(request.actor, request.params.appId, request.body);
        return reply.status(204).send(null);
      },
    }),
  ];
}
