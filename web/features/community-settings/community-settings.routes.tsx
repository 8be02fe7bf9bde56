import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./community-settings-screens'));

/**
 * Spec §2 settings `groups` (ROUTE-95) and `communities` (ROUTE-102), below the app settings' layout (which
 * checks the app's `edit` and lists them in its navigation); the space form has addresses of its own.
 */
export const communitySettingsFeature: WebFeature = {
  name: 'community-settings',
  routes: {
    appSettings: [
      { path: 'groups', lazy: async () => ({ Component: (await screens()).GroupsSettingsPage }) },
      {
        path: 'groups/:groupId/spaces/create',
        lazy: async () => ({ Component: (await screens()).SpaceCreatePage }),
      },
      {
        path: 'groups/spaces/:spaceId/edit',
        lazy: async () => ({ Component: (await screens()).SpaceEditPage }),
      },
      { path: 'communities', lazy: async () => ({ Component: (await screens()).CommunitiesSettingsPage }) },
    ],
  },
};
