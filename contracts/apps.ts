import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { appServiceValues, type AppService } from './app-services.ts';
import { languageSchema } from './language.ts';
import { paginated } from './pagination.ts';
import { permissionsOf } from './projects.ts';
import { menuLayoutSchema } from './theme-enums.ts';
import { email, maxLength, orEmpty, requiredString, url } from './validation/index.ts';

// Apps (spec §3 App fields and settings).

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
