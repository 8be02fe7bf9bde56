import { z } from 'zod';
import { languageSchema } from './language.ts';

// What a session is made of (spec §7 "Auth and session"): the answer of every sign-in step, refresh and stash
// exchange, and the stash's own calls. Apart from the sign-in forms' schemas (`auth.ts`) because every page
// loads these before its first screen, and zod builds all of a module's schemas as it loads.

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
