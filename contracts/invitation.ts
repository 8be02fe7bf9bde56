import { z } from 'zod';
import { authLoginFields, codeLimitsSchema, codeSchema, newAccountFields } from './auth.ts';
import { confirmPassword } from './validation/index.ts';

/**
 * Accepting an invitation (`/auth/join/{invitationToken}`), spec rows AUTH-07…10. The token is either a
 * personal invitation's (one address, one use) or an app's invite link (contracts/invitation-links.ts:
 * any address, used until it is switched off, expires or reaches its maximum uses).
 */
export const invitationTokenSchema = z.string().min(20).max(100);
export const invitationParamsSchema = z.object({ invitationToken: invitationTokenSchema });

export const invitationKindValues = ['personal', 'link'] as const;
export type InvitationKind = (typeof invitationKindValues)[number];

/** `GET /invitation/{token}` (addition): what the join screen shows, to the token holder only. */
export const invitationInfoSchema = z.object({
  app: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  /** `link`: anyone may join with the address they enter (`email` is null, names are ''). */
  kind: z.enum(invitationKindValues).default('personal'),
  /** The invited address (the login the flow must use); null for an invite link. */
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /**
   * Decides the confirm call: `auth/invitation/confirm` (has an account) or `invitation/user/confirm`.
   * Always false for a link: `POST /auth/invitation` answers it for the address entered.
   */
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
