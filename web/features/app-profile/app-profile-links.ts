import { IconBell, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AppAccountContext, MenuEntry } from '../../kernel/web-feature';
import type { SettingsLink } from '../account';
import { appProfilePaths } from './app-profile-paths';

/** The member's own screens: the account menu's links in an app and the profile layout's navigation. */
export const appProfileLinks: MenuEntry<AppAccountContext>[] = [
  { label: 'appProfile.nav.profile', icon: IconUserCircle, to: ({ slug }) => appProfilePaths.profile(slug) },
  {
    label: 'appProfile.nav.notifications',
    icon: IconBell,
    to: ({ slug }) => appProfilePaths.notifications(slug),
  },
];

/** The links for the app of the address, translated. */
export function useAppProfileLinks(): SettingsLink[] {
  const { t } = useTranslation();
  const { appSlug = '' } = useParams();
  return appProfileLinks.map(({ label, icon, to }) => ({ to: to({ slug: appSlug }), label: t(label), icon }));
}
