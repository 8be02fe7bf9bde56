import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import type { AppService } from './app-services.ts';
import { rewardsSettingsSchema } from './gamification.ts';
import { permissionsOf } from './projects.ts';

// The settings of an app's services (spec §3), apart from the apps' schemas because only the settings screens
// and the server need them (the rewards' settings pull in the gamification contracts).

/** Home service settings (spec §3): banner, trending window, posts from all public spaces, default pages. */
export const homeSettingsSchema = z.object({
  bannerId: z.uuid().nullable().default(null),
  trendingPostsWindowInDays: z.number().int().min(1).max(365).default(10),
  showPostsFromAllPublicSpaces: z.boolean().default(true),
  defaultPageIds: z.array(z.uuid()).max(20).default([]),
});

/**
 * Settings per service. Services whose features are not built yet keep a small common shape (a title and
 * whether guests may look in), which their issues extend.
 */
const genericServiceSettingsSchema = z.object({
  title: z.string().max(100).default(''),
  isVisibleToGuests: z.boolean().default(false),
});

export const serviceSettingsSchemas: Record<AppService, z.ZodObject> = {
  home: homeSettingsSchema,
  community: genericServiceSettingsSchema,
  communities: genericServiceSettingsSchema,
  events: genericServiceSettingsSchema,
  chat: genericServiceSettingsSchema,
  courses: genericServiceSettingsSchema,
  helpdesk: genericServiceSettingsSchema,
  articles: genericServiceSettingsSchema,
  cloud: genericServiceSettingsSchema,
  rewards: rewardsSettingsSchema,
  pages: genericServiceSettingsSchema,
};

/**
 * The body of `PATCH /apps/{appId}/{service}/settings`: any subset of the service's fields, unknown fields
 * refused. Defaults are dropped so a partial form never resets the fields it leaves out.
 */
export function serviceSettingsPatchSchemaOf(service: AppService) {
  const shape = serviceSettingsSchemas[service].shape;
  return z.strictObject(
    Object.fromEntries(
      Object.entries(shape).map(([key, field]) => [
        key,
        (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
      ]),
    ),
  );
}

export const serviceSettingsParamsSchema = z.object({
  appId: z.uuid(),
  /** Checked against `appServiceValues` by the service: an unknown service is a 404, not a 400. */
  service: z.string().min(1).max(50),
});
export const serviceSettingsPatchBodySchema = z.record(z.string(), z.unknown());

export const serviceSettingsResponseSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  permissions: permissionsOf(abilitiesBySubject.service),
});
