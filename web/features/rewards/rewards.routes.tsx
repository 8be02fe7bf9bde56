import { IconTrophy } from '@tabler/icons-react';
import { loadChunk } from '../../kernel/chunk';
import { appCan } from '../../kernel/current-app';
import type { WebFeature } from '../../kernel/web-feature';
import { DailyVisit } from './daily-visit';

const screens = () => loadChunk(() => import('./rewards-screens'));

/**
 * The rewards (issue 21): the member's points, level and the leaderboards, the rewards shop, the history, and
 * the app's gamification settings; the daily visit counts from the shell.
 */
export const rewardsFeature: WebFeature = {
  name: 'rewards',
  routes: {
    app: [
      {
        path: 'rewards',
        handle: { access: 'signedIn' },
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).RewardsPage }) },
          { path: 'spend-points', lazy: async () => ({ Component: (await screens()).ShopPage }) },
          { path: 'history', lazy: async () => ({ Component: (await screens()).HistoryPage }) },
        ],
      },
    ],
    // ROUTE-103, below the app settings' layout (which lists it for `create_gamification_rule`).
    appSettings: [
      { path: 'gamification', lazy: async () => ({ Component: (await screens()).GamificationSettingsPage }) },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'rewards.menu',
        icon: IconTrophy,
        to: ({ app }) => `/${app.slug}/rewards`,
        shows: ({ app, signedIn }) => signedIn && app.services.rewards && appCan(app, 'rewards'),
      },
    ],
  },
  overlays: { app: [DailyVisit] },
};
