import type { Notification, NotificationActor, NotificationList } from '../../../contracts/notifications';
import type { App } from '../../../contracts/apps';
import { json, testApp, type Route } from '../../test/fixtures';

/** The notifications' test data: a member of the app "Akademie Nord" and items about their posts. */
export const memberApp: App = {
  ...testApp,
  permissions: { can: ['view', 'view_profiles', 'view_posts'] },
  viewer: {
    profileId: '0190f5a2-7c1e-7b4e-9a55-00000000e001',
    sanction: null,
    punishedUntil: null,
    language: null,
    timezone: null,
    avatarUrl: null,
  },
};

const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

export const anna: NotificationActor = { profileId: uuid(9001), name: 'Anna Schmidt', avatarUrl: null };
export const ben: NotificationActor = { profileId: uuid(9002), name: 'Ben Maier', avatarUrl: null };
export const cleo: NotificationActor = { profileId: uuid(9003), name: 'Cleo Braun', avatarUrl: null };

/** An item; the defaults: Anna liked the unread post "Willkommen" in the space "Yoga am Morgen". */
export function testNotification(n: number, overrides: Partial<Notification> = {}): Notification {
  const at = new Date(Date.now() - n * 60_000).toISOString();
  return {
    id: uuid(5000 + n),
    type: 'post_like',
    isRead: false,
    count: 1,
    actorsCount: 1,
    actors: [anna],
    post: {
      id: uuid(2000 + n),
      slug: `willkommen-${n}`,
      name: 'Willkommen',
      container: 'groups',
      spaceSlug: 'yoga-am-morgen',
    },
    commentId: null,
    data: {},
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export const listPage = (
  data: Notification[],
  page = 1,
  pages = 1,
  total = data.length,
): NotificationList => ({
  data,
  meta: { page, pages, total },
});

export const notificationsPath = `/api/apps/${memberApp.id}/notifications`;
export const countersPath = `${notificationsPath}/counters`;

/** `GET …/counters` answering `unread`. */
export const countersAnswer =
  (unread: number): Route =>
  () =>
    json(200, { notifications: unread });
