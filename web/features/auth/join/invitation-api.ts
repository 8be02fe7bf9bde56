import { sessionSchema, signupCodeValidSchema, type Session } from '../../../../contracts/auth';
import {
  invitationCodeSentSchema,
  invitationInfoSchema,
  invitationTokenSchema,
} from '../../../../contracts/invitation';
import type { z } from 'zod';
import { ApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import type { CodeSent, SignupForm } from '../auth-api';

export type InvitationInfo = z.infer<typeof invitationInfoSchema>;
export type InvitationCodeSent = z.infer<typeof invitationCodeSentSchema>;

/** The invitation's own address is the login: the server refuses any other. */
const invitedLogin = (invitationToken: string, login: string) => ({
  invitationToken,
  login,
  type: 'email' as const,
});

/** The personal-invitation calls (DECISIONS "Personal invitations", spec rows AUTH-07…10). */
export const invitationApi = {
  info: (invitationToken: string, signal?: AbortSignal): Promise<InvitationInfo> =>
    api.get(`/invitation/${encodeURIComponent(invitationToken)}`, { schema: invitationInfoSchema, signal }),

  /** A sign-in code when the address has an account, a sign-up code otherwise; `hasAccount` says which. */
  sendCode: (invitationToken: string, login: string, resend = false): Promise<InvitationCodeSent> =>
    api.post('/auth/invitation', {
      body: invitedLogin(invitationToken, login),
      query: resend ? { resend: true } : undefined,
      schema: invitationCodeSentSchema,
    }),

  /** An existing account: the code signs in and joins the app. */
  confirm: (invitationToken: string, login: string, code: string, isRemember: boolean): Promise<Session> =>
    api.post('/auth/invitation/confirm', {
      body: { ...invitedLogin(invitationToken, login), code, isRemember },
      schema: sessionSchema,
    }),

  /** A new person: checks the code before the form, without using it up. */
  checkCode: (invitationToken: string, login: string, code: string): Promise<CodeSent> =>
    api.post('/invitation/check-code', {
      body: { ...invitedLogin(invitationToken, login), code },
      schema: signupCodeValidSchema,
    }),

  /** A new person: creates the account with the code and joins the app. */
  confirmNewUser: (invitationToken: string, login: string, form: SignupForm): Promise<Session> =>
    api.post('/invitation/user/confirm', {
      body: { ...invitedLogin(invitationToken, login), ...form },
      schema: sessionSchema,
    }),
};

export function isInvitationToken(value: string): boolean {
  return invitationTokenSchema.safeParse(value).success;
}

/** Unknown, used and expired invitations are one 404 on the server. */
export function isInvitationGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
