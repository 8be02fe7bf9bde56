import { z } from 'zod';

/*
 * Level gates (issue 21): a space, a course or a group chat may ask for a level of the rewards (its
 * `requiredStatusId`, a level of the app). Below it a member is refused with 403 LEVEL_REQUIRED, whose details
 * carry `requiredLevel`; the space's and chat's presentation and a course's locked lessons name it too.
 */

/** The level a space, course or chat asks for: its number among the active levels, its name and points. */
export const requiredLevelSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  points: z.number().int(),
});
export type RequiredLevel = z.infer<typeof requiredLevelSchema>;

/** A form's level field: a level of the app, or null for none. */
export const requiredStatusIdSchema = z.uuid().nullable();
