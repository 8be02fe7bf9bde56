import { IconLock, IconUserCircle } from '@tabler/icons-react';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';
import { accountPaths } from './account-paths';

const screens = () => loadChunk(() => import('./account-screens'));

/** Spec §2 /projects children: the account's profile and password (GAPS 29: auth). */
export const accountFeature: WebFeature = {
  name: 'account',
  routes: {
    service: [
      {
        path: 'projects/settings/profile',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).ProfilePage }),
      },
      {
        path: 'projects/password',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).PasswordPage }),
      },
    ],
  },
  menus: {
    serviceAccount: [
      { label: 'account.nav.profile', icon: IconUserCircle, to: () => accountPaths.profile },
      { label: 'account.nav.password', icon: IconLock, to: () => accountPaths.password },
    ],
  },
};
