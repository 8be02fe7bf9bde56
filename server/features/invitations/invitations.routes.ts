import type { FastifyRequest } from 'fastify';
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
import type { AttemptLimiter } from '../../platform/attempt-limiter.ts';
import { defineRoute } from '../../platform/routes.ts';
import { isResend, requestLanguage, sessionMetaOf } from '../auth/request-context.ts';
import type { InvitationService } from './invitations.service.ts';

const tags = ['auth'];

export function invitationRoutes(deps: { invitations: InvitationService; limiter: AttemptLimiter }) {
  const { invitations, limiter } = deps;
  const limit = (bucket: string, request: FastifyRequest, login: string) =>
    limiter.hit(bucket, [`ip:${request.ip}`, `login:${login}`]);

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
      schema: {
        body: invitationSendCodeBodySchema,
        querystring: sendCodeQuerySchema,
        response: { 200: invitationCodeSentSchema },
      },
      handler: async (request) => {
        await limit('send-code', request, request.body.login);
        return invitations.sendCode({
          ...request.body,
          resend: isResend(request.query),
          language: requestLanguage(request),
        });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/invitation/confirm',
      auth: 'public',
      ability: 'public',
      summary: 'An invited person with an account confirms with the code and joins the app',
      tags,
      schema: { body: invitationConfirmBodySchema, response: { 200: sessionSchema } },
      handler: async (request) => {
        await limit('sign-in', request, request.body.login);
        return invitations.confirmExisting(request.body, sessionMetaOf(request));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/invitation/check-code',
      auth: 'public',
      ability: 'public',
      summary: 'A new invited person checks the code before the form (does not use it up)',
      tags,
      schema: {
        body: invitationCheckCodeBodySchema,
        response: { 200: z.object({ valid: z.literal(true), limits: codeLimitsSchema }) },
      },
      handler: async (request) => {
        await limit('sign-in', request, request.body.login);
        return { valid: true as const, limits: await invitations.checkNewUserCode(request.body) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/invitation/user/confirm',
      auth: 'public',
      ability: 'public',
      summary: 'A new invited person creates the account with the code and joins the app',
      tags,
      schema: { body: invitationUserConfirmBodySchema, response: { 200: sessionSchema } },
      handler: async (request) => {
        await limit('sign-in', request, request.body.login);
        return invitations.confirmNewUser(request.body, requestLanguage(request), sessionMetaOf(request));
      },
    }),
  ];
}
