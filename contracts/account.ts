import { z } from 'zod';
import { codeSchema, passwordSchema } from './auth.ts';
import { languageSchema } from './language.ts';
import { confirmPassword, email, maxLength, requiredString } from './validation/index.ts';

/** `PATCH /user`: account fields without avatar. The e-mail changes through the contact flow (a code proves it). */
export const updateAccountBodySchema = z.strictObject({
  firstName: requiredString().check(maxLength(100)).optional(),
  lastName: requiredString().check(maxLength(100)).optional(),
  language: languageSchema.optional(),
  timezone: z.string().max(64).optional(),
});

/** GAPS 23: the current password only when one is set. */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().max(128).optional(),
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .check(confirmPassword('passwordConfirmation', 'password'));

export { timezoneListSchema, timezoneSchema, type Timezone } from './timezones.ts';

const flagValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
export const frontendFlagsSchema = z.record(z.string().min(1).max(100), flagValue);
export const frontendSettingsSchema = z.object({ flags: frontendFlagsSchema });
/** Merged into the stored flags; a `null` value removes a flag. */
export const updateFrontendSettingsBodySchema = z.object({
  flags: frontendFlagsSchema.refine(
    (flags) => Object.keys(flags).length <= 100,
    'validation.validateMaxLength',
  ),
});

export const contactFieldValues = ['email'] as const;
/** `PATCH /user/contact`: start (or resend) a contact change; a code goes to the new address. */
export const contactChangeBodySchema = z.object({
  field: z.enum(contactFieldValues),
  value: email().transform((value) => value.trim().toLowerCase()),
});
export const contactConfirmBodySchema = z.object({
  field: z.enum(contactFieldValues),
  login: email().transform((value) => value.trim().toLowerCase()),
  code: codeSchema,
  type: z.enum(['email']).default('email'),
  prefix: z.string().max(8).optional(),
  appId: z.uuid().optional(),
});
