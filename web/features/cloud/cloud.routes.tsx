import { IconFolders } from '@tabler/icons-react';
import { appQueryClient } from '../../kernel/app-query-client';
import { appCan } from '../../kernel/current-app';
import { settleSession } from '../../kernel/session/settle';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

// Everything under web/features/cloud is one lazy chunk (and the small prefetch below).
const screens = () => loadChunk(() => import('./cloud-screens'));

async function prefetchLibrary(
  projectId: string,
  folderId: string | undefined,
  request: Request,
): Promise<void> {
  const client = appQueryClient();
  if (!client) {
    return;
  }
  // This loader runs beside the project's guard: the session first, so the request carries it.
  await settleSession(request);
  const { locationOfAddress, prefetchProjectLibrary } = await import('./cloud-prefetch');
  const folder = new URL(request.url).searchParams.get('folder');
  await prefetchProjectLibrary(client, projectId, locationOfAddress(folderId, folder));
}

export const cloudFeature: WebFeature = {
  name: 'cloud',
  routes: {
    project: [
      // ROUTE-54: the project's file library; `?folder=` opens a pseudo-folder. Its loader asks for the first page
      // while the library's code loads.
      {
        path: 'cloud/:folderId?',
        loader: ({ params, request }) => {
          void prefetchLibrary(params.projectId ?? '', params.folderId, request);
          return null;
        },
        lazy: async () => ({ Component: (await screens()).ProjectCloudPage }),
      },
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
