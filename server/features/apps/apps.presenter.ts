import {
  appServiceValues,
  defaultAppServices,
  type App,
  type AppService,
} from '../../../contracts/workspace.ts';
import type { AppOptions, AppTheme } from '../../db/schema/index.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { AppAccess, AppRow } from '../workspace/public.ts';

/** Where apps live: `publicDomain` (host[:port]) and the base URL an app's address starts with. */
export type AppHost = { publicDomain: string; appBaseUrl: string };
/** What presenting an app needs: its host, and the signer of its pictures' addresses. */
export type AppPresentation = AppHost & { sign: UrlSign };

export function appHostOf(config: { publicDomain: string; publicBaseUrl: string }): AppHost {
  const protocol = new URL(config.publicBaseUrl).protocol;
  return { publicDomain: config.publicDomain, appBaseUrl: `${protocol}//${config.publicDomain}` };
}

/** Every service switched on or off: the stored choice, else the service's default. */
export function servicesOf(options: AppOptions): Record<AppService, boolean> {
  const stored = options.services ?? {};
  return Object.fromEntries(
    appServiceValues.map((service) => [service, stored[service] ?? defaultAppServices[service]]),
  ) as Record<AppService, boolean>;
}

const themeKeys = ['primaryColor', 'accentColor', 'backgroundColor'] as const;

function presentTheme(theme: AppTheme): App['theme'] {
  return Object.fromEntries(
    themeKeys.flatMap((key) => (theme[key] === undefined ? [] : [[key, theme[key]]])),
  );
}

/**
 * The app as every screen sees it, with the abilities of the access it was loaded with (the masqueraded
 * member's while an admin views the app as them).
 */
export function presentApp(
  row: AppRow,
  access: Pick<AppAccess, 'role' | 'can' | 'masquerade' | 'profile' | 'sanction'>,
  host: AppPresentation,
): App {
  const { profile } = access;
  return {
    id: row.id,
    projectId: row.projectId,
    slug: row.slug,
    name: row.name,
    publicDomain: host.publicDomain,
    url: `${host.appBaseUrl}/${row.slug}`,
    defaultServiceSlug: row.defaultServiceSlug,
    language: row.language,
    timezone: row.timezone,
    isArchive: row.isArchive,
    isOwner: access.role === 'owner',
    appIconId: row.appIconId,
    logoId: row.logoId,
    logoWhiteThemeId: row.logoWhiteThemeId,
    isAdvancedLogo: row.isAdvancedLogo,
    appIconUrl: pictureUrl(host.sign, row.appIconId, 'original'),
    logoUrl: pictureUrl(host.sign, row.logoId, 'original'),
    logoWhiteThemeUrl: pictureUrl(host.sign, row.logoWhiteThemeId, 'original'),
    supportUrl: row.supportUrl,
    replyToEmail: row.replyToEmail,
    isPhoneRequired: row.isPhoneRequired,
    signupPlanIds: row.signupPlanIds,
    domainId: row.domainId,
    desktopMenuLayout: row.desktopMenuLayout,
    theme: presentTheme(row.theme),
    services: servicesOf(row.options),
    masqueradeProfileId: access.masquerade?.profileId ?? null,
    viewer: profile
      ? {
          profileId: profile.id,
          sanction: access.sanction,
          punishedUntil:
            access.sanction === 'punished' && profile.punishedUntil
              ? profile.punishedUntil.toISOString()
              : null,
          language: profile.language,
          timezone: profile.timezone,
          avatarUrl: pictureUrl(host.sign, profile.avatarId, 'tile'),
        }
      : null,
    permissions: { can: access.can },
    createdAt: row.createdAt.toISOString(),
  };
}
