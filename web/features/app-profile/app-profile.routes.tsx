import { IconUserCircle } from '@tabler/icons-react';
import { appCan } from '../../kernel/current-app';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';
import { appProfileLinks } from './app-profile-links';
import { appProfilePaths } from './app-profile-paths';

const screens = () => loadChunk(() => import('./app-profile-screens'));

/** Spec §2 `profile` (auth) and `profile/notifications` of an app: the member's own screens. */
export const appProfileFeature: WebFeature = {
  name: 'app-profile',
  routes: {
    app: [
      {
        path: 'profile',
        handle: { access: 'signedIn' },
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).AppProfilePage }) },
          { path: 'notifications', lazy: async () => ({ Component: (await screens()).NotificationsPage }) },
        ],
      },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'appSettings.menu.profile',
        icon: IconUserCircle,
        to: ({ app }) => appProfilePaths.profile(app.slug),
        // Members (not guests) have a profile of their own; `view_profiles` comes with membership.
        shows: ({ app, signedIn }) => signedIn && appCan(app, 'view_profiles'),
      },
    ],
    appAccount: appProfileLinks,
  },
};
