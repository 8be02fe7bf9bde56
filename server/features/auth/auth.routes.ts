import { z } from 'zod';
import {
  byPasswordBodySchema,
  checkCodeBodySchema,
  codeSentSchema,
  refreshTokenBodySchema,
  resetPasswordBodySchema,
  resetPasswordConfirmationBodySchema,
  sendCodeBodySchema,
  sendCodeQuerySchema,
  sessionSchema,
  signupBodySchema,
  signupCheckCodeBodySchema,
  signupCodeValidSchema,
  stashBodySchema,
  stashCodeSchema,
  stashParamsSchema,
} from '../../../contracts/auth.ts';
import { identityQuerySchema, identityWithProfileSchema } from '../../../contracts/profile.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { ProfileService } from '../profile/public.ts';
import { presentAccount } from './auth.presenter.ts';
import type { AuthService } from './auth.service.ts';
import { attemptsPerLogin, isResend, requestLanguage, sessionMetaOf } from './request-context.ts';

const tags = ['auth'];

export function authRoutes(deps: { auth: AuthService; profiles: ProfileService }) {
  const { auth } = deps;

  return [
    defineRoute({
      method: 'POST',
      url: '/api/auth/send-code',
      auth: 'public',
      ability: 'public',
      summary: 'Send a sign-in code (same answer for unknown addresses)',
      tags,
      attempts: attemptsPerLogin('send-code'),
      schema: {
        body: sendCodeBodySchema,
        querystring: sendCodeQuerySchema,
        response: { 200: codeSentSchema },
      },
      handler: async (request) => ({
        limits: await auth.sendSigninCode({ ...request.body, resend: isResend(request.query) }),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/check-code',
      auth: 'public',
      ability: 'public',
      summary: 'Sign in with the code from the mail',
      tags,
      attempts: attemptsPerLogin('sign-in'),
      schema: { body: checkCodeBodySchema, response: { 200: sessionSchema } },
      handler: async (request) => auth.signInWithCode(request.body, sessionMetaOf(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/by-password',
      auth: 'public',
      ability: 'public',
      summary: 'Sign in with a password',
      tags,
      attempts: attemptsPerLogin('sign-in'),
      schema: { body: byPasswordBodySchema, response: { 200: sessionSchema } },
      handler: async (request) => auth.signInWithPassword(request.body, sessionMetaOf(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/signup/send-code',
      auth: 'public',
      ability: 'public',
      summary: 'Send a sign-up code to the address being registered',
      tags,
      attempts: attemptsPerLogin('send-code'),
      schema: {
        body: sendCodeBodySchema,
        querystring: sendCodeQuerySchema,
        response: { 200: codeSentSchema },
      },
      handler: async (request) => ({
        limits: await auth.sendSignupCode({
          ...request.body,
          resend: isResend(request.query),
          language: requestLanguage(request),
        }),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/signup/send-email-confirmation',
      auth: 'public',
      ability: 'public',
      summary: 'The "confirm e-mail" step: send the sign-up code again',
      tags,
      attempts: attemptsPerLogin('send-code'),
      schema: { body: sendCodeBodySchema, response: { 200: codeSentSchema } },
      handler: async (request) => ({
        limits: await auth.sendSignupCode({
          ...request.body,
          resend: true,
          language: requestLanguage(request),
        }),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/signup/check-code',
      auth: 'public',
      ability: 'public',
      summary: 'Check a sign-up code before the form (does not use it up)',
      tags,
      attempts: attemptsPerLogin('sign-in'),
      schema: { body: signupCheckCodeBodySchema, response: { 200: signupCodeValidSchema } },
      handler: async (request) => ({
        valid: true as const,
        limits: await auth.checkSignupCode(request.body),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/signup',
      auth: 'public',
      ability: 'public',
      summary: 'Create the account with a valid sign-up code, and sign in',
      tags,
      attempts: attemptsPerLogin('sign-in'),
      schema: { body: signupBodySchema, response: { 200: sessionSchema } },
      handler: async (request) =>
        auth.signUp(
          { ...request.body, language: request.body.language ?? requestLanguage(request) },
          sessionMetaOf(request),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/reset-password',
      auth: 'public',
      ability: 'public',
      summary: 'Mail a password-reset code and link (same answer for unknown addresses)',
      tags,
      attempts: attemptsPerLogin('send-code'),
      schema: {
        body: resetPasswordBodySchema,
        querystring: sendCodeQuerySchema,
        response: { 200: codeSentSchema },
      },
      handler: async (request) => ({
        limits: await auth.requestPasswordReset({ ...request.body, resend: isResend(request.query) }),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/reset-password-confirmation',
      auth: 'public',
      ability: 'public',
      summary: 'Set a new password with the reset code; other sessions end',
      tags,
      attempts: attemptsPerLogin('sign-in'),
      schema: { body: resetPasswordConfirmationBodySchema, response: { 200: sessionSchema } },
      handler: async (request) => auth.confirmPasswordReset(request.body, sessionMetaOf(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/refresh-token',
      auth: 'public',
      ability: 'public',
      summary: 'Rotate the refresh token; a reused token revokes its whole family',
      tags,
      rateLimit: { max: 60, timeWindow: '1 minute' },
      schema: { body: refreshTokenBodySchema, response: { 200: sessionSchema } },
      handler: async (request) => auth.refresh(request.body.refreshToken),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/auth/identity',
      auth: 'session',
      ability: 'authenticated',
      summary: 'The signed-in account, and its profile in an app when `appId` is given',
      tags,
      schema: { querystring: identityQuerySchema, response: { 200: identityWithProfileSchema } },
      handler: async (request) => {
        const account = presentAccount(await auth.identity(request.actor));
        const { appId } = request.query;
        return { account, profile: appId ? await deps.profiles.findOwn(request.actor, appId) : null };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/logout',
      auth: 'session',
      ability: 'authenticated',
      summary: 'End the current session (its refresh tokens stop working)',
      tags,
      schema: { response: { 204: z.null() } },
      handler: async (request, reply) => {
        await auth.logout(request.actor);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/stash',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Park the session behind a one-time code (60 s) for the hop to another host',
      tags,
      schema: { body: stashBodySchema, response: { 200: stashCodeSchema } },
      handler: async (request) => auth.stash(request.actor, request.body.refreshToken),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/stash/:code',
      auth: 'public',
      ability: 'public',
      summary: 'Redeem a stash code once for a session on this host',
      tags,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      schema: { params: stashParamsSchema, response: { 200: sessionSchema } },
      handler: async (request) => auth.takeStash(request.params.code, sessionMetaOf(request)),
    }),
  ];
}
