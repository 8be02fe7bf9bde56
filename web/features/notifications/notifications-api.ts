import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  notificationCountersSchema,
  notificationListSchema,
  unsubscribeInfoSchema,
  type NotificationCounters,
  type NotificationList,
} from '../../../contracts/notifications';
import { api } from '../../api/client';

/** Which items a list shows: all of them, or the unread ones only (`?unread=true`). */
export type NotificationFilter = 'all' | 'unread';

/**
 * Every API address of the notifications, one map (rows NOTIFICATIONS-ONBOARDING-01..04 and the unsubscribe
 * page's calls, ROUTE-56).
 */
export const notificationPaths = {
  list: (appId: string) => `/apps/${appId}/notifications`,
  counters: (appId: string) => `/apps/${appId}/notifications/counters`,
  readAll: (appId: string) => `/apps/${appId}/notifications/read`,
  readOne: (id: string) => `/notifications/${id}/read`,
  unsubscribe: (hash: string) => `/unsubscribe/${encodeURIComponent(hash)}`,
};

/** The caches of one app's notifications: the badge, and the lists below `lists` (one per filter). */
export const notificationKeys = {
  all: (appId: string) => ['notifications', appId] as const,
  counters: (appId: string) => [...notificationKeys.all(appId), 'counters'] as const,
  lists: (appId: string) => [...notificationKeys.all(appId), 'list'] as const,
  list: (appId: string, filter: NotificationFilter) => [...notificationKeys.lists(appId), filter] as const,
  unsubscribe: (hash: string) => ['unsubscribe', hash] as const,
};

/** The bell's badge. The realtime `counters` event keeps it current; the query is its first value. */
export const notificationCountersQuery = (appId: string) =>
  queryOptions({
    queryKey: notificationKeys.counters(appId),
    queryFn: ({ signal }): Promise<NotificationCounters> =>
      api.get(notificationPaths.counters(appId), { schema: notificationCountersSchema, signal }),
    // A bell without a number still works; a failed badge is not worth a message.
    meta: { silent: true },
    staleTime: 60_000,
  });

/** The next page of the list, or undefined at its end. */
const nextPageOf = (last: NotificationList) =>
  last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined;

/** The list, newest activity first, 20 per page, appended page after page ("Weitere laden"). */
export const notificationListQuery = (appId: string, filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(appId, filter),
    queryFn: ({ pageParam, signal }): Promise<NotificationList> =>
      api.get(notificationPaths.list(appId), {
        query: { page: pageParam, unread: filter === 'unread' ? 'true' : undefined },
        schema: notificationListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // The screens show a failed list in place, with a retry.
    meta: { silent: true },
  });

/** What an unsubscribe link switches off; 404 for a link that is not ours. */
export const unsubscribeInfoQuery = (hash: string) =>
  queryOptions({
    queryKey: notificationKeys.unsubscribe(hash),
    queryFn: ({ signal }) =>
      api.get(notificationPaths.unsubscribe(hash), { schema: unsubscribeInfoSchema, signal }),
    meta: { silent: true },
  });
