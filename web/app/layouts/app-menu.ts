import type { MenuLayout } from '../../../contracts/theme-enums';
import { appCan, type RouterApp } from '../../kernel/current-app';
import type { AppMenuContext } from '../../kernel/web-feature';
import { menuEntries } from '../features';
import type { NavItem } from './shell-header';

type MenuInput = AppMenuContext;

/** `/{appSlug}/settings`: where the app's settings start. */
export const appSettingsPath = (slug: string) => `/${slug}/settings`;

/**
 * The app's menu (labels are i18n keys) from the features' manifests: only services with screens of their own
 * appear, so today Home (when switched on), the member's own profile, the files and, for those who may edit the
 * app, the settings.
 */
export function appMenuItems(input: MenuInput): NavItem[] {
  return menuEntries('appMain', input);
}

/** Spec §6: the theme tool shows only to the owner, and never while masquerading. */
export function showsThemeEntry({ app, signedIn, masquerading }: MenuInput): boolean {
  return signedIn && !masquerading && app.isOwner && appCan(app, 'settings_theme');
}

/** Where the menu goes on a desktop: the app's choice (spec §3 `desktopMenuLayout`). */
export function desktopMenuLayoutOf(app: RouterApp | null): MenuLayout {
  return app?.desktopMenuLayout ?? 'top';
}
