import { z } from 'zod';

/*
 * Onboarding (issue 16, rows NOTIFICATIONS-ONBOARDING-05..06, route settings/onboarding): the checklist a new
 * member is shown, chosen and worded by the app's team. A step is done when the member did it (the server
 * looks: a photo and a bio, a space joined, a post, a comment, push switched on), so the checklist never
 * claims what is not true; the member may hide it.
 */

export const onboardingStepKeyValues = [
  'complete_profile',
  'join_space',
  'introduce_yourself',
  'first_comment',
  'enable_notifications',
] as const;
export type OnboardingStepKey = (typeof onboardingStepKeyValues)[number];
export const onboardingStepKeySchema = z.enum(onboardingStepKeyValues);

export const onboardingLimits = { title: 80, description: 300, welcomeText: 1000 } as const;

export const onboardingStepSchema = z.object({
  key: onboardingStepKeySchema,
  isEnabled: z.boolean(),
  /** The team's own wording; empty: the product's default text in the member's language. */
  title: z.string(),
  description: z.string(),
  /** Whether the caller has done it (always false for a caller without a profile). */
  isDone: z.boolean(),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const onboardingSchema = z.object({
  isEnabled: z.boolean(),
  welcomeText: z.string(),
  /** Every step in the team's order; members are shown the enabled ones. */
  steps: z.array(onboardingStepSchema),
  /** The caller hid the checklist, or finished every enabled step. */
  isDismissed: z.boolean(),
  isCompleted: z.boolean(),
  permissions: z.object({ can: z.array(z.enum(['edit', 'dismiss'])) }),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const updateOnboardingBodySchema = z.strictObject({
  isEnabled: z.boolean().optional(),
  welcomeText: z.string().trim().max(onboardingLimits.welcomeText).optional(),
  /** All steps, in the new order (each key once). */
  steps: z
    .array(
      z.strictObject({
        key: onboardingStepKeySchema,
        isEnabled: z.boolean(),
        title: z.string().trim().max(onboardingLimits.title).default(''),
        description: z.string().trim().max(onboardingLimits.description).default(''),
      }),
    )
    .max(onboardingStepKeyValues.length)
    .refine((steps) => new Set(steps.map((step) => step.key)).size === steps.length, {
      message: 'validation.unique',
    })
    .optional(),
});
export type UpdateOnboardingBody = z.output<typeof updateOnboardingBodySchema>;
