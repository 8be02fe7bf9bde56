import { IconSettings } from '@tabler/icons-react';
import { appCan } from '../../kernel/current-app';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./app-settings-screens'));

/**
 * Spec §2 `settings` of an app (auth + app `edit`, ROUTE-87…112, opened to moderators for their sections): the
 * layout lists only the sections the caller may open; the sections of other features hang below it.
 */
export const appSettingsFeature: WebFeature = {
  name: 'app-settings',
  hosts: {
    appSettings: {
      path: 'settings',
      handle: { access: 'signedIn' },
      lazy: async () => ({ Component: (await screens()).AppSettingsLayout }),
    },
  },
  routes: {
    appSettings: [
      // The layout sends the bare address to the first section the caller may open.
      { index: true, element: null },
      { path: 'general', lazy: async () => ({ Component: (await screens()).GeneralSettingsPage }) },
      { path: 'services', lazy: async () => ({ Component: (await screens()).ServicesSettingsPage }) },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'appSettings.menu.settings',
        icon: IconSettings,
        to: ({ app }) => `/${app.slug}/settings`,
        // The managers (`edit`) and the moderators (`moderation`: the inbox, the member screens).
        shows: ({ app, signedIn }) => signedIn && (appCan(app, 'edit') || appCan(app, 'moderation')),
      },
    ],
  },
};
