import { z } from 'zod';

// A project's tariff and what it uses of it (spec §9, GAPS 7).

/**
 * Limit keys of a tariff; -1 = unlimited, 0 = disabled (spec §9). `storageMb` is the cloud library's quota of
 * the project, `memberStorageMb` each app member's own share of it.
 */
export const tariffLimitKeys = [
  'apps',
  'contacts',
  'domains',
  'teamMembers',
  'smtp',
  'discovery',
  'storageMb',
  'memberStorageMb',
] as const;
export type TariffLimitKey = (typeof tariffLimitKeys)[number];

/** The usage rows the dashboard shows, in spec §9's order (smtp, discovery and storage are not counted there). */
export const usageDisplayOrder = ['apps', 'contacts', 'domains', 'teamMembers'] as const;
export type UsageKey = (typeof usageDisplayOrder)[number];

/** Spec quota names → limit keys: own domains, teams, apps, members. */
export const quotaLimitKey = {
  apps: 'apps',
  members: 'contacts',
  ownDomains: 'domains',
  teams: 'teamMembers',
} as const satisfies Record<string, TariffLimitKey>;

export const tariffLimitsSchema = z.object(
  Object.fromEntries(tariffLimitKeys.map((key) => [key, z.number().int().min(-1)])) as Record<
    TariffLimitKey,
    z.ZodNumber
  >,
);
export type TariffLimits = z.infer<typeof tariffLimitsSchema>;

export const tariffSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceMonthly: z.number(),
  priceAnnual: z.number(),
  currency: z.enum(['EUR', 'USD']),
  limits: tariffLimitsSchema,
});
export type Tariff = z.infer<typeof tariffSchema>;
export const tariffListSchema = z.object({
  data: z.array(tariffSchema),
  currentTariffId: z.string().nullable(),
});
export const tariffsQuerySchema = z.object({ projectId: z.uuid().optional() });

/** One usage row: what is used against the tariff's limit. */
export const usageItemSchema = z.object({
  key: z.enum(usageDisplayOrder),
  used: z.number().int().min(0),
  limit: z.number().int().min(-1),
});
export const projectUsageSchema = z.object({ data: z.array(usageItemSchema) });
export type ProjectUsage = z.infer<typeof projectUsageSchema>;
