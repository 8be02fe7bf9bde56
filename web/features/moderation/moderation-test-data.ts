import type { ModerationStatus } from '../../../contracts/enums';
import type { ModerationItem, ModerationReport, ModerationSettings } from '../../../contracts/moderation';
import type { App } from '../../../contracts/apps';
import { bodyOf, json, testApp, type Route } from '../../test/fixtures';

/** The moderation's test data: the app "Akademie Nord", its admin, and items of its inbox. */
export const moderatorApp: App = {
  ...testApp,
  permissions: { can: ['view', 'view_profiles', 'view_posts', 'edit', 'moderation', 'settings_moderation'] },
};

export const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

export const appPath = `/api/apps/${testApp.id}`;

const person = (n: number, name: string) => ({ profileId: uuid(9000 + n), name, avatarUrl: null });
export const anna = person(1, 'Anna Schmidt');
export const ben = person(2, 'Ben Maier');
export const cleo = person(3, 'Cleo Braun');

export const report = (
  reporter: typeof anna,
  reason: ModerationReport['reason'],
  note = '',
  minutesAgo = 5,
): ModerationReport => ({
  reporter,
  reason,
  note,
  createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

/** An item; the defaults: Anna's first post "Hallo zusammen" in "Yoga am Morgen", held for approval. */
export function testItem(n: number, overrides: Partial<ModerationItem> = {}): ModerationItem {
  const at = new Date(Date.now() - n * 3_600_000).toISOString();
  return {
    id: uuid(7000 + n),
    tab: 'post',
    status: 'inbox',
    cause: 'pre_moderation',
    isHidden: true,
    reportsCount: 0,
    latestReports: [],
    reason: '',
    entity: {
      type: 'post',
      post: { id: uuid(2000 + n), slug: `hallo-${n}`, name: 'Hallo zusammen', discriminator: 'groups' },
      commentId: null,
      excerpt: 'Ich freue mich, hier zu sein.',
      isDeleted: false,
    },
    author: anna,
    space: { id: uuid(3001), slug: 'yoga-am-morgen', name: 'Yoga am Morgen' },
    category: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** Ben's comment on Anna's post, reported three times. */
export const reportedComment = (n: number) =>
  testItem(n, {
    cause: 'reports',
    isHidden: true,
    reportsCount: 3,
    latestReports: [
      report(cleo, 'abuse', 'Das ist beleidigend.'),
      report(anna, 'spam', '', 30),
      report(person(4, 'Dora Lang'), 'off_topic', 'Gehört nicht hierher.', 90),
    ],
    entity: {
      type: 'comment',
      post: { id: uuid(2100), slug: 'wochenplan', name: 'Wochenplan', discriminator: 'groups' },
      commentId: uuid(6000 + n),
      excerpt: 'Kauft billige Uhren auf meiner Seite!',
      isDeleted: false,
    },
    author: ben,
  });

export const defaultSettings: ModerationSettings = {
  reportsToHide: 3,
  premoderateFirstPosts: 0,
  postsPerHour: 20,
  commentsPerHour: 60,
  reportsPerHour: 20,
};

/**
 * A small inbox server over `items`: lists and counters follow the decisions, so a test sees what the screen
 * reads again after approving or rejecting.
 */
export function inboxServer(items: ModerationItem[], settings: ModerationSettings = defaultSettings) {
  const state = { items: [...items], settings: { ...settings } };
  const of = (tab: string, status: ModerationStatus) =>
    state.items.filter((item) => item.tab === tab && item.status === status);
  const decide = (url: URL, status: ModerationStatus, reason = '') => {
    const id = url.pathname.split('/')[3];
    const index = state.items.findIndex((item) => item.id === id);
    const item = state.items[index];
    if (!item) {
      return json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
    }
    const decided: ModerationItem = {
      ...item,
      status,
      reason,
      isHidden: status === 'rejected',
      decidedBy: cleo,
      decidedAt: new Date().toISOString(),
    };
    state.items[index] = decided;
    return json(200, { data: decided });
  };
  const routes: Record<string, Route> = {
    [`GET ${appPath}/moderation`]: (_init, url) => {
      const tab = url.searchParams.get('tab') ?? 'post';
      const status = (url.searchParams.get('status') ?? 'inbox') as ModerationStatus;
      const data = of(tab, status);
      return json(200, { data, meta: { page: 1, pages: data.length > 0 ? 1 : 0, total: data.length } });
    },
    [`GET ${appPath}/moderation/counters`]: (_init, url) => {
      const tab = url.searchParams.get('tab') ?? 'post';
      return json(200, {
        data: {
          inboxCount: of(tab, 'inbox').length,
          approvedCount: of(tab, 'approved').length,
          rejectedCount: of(tab, 'rejected').length,
        },
      });
    },
    [`GET ${appPath}/moderation/settings`]: () => json(200, { data: state.settings }),
    [`PATCH ${appPath}/moderation/settings`]: (init) => {
      state.settings = { ...state.settings, ...(bodyOf(init) as Partial<ModerationSettings>) };
      return json(200, { data: state.settings });
    },
  };
  for (const item of items) {
    routes[`POST /api/moderation/${item.id}/approve`] = (_init, url) => decide(url, 'approved');
    routes[`DELETE /api/moderation/${item.id}/approve`] = (init, url) =>
      decide(url, 'rejected', typeof bodyOf(init).reason === 'string' ? (bodyOf(init).reason as string) : '');
  }
  return { state, routes };
}
