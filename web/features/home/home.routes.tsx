import { IconHome } from '@tabler/icons-react';
import { appHomePath } from '../../kernel/current-app';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

export const homeFeature: WebFeature = {
  name: 'home',
  routes: {
    app: [
      {
        index: true,
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await loadChunk(() => import('./app-home-page'))).AppHomePage }),
      },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'appSettings.menu.home',
        icon: IconHome,
        to: ({ app }) => appHomePath(app.slug),
        end: true,
        shows: ({ app }) => app.services.home,
      },
    ],
  },
};
