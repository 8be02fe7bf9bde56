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
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import { attemptsPerAccount, isResend } from '../auth/public.ts';
import { ownProfileScope } from './profile.scopes.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['profile'];

export function profileRoutes(deps: { profiles: ProfileService; db: Db }) {
  const { profiles } = deps;
  const ownProfile = ownProfileScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/profile',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:view',
      summary: 'The caller’s profile in the app',
      tags,
      schema: { params: appParamsSchema, response: { 200: profileSchema } },
      handler: async (request) => profiles.get(request.access),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/profile',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:edit',
      summary:
        'Update the member profile (names go to the account; e-mail and password have their own calls)',
      tags,
      schema: { params: appParamsSchema, body: updateProfileBodySchema, response: { 200: profileSchema } },
      handler: async (request) => profiles.update(request.access, request.body),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/profile/contact',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:edit',
      summary: 'Start (or resend) an e-mail change from the app: a code goes to the new address',
      tags,
      attempts: attemptsPerAccount('send-code'),
      schema: {
        params: appParamsSchema,
        body: contactChangeBodySchema,
        querystring: sendCodeQuerySchema,
        response: { 200: codeSentSchema },
      },
      handler: async (request) => {
        const input = { value: request.body.value, resend: isResend(request.query) };
        return { limits: await profiles.startContactChange(request.access, input) };
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/profile/contact/confirm',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:edit',
      summary: 'Confirm the e-mail change with the code sent to the new address',
      tags,
      attempts: attemptsPerAccount('sign-in'),
      schema: { params: appParamsSchema, body: contactConfirmBodySchema, response: { 200: profileSchema } },
      handler: async (request) => profiles.confirmContactChange(request.access, request.body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/profile/delete/confirm/send',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:delete',
      summary: 'Mail a code that confirms deleting the profile',
      tags,
      attempts: attemptsPerAccount('send-code'),
      schema: {
        params: appParamsSchema,
        querystring: sendCodeQuerySchema,
        response: { 200: codeSentSchema },
      },
      handler: async (request) => ({
        limits: await profiles.sendDeletionCode(request.access, {
          resend: isResend(request.query),
        }),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/profile/delete',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:delete',
      summary: 'Delete the profile in this app with the mailed code (the account stays)',
      tags,
      attempts: attemptsPerAccount('sign-in'),
      schema: { params: appParamsSchema, body: deleteProfileBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await profiles.delete(request.access, request.body);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/profile/notifications',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:view',
      summary: 'Notification settings, with one row per action',
      tags,
      schema: { params: appParamsSchema, response: { 200: notificationsSchema } },
      handler: async (request) => profiles.notifications(request.access),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/profile/notifications',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:edit',
      summary: 'Update notification settings (action lists replace the stored ones)',
      tags,
      schema: {
        params: appParamsSchema,
        body: updateNotificationsBodySchema,
        response: { 200: notificationsSchema },
      },
      handler: async (request) => profiles.updateNotifications(request.access, request.body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/logout',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:view',
      summary: 'End the current session in the app and forget the device’s push token',
      tags,
      schema: { params: appParamsSchema, body: appLogoutBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await profiles.logout(request.access, request.body ?? {});
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/tokens',
      auth: 'session',
      scope: ownProfile,
      ability: 'profile:edit',
      summary: 'Register the device’s push token for the app',
      tags,
      schema: { params: appParamsSchema, body: pushTokenBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await profiles.registerPushToken(request.access, request.body);
        return reply.status(204).send(null);
      },
    }),
  ];
}
