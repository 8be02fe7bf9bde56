import { z } from 'zod';
import { languageSchema } from './language.ts';
import {
  confirmPassword,
  email,
  maxLength,
  minLength,
  requiredString,
  validationKeys,
} from './validation/index.ts';

/**
 * Identity contracts (spec §3 Login / Auth form / Code limits / Account, §7 "Auth and session").
 * Logins are e-mail addresses today; `type` and `prefix` exist so phone logins can follow without new calls.
 */
export const loginTypeValues = ['email'] as const;
export const loginTypeSchema = z.enum(loginTypeValues);

export const passwordRules = { min: 8, max: 128 } as const;
export const passwordSchema = z.string().check(minLength(passwordRules.min), maxLength(passwordRules.max));

const loginFields = {
  login: email().transform((value) => value.trim().toLowerCase()),
  type: loginTypeSchema.default('email'),
  prefix: z.string().max(8).optional(),
  /** Signing in on an app host: the app the person arrives in (profile membership). */
  appId: z.uuid().optional(),
};

export const codeSchema = z.string().regex(/^\d{6}$/, validationKeys.code);

/** The limits of a code step, in seconds from now; returned on every code step and inside code errors. */
export const codeLimitsSchema = z.object({
  sendAgainAfter: z.number().int().min(0),
  codeExpired: z.number().int().min(0),
  codeCheckLimit: z.number().int().min(1),
  codeCheckRemaining: z.number().int().min(0),
});
export type CodeLimits = z.infer<typeof codeLimitsSchema>;

export const sendCodeBodySchema = z.object(loginFields);
export const sendCodeQuerySchema = z.object({ resend: z.enum(['true', 'false', '1', '0']).optional() });
export const codeSentSchema = z.object({ limits: codeLimitsSchema });

export const checkCodeBodySchema = z.object({
  ...loginFields,
  code: codeSchema,
  isRemember: z.boolean().default(true),
});

export const byPasswordBodySchema = z.object({
  ...loginFields,
  password: z.string().min(1, 'validation.required').max(passwordRules.max),
  isRemember: z.boolean().default(true),
});

export const signupCheckCodeBodySchema = z.object({ ...loginFields, code: codeSchema });
export const signupCodeValidSchema = z.object({ valid: z.literal(true), limits: codeLimitsSchema });

/** The form of a new account (sign-up, and a new person accepting an invitation). */
export const newAccountFields = {
  code: codeSchema,
  firstName: requiredString().check(maxLength(100)),
  lastName: requiredString().check(maxLength(100)),
  password: passwordSchema.optional(),
  passwordConfirmation: z.string().optional(),
  language: languageSchema.optional(),
  timezone: z.string().max(64).optional(),
  isRemember: z.boolean().default(true),
};

export const signupBodySchema = z
  .object({ ...loginFields, ...newAccountFields })
  .check(confirmPassword('passwordConfirmation', 'password'));

export const resetPasswordBodySchema = z.object(loginFields);
export const resetPasswordConfirmationBodySchema = z
  .object({
    ...loginFields,
    code: codeSchema,
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .check(confirmPassword('passwordConfirmation', 'password'));

export const refreshTokenBodySchema = z.object({ refreshToken: z.string().min(20).max(200) });

export const accountSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  language: languageSchema,
  timezone: z.string(),
  isPasswordSet: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** What every successful sign-in step answers. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires; the client refreshes before or on the first 401. */
  expiresIn: z.number().int(),
  isRemember: z.boolean(),
  account: accountSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const identitySchema = z.object({ account: accountSchema });
export type Identity = z.infer<typeof identitySchema>;

export const stashBodySchema = z.object({
  refreshToken: z.string().min(20).max(200),
  accessToken: z.string().min(20).max(4096),
});
export const stashCodeSchema = z.object({ code: z.string(), expiresIn: z.number().int() });
export const stashParamsSchema = z.object({ code: z.string().min(20).max(100) });

export const authLoginFields = loginFields;
