import { z } from 'zod';
import { codeLimitsSchema } from './code-limits.ts';
import { languageSchema } from './language.ts';
import {
  confirmPassword,
  email,
  maxLength,
  minLength,
  requiredString,
  validationKeys,
} from './validation/index.ts';

export * from './code-limits.ts';
export * from './session.ts';

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

export const sendCodeBodySchema = z.object(loginFields);
export const sendCodeQuerySchema = z.object({ resend: z.enum(['true', 'false', '1', '0']).optional() });

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

export const authLoginFields = loginFields;
