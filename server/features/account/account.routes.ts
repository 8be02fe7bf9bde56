import { z } from 'zod';
import {
  changePasswordBodySchema,
  contactChangeBodySchema,
  contactConfirmBodySchema,
  frontendSettingsSchema,
  timezoneListSchema,
  updateAccountBodySchema,
  updateFrontendSettingsBodySchema,
} from '../../../contracts/account.ts';
import { accountSchema, codeSentSchema, sendCodeQuerySchema } from '../../../contracts/auth.ts';
import { defineRoute } from '../../platform/routes.ts';
import { attemptsPerAccount, isResend, presentAccount } from '../auth/public.ts';
import type { AccountService } from './account.service.ts';
import { listTimezones } from './timezones.ts';

const tags = ['account'];

export function accountRoutes(deps: { account: AccountService }) {
  const { account } = deps;
  return [
    defineRoute({
      method: 'PATCH',
      url: '/api/user',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Update the account (names, language, time zone)',
      tags,
      schema: { body: updateAccountBodySchema, response: { 200: accountSchema } },
      handler: async (request) => presentAccount(await account.update(request.actor, request.body)),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/user/password',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Change the password (current one required when set); other sessions end',
      tags,
      // Guessing the current password: per account only (the session is already the account's).
      attempts: attemptsPerAccount('password-change', { perIp: false }),
      schema: { body: changePasswordBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await account.changePassword(request.actor, request.body);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/user/mark-as-deleted',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Delete the account: personal data anonymised, sessions revoked, content kept',
      tags,
      schema: { response: { 204: z.null() } },
      handler: async (request, reply) => {
        await account.markAsDeleted(request.actor);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/timezones',
      auth: 'public',
      ability: 'public',
      summary: 'IANA time zones with their current UTC offset',
      tags,
      schema: { response: { 200: timezoneListSchema } },
      handler: async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=3600');
        return { data: listTimezones() };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/frontend-settings',
      auth: 'session',
      ability: 'authenticated',
      summary: 'The account’s front-end flags',
      tags,
      schema: { response: { 200: frontendSettingsSchema } },
      handler: async (request) => ({ flags: await account.frontendSettings(request.actor) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/user/frontend-settings',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Merge front-end flags (null removes one)',
      tags,
      schema: { body: updateFrontendSettingsBodySchema, response: { 200: frontendSettingsSchema } },
      handler: async (request) => ({
        flags: await account.mergeFrontendSettings(request.actor, request.body.flags),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/user/contact',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Start (or resend) an e-mail change: a code goes to the new address',
      tags,
      attempts: attemptsPerAccount('send-code'),
      schema: {
        body: contactChangeBodySchema,
        querystring: sendCodeQuerySchema,
        response: { 200: codeSentSchema },
      },
      handler: async (request) => ({
        limits: await account.startContactChange(request.actor, {
          value: request.body.value,
          resend: isResend(request.query),
        }),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/user/contact/confirm',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Confirm an e-mail change with the code sent to the new address',
      tags,
      attempts: attemptsPerAccount('sign-in'),
      schema: { body: contactConfirmBodySchema, response: { 200: accountSchema } },
      handler: async (request) =>
        presentAccount(await account.confirmContactChange(request.actor, request.body)),
    }),
  ];
}
