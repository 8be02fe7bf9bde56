import { codeLimitsSchema, sendCodeQuerySchema, sessionSchema } from '../../../contracts/auth.ts';
import {
  invitationCheckCodeBodySchema,
  invitationCodeSentSchema,
  invitationConfirmBodySchema,
  invitationInfoSchema,
  invitationParamsSchema,
  invitationSendCodeBodySchema,
  invitationUserConfirmBodySchema,
} from '../../../contracts/invitation.ts';
import { z } from 'zod';
import { defineRoute } from '../../platform/routes.ts';
import { attemptsPerLogin, isResend, requestLanguage, sessionMetaOf } from '../auth/public.ts';
import type { InvitationService } from './invitations.service.ts';

const tags = ['auth'];

export function invitationRoutes(deps: { invitations: InvitationService }) {
  const { invitations } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/invitation/:invitationToken',
      auth: 'public',
      ability: 'public',
      summary:
        'What a personal invitation or invite link is for (the join screen); 404 when unknown, used or closed',
      tags,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      schema: { params: invitationParamsSchema, response: { 200: invitationInfoSchema } },
      handler: async (request) => invitations.info(request.params.invitationToken),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/invitation',
      auth: 'public',
      ability: 'public',
      summary: 'Mail a code to the invited address, or any address for an invite link (resend: ?resend=true)',
      tags,
      attempts: attemptsPerLogin('send-code'),
      schema: {
        body: invitationSendCodeBodySchema,
        querystring: sendCodeQuerySchema,
        response: { 200: invitationCodeSentSchema },
      },
      handler: async (request) =>
        invitations.sendCode({
          ...request.body,
          resend: isResend(request.query),
          language: requestLanguage(request),
        }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/invitation/confirm',
      auth: 'public',
      ability: 'public',
      summary: 'An invited person with an account confirms with the code and joins the app',
      tags,
      attempts: attemptsPerLogin('sign-in'),
      schema: { body: invitationConfirmBodySchema, response: { 200: sessionSchema } },
      handler: async (request) => invitations.confirmExisting(request.body, sessionMetaOf(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/invitation/check-code',
      auth: 'public',
      ability: 'public',
      summary: 'A new invited person checks the code before the form (does not use it up)',
      tags,
      attempts: attemptsPerLogin('sign-in'),
      schema: {
        body: invitationCheckCodeBodySchema,
        response: { 200: z.object({ valid: z.literal(true), limits: codeLimitsSchema }) },
      },
      handler: async (request) => ({
        valid: true as const,
        limits: await invitations.checkNewUserCode(request.body),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/invitation/user/confirm',
      auth: 'public',
      ability: 'public',
      summary: 'A new invited person creates the account with the code and joins the app',
      tags,
      attempts: attemptsPerLogin('sign-in'),
      schema: { body: invitationUserConfirmBodySchema, response: { 200: sessionSchema } },
      handler: async (request) =>
        invitations.confirmNewUser(request.body, requestLanguage(request), sessionMetaOf(request)),
    }),
  ];
}
