import type { Rule } from '../../../contracts/gamification';
import type { Status } from '../../../contracts/gamification-levels';
import type {
  Leaderboard,
  LeaderboardRow,
  LedgerEntry,
  PointsSummary,
} from '../../../contracts/gamification-points';
import type { CustomStuff } from '../../../contracts/gamification-shop';
import { defaultRules, ruleActionValues } from '../../../contracts/gamification';
import type { App } from '../../../contracts/apps';
import { json, testApp, type Route } from '../../test/fixtures';
import { page } from '../../test/workspace-fixtures';

/** The rewards' test data: Anna (a member of "Akademie Nord", rewards on) and the app's admin. */
export const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

const viewer = {
  profileId: uuid(6001),
  sanction: null,
  punishedUntil: null,
  language: null,
  timezone: 'Europe/Berlin',
  avatarUrl: null,
};
const services = { ...testApp.services, rewards: true };

export const memberApp: App = {
  ...testApp,
  services,
  permissions: { can: ['view', 'view_profiles', 'rewards', 'spend_points'] },
  viewer,
};
export const adminApp: App = {
  ...testApp,
  services,
  permissions: {
    can: ['view', 'edit', 'settings_app', 'rewards', 'spend_points', 'create_gamification_rule'],
  },
  viewer,
};

export const testRules: Rule[] = ruleActionValues.map((action) => ({
  id: action,
  action,
  ...defaultRules[action],
}));

export function testSummary(overrides: Partial<PointsSummary> = {}): PointsSummary {
  return {
    balance: 120,
    total: 140,
    level: { level: 1, name: 'Neuling', icon: 'seedling', iconImageUrl: null },
    levelPoints: 100,
    nextLevel: { level: 2, name: 'Entdecker', icon: 'star', iconImageUrl: null, points: 200, missing: 60 },
    ranks: { weekly: 12, monthly: 20, all: null },
    rules: testRules.filter((rule) => rule.isActive),
    isShopShown: true,
    isLeaderboardShown: true,
    ...overrides,
  };
}

export function testRow(rank: number, overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    rank,
    points: 1000 - rank * 10,
    profileId: uuid(7000 + rank),
    name: `Mitglied ${rank}`,
    avatarUrl: null,
    level: { level: 2, name: 'Entdecker', icon: 'star', iconImageUrl: null },
    ...overrides,
  };
}

export function testBoard(overrides: Partial<Leaderboard> = {}): Leaderboard {
  return {
    period: 'weekly',
    rows: [1, 2, 3].map((rank) => testRow(rank)),
    me: testRow(12, { profileId: viewer.profileId, name: 'Anna Berg', points: 40 }),
    computedAt: '2026-11-30T08:00:00.000Z',
    ...overrides,
  };
}

export function testItem(overrides: Partial<CustomStuff> = {}): CustomStuff {
  return {
    id: uuid(9001),
    name: 'Kaffeetasse',
    description: 'Die Tasse der Akademie.',
    rewardPoints: 100,
    imageId: null,
    imageUrl: null,
    stock: 5,
    sold: 1,
    left: 4,
    perMemberLimit: 1,
    windowAfterPurchase: null,
    isActive: true,
    boughtByMe: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function testStatus(n: number, overrides: Partial<Status> = {}): Status {
  return {
    id: uuid(9100 + n),
    name: `Level ${n}`,
    points: (n - 1) * 100,
    icon: 'star',
    iconImageId: null,
    iconImageUrl: null,
    isActive: true,
    level: n,
    ...overrides,
  };
}

export function testEntry(n: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: uuid(9200 + n),
    kind: 'earn',
    action: 'post_created',
    points: 5,
    reason: null,
    reward: null,
    createdAt: '2026-11-29T10:00:00.000Z',
    ...overrides,
  };
}

const base = `/api/apps/${testApp.id}`;
export const rewardsPaths = {
  me: `GET ${base}/gamification/me`,
  leaderboard: `GET ${base}/gamification/leaderboard`,
  shop: `GET ${base}/custom-stuff`,
  purchase: `POST ${base}/gamification/purchase`,
  history: `GET ${base}/gamification/history`,
  visit: `POST ${base}/gamification/visit`,
  rules: `GET ${base}/gamification/rules`,
  patchRules: `PATCH ${base}/gamification/rules`,
  statuses: `GET ${base}/gamification/statuses`,
  createStatus: `POST ${base}/gamification/statuses`,
  patchStatuses: `PATCH ${base}/gamification/statuses`,
  levels: `GET ${base}/gamification/levels`,
};

/** What the app's shell reads around a screen, plus the daily visit. */
export const appShellRoutes = (app: App): Record<string, Route> => ({
  'GET /api/router': () => json(200, { type: 'app', entity: null, app }),
  [`GET /api/apps/${app.id}/notifications/counters`]: () => json(200, { notifications: 0 }),
  [rewardsPaths.visit]: () => json(200, { data: { awarded: 1, summary: testSummary() } }),
});

export { page };
