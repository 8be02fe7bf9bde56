import { IconFolders, IconHome, IconSettings, IconUserCircle } from '@tabler/icons-react';
import type { MenuLayout } from '../../../contracts/theme-enums';
import { appCan, appHomePath, type RouterApp } from '../current-app';
import type { NavItem } from './shell-header';

type MenuInput = {
  app: RouterApp;
  signedIn: boolean;
  masquerading: boolean;
};

/** `/{appSlug}/settings`: where the app's settings start. */
export const appSettingsPath = (slug: string) => `/${slug}/settings`;

/**
 * The app's menu (labels are i18n keys). Only services with screens of their own appear, so today: Home
 * (when switched on), the member's own profile and, for those who may edit the app, the settings.
 */
export function appMenuItems({ app, signedIn }: MenuInput): NavItem[] {
  const items: NavItem[] = [];
  if (app.services.home) {
    items.push({ to: appHomePath(app.slug), label: 'appSettings.menu.home', icon: IconHome, end: true });
  }
  // Members (not guests) have a profile of their own; `view_profiles` comes with membership.
  if (signedIn && appCan(app, 'view_profiles')) {
    items.push({ to: `/${app.slug}/profile`, label: 'appSettings.menu.profile', icon: IconUserCircle });
  }
  // Spec §6: the app-level cloud permission opens the file library.
  if (signedIn && appCan(app, 'cloud')) {
    items.push({ to: `/${app.slug}/cloud`, label: 'appSettings.menu.files', icon: IconFolders });
  }
  if (signedIn && appCan(app, 'edit')) {
    items.push({ to: appSettingsPath(app.slug), label: 'appSettings.menu.settings', icon: IconSettings });
  }
  return items;
}

/** Spec §6: the theme tool shows only to the owner, and never while masquerading. */
export function showsThemeEntry({ app, signedIn, masquerading }: MenuInput): boolean {
  return signedIn && !masquerading && app.isOwner && appCan(app, 'settings_theme');
}

/** Where the menu goes on a desktop: the app's choice (spec §3 `desktopMenuLayout`). */
export function desktopMenuLayoutOf(app: RouterApp | null): MenuLayout {
  return app?.desktopMenuLayout ?? 'top';
}
