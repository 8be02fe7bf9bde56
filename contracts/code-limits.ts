import { z } from 'zod';

// The answers of the code steps. Apart from the sign-in forms' schemas (`auth.ts`, which re-exports these)
// because the account menu on every signed-in page loads them, and zod builds all of a module's schemas as it
// loads.

/** The limits of a code step, in seconds from now; returned on every code step and inside code errors. */
export const codeLimitsSchema = z.object({
  sendAgainAfter: z.number().int().min(0),
  codeExpired: z.number().int().min(0),
  codeCheckLimit: z.number().int().min(1),
  codeCheckRemaining: z.number().int().min(0),
});
export type CodeLimits = z.infer<typeof codeLimitsSchema>;

/** The answer of every step that sends a code (sign-in, sign-up, e-mail change). */
export const codeSentSchema = z.object({ limits: codeLimitsSchema });
