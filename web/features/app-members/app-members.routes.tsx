import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./app-members-screens'));

export const appMembersFeature: WebFeature = {
  name: 'app-members',
  routes: {
    appSettings: [
      {
        path: 'members',
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).MembersPage }) },
          { path: 'invite', lazy: async () => ({ Component: (await screens()).InvitePage }) },
          { path: 'invite-links', lazy: async () => ({ Component: (await screens()).InviteLinksPage }) },
          { path: 'tags', lazy: async () => ({ Component: (await screens()).TagsPage }) },
          { path: 'bulk-import', lazy: async () => ({ Component: (await screens()).BulkImportPage }) },
          { path: 'moderation', lazy: async () => ({ Component: (await screens()).ModerationPage }) },
        ],
      },
    ],
  },
};
