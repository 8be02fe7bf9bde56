import { z } from 'zod';
import { pageSizes } from './constants.ts';
import { gamificationLimits, pointAmountSchema } from './gamification.ts';
import { paginated } from './pagination.ts';
import { maxLength, requiredString } from './validation/index.ts';

/* Gamification's statuses (levels): the admin's list and a level as shown beside a member's name. */

// ---------- statuses (levels) ----------

export const statusBodySchema = z.strictObject({
  name: requiredString().check(maxLength(gamificationLimits.statusName)),
  points: pointAmountSchema,
  icon: z.string().max(gamificationLimits.icon).nullable().default(null),
  iconImageId: z.uuid().nullable().default(null),
  isActive: z.boolean().default(true),
});
export type StatusBody = z.infer<typeof statusBodySchema>;
export const statusPatchBodySchema = z.strictObject({
  name: requiredString().check(maxLength(gamificationLimits.statusName)).optional(),
  points: pointAmountSchema.optional(),
  icon: z.string().max(gamificationLimits.icon).nullable().optional(),
  iconImageId: z.uuid().nullable().optional(),
  isActive: z.boolean().optional(),
});
export const statusBulkCreateBodySchema = z.strictObject({
  statuses: z.array(statusBodySchema).min(1).max(gamificationLimits.statuses),
});
/** Bulk update: each entry its id and the fields to change. */
export const statusBulkPatchBodySchema = z.strictObject({
  statusIds: z.array(z.uuid()).min(1).max(gamificationLimits.statuses),
  statuses: z
    .array(statusPatchBodySchema.extend({ id: z.uuid() }))
    .max(gamificationLimits.statuses)
    .optional(),
  isActive: z.boolean().optional(),
});
export const statusIdsBodySchema = z.strictObject({
  statusIds: z.array(z.uuid()).min(1).max(gamificationLimits.statuses),
});
export const statusSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  points: z.number().int(),
  icon: z.string().nullable(),
  iconImageId: z.uuid().nullable(),
  iconImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  /** 1 for the lowest active level. */
  level: z.number().int().nullable(),
});
export type Status = z.infer<typeof statusSchema>;
export const statusResponseSchema = z.object({ data: statusSchema });
export const statusListSchema = paginated(statusSchema);
export const statusListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(pageSizes.statuses).default(pageSizes.statuses),
});
export const statusesResponseSchema = z.object({ data: z.array(statusSchema) });

// ---------- the levels beside names ----------

/** A level as shown beside a member's name. */
export const levelBadgeSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  iconImageUrl: z.string().nullable(),
});
export type LevelBadge = z.infer<typeof levelBadgeSchema>;

/** `GET gamification/levels?profileIds=a&profileIds=b` (or `a,b`): up to 100 ids. */
export const levelsQuerySchema = z.object({
  profileIds: z
    .union([z.uuid(), z.string().max(4000), z.array(z.string().max(4000)).max(pageSizes.statuses)])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((ids) => ids.split(',')))
    .pipe(z.array(z.uuid()).min(1).max(pageSizes.statuses)),
});
export const levelsResponseSchema = z.object({
  data: z.array(z.object({ profileId: z.uuid(), level: levelBadgeSchema.nullable() })),
});
