import { z } from 'zod';
import { authLoginFields, codeLimitsSchema, codeSchema, newAccountFields } from './auth.ts';
import { confirmPassword } from './validation/index.ts';

/** Accepting a personal invitation (`/auth/join/{invitationToken}`), spec rows AUTH-07…10. */
export const invitationTokenSchema = z.string().min(20).max(100);
export const invitationParamsSchema = z.object({ invitationToken: invitationTokenSchema });

/** `GET /invitation/{token}` (addition): what the join screen shows, to the token holder only. */
export const invitationInfoSchema = z.object({
  app: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Decides the confirm call: `auth/invitation/confirm` (has an account) or `invitation/user/confirm`. */
  hasAccount: z.boolean(),
});

const invitationLogin = {
  invitationToken: invitationTokenSchema,
  login: authLoginFields.login,
  type: authLoginFields.type,
  prefix: authLoginFields.prefix,
};

export const invitationSendCodeBodySchema = z.object(invitationLogin);
export const invitationCodeSentSchema = z.object({ limits: codeLimitsSchema, hasAccount: z.boolean() });

export const invitationConfirmBodySchema = z.object({
  ...invitationLogin,
  code: codeSchema,
  isRemember: z.boolean().default(true),
});
export const invitationCheckCodeBodySchema = z.object({ ...invitationLogin, code: codeSchema });

export const invitationUserConfirmBodySchema = z
  .object({ ...invitationLogin, ...newAccountFields })
  .check(confirmPassword('passwordConfirmation', 'password'));
