import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { paginated } from './pagination.ts';
import { tariffSchema, usageItemSchema } from './tariffs.ts';
import { maxLength, requiredString } from './validation/index.ts';

// Projects (spec §3 Project fields, §7 "Projects, members").

/** A resource's `permissions`: the abilities the caller holds on it (spec §6). */
export const permissionsOf = <T extends readonly [string, ...string[]]>(names: T) =>
  z.object({ can: z.array(z.enum(names)) });

export const projectParamsSchema = z.object({ id: z.uuid() });
export const projectIdParamsSchema = z.object({ projectId: z.uuid() });

export const projectPermissionsSchema = permissionsOf(abilitiesBySubject.project);

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isArchive: z.boolean(),
  isOwner: z.boolean(),
  tariff: tariffSchema,
  usage: z.array(usageItemSchema),
  appsCount: z.number().int(),
  permissions: projectPermissionsSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectResponseSchema = z.object({ data: projectSchema });

export const projectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  /** `true`: the archived tab. */
  isArchive: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export const projectListSchema = paginated(projectSchema);

export const projectNameSchema = requiredString().check(maxLength(100));
export const projectCreateBodySchema = z.strictObject({ name: projectNameSchema });
export const projectPatchBodySchema = z.strictObject({ name: projectNameSchema.optional() });

/** `GET /projects/{id}/options`: what the project's screens switch on. */
export const projectOptionsSchema = z.object({
  data: z.object({
    discovery: z.boolean(),
    smtp: z.boolean(),
    teamSettings: z.lazy(() => teamSettingsSchema),
  }),
});

export const teamSettingsSchema = z.object({
  canEditProject: z.boolean(),
  canManageApps: z.boolean(),
  canViewFiles: z.boolean(),
  canManagePlans: z.boolean(),
  canManagePaymentProviders: z.boolean(),
});
export type TeamSettingsValues = z.infer<typeof teamSettingsSchema>;
