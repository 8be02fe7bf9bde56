import { IconBell, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AccountMenuLink } from '../account/account-menu';

/** The member's own screens of an app (spec §2 `profile` and `profile/notifications` under `/{appSlug}`). */
export const appProfilePaths = {
  profile: (slug: string) => `/${slug}/profile`,
  notifications: (slug: string) => `/${slug}/profile/notifications`,
} as const;

/** The account menu's links on an app host. */
export function useAppAccountLinks(): AccountMenuLink[] {
  const { t } = useTranslation();
  const { appSlug = '' } = useParams();
  return [
    { to: appProfilePaths.profile(appSlug), label: t('appProfile.nav.profile'), icon: IconUserCircle },
    { to: appProfilePaths.notifications(appSlug), label: t('appProfile.nav.notifications'), icon: IconBell },
  ];
}
