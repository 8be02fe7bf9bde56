import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { appServiceValues, type AppService } from './app-services.ts';
import { languageSchema } from './language.ts';
import { paginated } from './pagination.ts';
import { menuLayoutSchema } from './theme-enums.ts';
import { rewardsSettingsSchema } from './gamification.ts';
import { email, maxLength, orEmpty, requiredString, url } from './validation/index.ts';

/*
 * Projects, tariffs, usage and apps (spec §3 Project and App fields, §7 "Projects, members", GAPS 7).
 * Shared by the server's routes and the web's screens.
 */

export const permissionsOf = <T extends readonly [string, ...string[]]>(names: T) =>
  z.object({ can: z.array(z.enum(names)) });

// ---------- tariffs and usage ----------

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

// ---------- projects ----------

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

// ---------- apps ----------

export {
  appServiceOf,
  appServiceValues,
  builtAppServices,
  isBuiltAppService,
  type AppService,
} from './app-services.ts';
export const appServiceSchema = z.enum(appServiceValues);

/** Services a new app starts with. */
export const defaultAppServices: Record<AppService, boolean> = {
  home: true,
  community: true,
  communities: false,
  events: true,
  chat: true,
  courses: true,
  helpdesk: false,
  articles: false,
  cloud: true,
  rewards: false,
  pages: true,
};

export const appOptionsSchema = z.object({
  services: z.object(
    Object.fromEntries(appServiceValues.map((service) => [service, z.boolean()])) as Record<
      AppService,
      z.ZodBoolean
    >,
  ),
});
export type AppOptionsValues = z.infer<typeof appOptionsSchema>;
export const appOptionsResponseSchema = z.object({ data: appOptionsSchema });
export const appOptionsPatchSchema = z.strictObject({
  services: z.partialRecord(appServiceSchema, z.boolean()),
});

/** App slugs: Latin letters, digits and dashes (spec allowed symbols "slug"), 3–50 characters. */
export const appSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'validation.allowedSymbols.slug' })
  .min(3, { message: 'validation.validateMinLength' })
  .max(50, { message: 'validation.validateMaxLength' });

/** Path segments the web uses at the root; an app may not take them as its slug. */
export const reservedAppSlugs = [
  'api',
  'auth',
  'projects',
  'assets',
  'static',
  'socket.io',
  'ws',
  'admin',
  'join',
  'unsubscribe',
  'cloud',
  'settings',
  'favicon.ico',
] as const;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'validation.invalidValue' });

export const appThemeSchema = z.object({
  primaryColor: hexColor.optional(),
  accentColor: hexColor.optional(),
  backgroundColor: hexColor.optional(),
});

export const appPermissionsSchema = permissionsOf(abilitiesBySubject.app);

/**
 * The person the app is shown for: the caller's own profile, or the member an admin views the app as. The
 * shells greet them, speak their language and, when the default tag `blocked` sanctions them, say so.
 */
export const appViewerSchema = z.object({
  profileId: z.uuid(),
  /** `blocked` takes every ability; `punished` leaves reading until `punishedUntil`. */
  sanction: z.enum(['blocked', 'punished']).nullable(),
  punishedUntil: z.iso.datetime().nullable(),
  /** null: the account's language / time zone apply. */
  language: languageSchema.nullable(),
  timezone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type AppViewer = z.infer<typeof appViewerSchema>;

/** An app as every screen sees it (spec §3 App fields). */
export const appSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  slug: z.string(),
  name: z.string(),
  publicDomain: z.string(),
  url: z.string(),
  defaultServiceSlug: z.string(),
  language: languageSchema,
  timezone: z.string(),
  isArchive: z.boolean(),
  isOwner: z.boolean(),
  appIconId: z.uuid().nullable(),
  logoId: z.uuid().nullable(),
  logoWhiteThemeId: z.uuid().nullable(),
  isAdvancedLogo: z.boolean(),
  /** Signed addresses of the icon and the logos as uploaded (PNG crops); null when not set. */
  appIconUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoWhiteThemeUrl: z.string().nullable(),
  supportUrl: z.string(),
  replyToEmail: z.string(),
  isPhoneRequired: z.boolean(),
  signupPlanIds: z.array(z.uuid()),
  domainId: z.uuid().nullable(),
  desktopMenuLayout: menuLayoutSchema,
  theme: appThemeSchema,
  services: appOptionsSchema.shape.services,
  /** Set while an admin views the app as a member: the profile viewed. */
  masqueradeProfileId: z.uuid().nullable(),
  /** null for guests and for people without a profile in the app (the project's owner or team). */
  viewer: appViewerSchema.nullable(),
  permissions: appPermissionsSchema,
  createdAt: z.iso.datetime(),
});
export type App = z.infer<typeof appSchema>;
export const appResponseSchema = z.object({ data: appSchema });
export const appIdParamsSchema = z.object({ appId: z.uuid() });
export const appListSchema = paginated(appSchema);
export const appListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  isArchive: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const appCreateBodySchema = z.strictObject({
  name: requiredString().check(maxLength(100)),
  /** Derived from the name when left out. */
  slug: appSlugSchema.optional(),
  language: languageSchema.default('de'),
});

/** `PATCH /apps/{appId}` (settings/general, spec §3 App settings). */
export const appPatchBodySchema = z.strictObject({
  name: requiredString().check(maxLength(100)).optional(),
  timezone: z.string().min(1).max(64).optional(),
  slug: appSlugSchema.optional(),
  domainId: z.uuid().nullable().optional(),
  replyToEmail: orEmpty(email()).optional(),
  supportUrl: orEmpty(url().check(maxLength(500))).optional(),
  language: languageSchema.optional(),
  signupPlanIds: z.array(z.uuid()).max(100).optional(),
  isPhoneRequired: z.boolean().optional(),
  appIconId: z.uuid().nullable().optional(),
  logoId: z.uuid().nullable().optional(),
  logoWhiteThemeId: z.uuid().nullable().optional(),
  isAdvancedLogo: z.boolean().optional(),
  desktopMenuLayout: menuLayoutSchema.optional(),
  theme: appThemeSchema.optional(),
});

/** `GET /projects/{projectId}/apps/dropdown` (page size 15). */
export const appDropdownQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().max(100).optional(),
  ids: z
    .union([z.uuid(), z.array(z.uuid()).max(100)])
    .optional()
    .transform((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value])),
});
export const dropdownItemSchema = z.object({ id: z.uuid(), name: z.string() });
export const dropdownListSchema = paginated(dropdownItemSchema);

// ---------- service settings ----------

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
