import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./contacts-screens'));

export const contactsFeature: WebFeature = {
  name: 'contacts',
  routes: {
    project: [
      { path: 'contacts', lazy: async () => ({ Component: (await screens()).ContactsPage }) },
      { path: 'contacts/:memberId', lazy: async () => ({ Component: (await screens()).ContactProfilePage }) },
    ],
  },
};
