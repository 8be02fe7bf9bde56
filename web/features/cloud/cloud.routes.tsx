import { IconFolders } from '@tabler/icons-react';
import { appCan } from '../../kernel/current-app';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

// Everything under web/features/cloud is one lazy chunk.
const screens = () => loadChunk(() => import('./cloud-screens'));

export const cloudFeature: WebFeature = {
  name: 'cloud',
  routes: {
    project: [
      // ROUTE-54: the project's file library; `?folder=` opens a pseudo-folder.
      { path: 'cloud/:folderId?', lazy: async () => ({ Component: (await screens()).ProjectCloudPage }) },
      // The file picker on its own, for the browser journeys and as a developer reference.
      { path: 'picker', lazy: async () => ({ Component: (await screens()).CloudPickerDemoPage }) },
    ],
    // Spec §2 `cloud/{folderId?}` on an app host (auth + app `cloud`, ROUTE-55) and the picker's test page.
    app: [
      {
        path: 'cloud/:folderId?',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).AppCloudPage }),
      },
      {
        path: 'picker',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).CloudPickerDemoPage }),
      },
    ],
  },
  menus: {
    // Spec §6: the app-level cloud permission opens the file library.
    appMain: [
      {
        label: 'appSettings.menu.files',
        icon: IconFolders,
        to: ({ app }) => `/${app.slug}/cloud`,
        shows: ({ app, signedIn }) => signedIn && appCan(app, 'cloud'),
      },
    ],
  },
};
