import {
  codeSentSchema,
  sessionSchema,
  signupCodeValidSchema,
  type CodeLimits,
  type Session,
} from '../../../contracts/auth';
import type { Language } from '../../../contracts/language';
import { api } from '../../api/client';

/**
 * Logins are e-mail addresses today (contracts/auth.ts keeps `type` for phone logins later). On an app host the
 * app's id goes along, so codes and sessions are bound to the app the person arrives in.
 */
const loginOf = (login: string, appId: string | undefined) =>
  appId ? { login, type: 'email' as const, appId } : { login, type: 'email' as const };
const resendQuery = (resend: boolean) => (resend ? { resend: true } : undefined);

export type CodeSent = { limits: CodeLimits };

export type SignupForm = {
  code: string;
  firstName: string;
  lastName: string;
  password?: string;
  passwordConfirmation?: string;
  language: Language;
  timezone?: string;
  isRemember: boolean;
};

export type NewPasswordForm = { code: string; password: string; passwordConfirmation: string };

/** The identity calls of spec §7 "Auth and session", typed from contracts/auth.ts; `appId` on an app host. */
export function authApiFor(appId?: string) {
  const emailLogin = (login: string) => loginOf(login, appId);
  return {
    sendSignInCode: (login: string, resend = false): Promise<CodeSent> =>
      api.post('/auth/send-code', {
        body: emailLogin(login),
        query: resendQuery(resend),
        schema: codeSentSchema,
      }),

    signInWithCode: (login: string, code: string, isRemember: boolean): Promise<Session> =>
      api.post('/auth/check-code', {
        body: { ...emailLogin(login), code, isRemember },
        schema: sessionSchema,
      }),

    signInWithPassword: (login: string, password: string, isRemember: boolean): Promise<Session> =>
      api.post('/auth/by-password', {
        body: { ...emailLogin(login), password, isRemember },
        schema: sessionSchema,
      }),

    sendSignupCode: (login: string): Promise<CodeSent> =>
      api.post('/signup/send-code', { body: emailLogin(login), schema: codeSentSchema }),

    /** The "confirm e-mail" step: sends the sign-up code again. */
    sendEmailConfirmation: (login: string): Promise<CodeSent> =>
      api.post('/signup/send-email-confirmation', { body: emailLogin(login), schema: codeSentSchema }),

    checkSignupCode: (login: string, code: string): Promise<CodeSent> =>
      api.post('/signup/check-code', { body: { ...emailLogin(login), code }, schema: signupCodeValidSchema }),

    signUp: (login: string, form: SignupForm): Promise<Session> =>
      api.post('/signup', { body: { ...emailLogin(login), ...form }, schema: sessionSchema }),

    requestPasswordReset: (login: string, resend = false): Promise<CodeSent> =>
      api.post('/user/reset-password', {
        body: emailLogin(login),
        query: resendQuery(resend),
        schema: codeSentSchema,
      }),

    confirmPasswordReset: (login: string, form: NewPasswordForm): Promise<Session> =>
      api.post('/user/reset-password-confirmation', {
        body: { ...emailLogin(login), ...form },
        schema: sessionSchema,
      }),
  };
}

/** The service host's calls (no app). */
export const authApi = authApiFor();
