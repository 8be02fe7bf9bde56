import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./moderation-screens'));

/**
 * Spec §2 settings `moderation` (ROUTE-92): the inbox and the moderation settings, below the app settings'
 * layout (which checks the app's `edit` and lists the screen for callers with `moderation`).
 */
export const moderationFeature: WebFeature = {
  name: 'moderation',
  routes: {
    appSettings: [
      { path: 'moderation', lazy: async () => ({ Component: (await screens()).ModerationPage }) },
    ],
  },
};
