import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationCounters, NotificationList } from '../../../contracts/notifications';
import { api } from '../../api/client';
import { notificationKeys, notificationPaths } from './notifications-api';

type ListData = InfiniteData<NotificationList>;
type Snapshot = {
  lists: [readonly unknown[], ListData | undefined][];
  counters: NotificationCounters | undefined;
};

/** Every cached list and the badge as they are, to put back when the server refuses. */
function snapshotOf(queryClient: QueryClient, appId: string): Snapshot {
  return {
    lists: queryClient.getQueriesData<ListData>({ queryKey: notificationKeys.lists(appId) }),
    counters: queryClient.getQueryData<NotificationCounters>(notificationKeys.counters(appId)),
  };
}

function restore(queryClient: QueryClient, appId: string, snapshot: Snapshot | undefined): void {
  if (!snapshot) {
    return;
  }
  for (const [key, data] of snapshot.lists) {
    queryClient.setQueryData(key, data);
  }
  queryClient.setQueryData(notificationKeys.counters(appId), snapshot.counters);
}

/** Marks the items `matches` picks read in every cached list (an unread list keeps them until it is read again). */
function markInLists(queryClient: QueryClient, appId: string, matches: (item: Notification) => boolean) {
  queryClient.setQueriesData<ListData>({ queryKey: notificationKeys.lists(appId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((item) => (matches(item) && !item.isRead ? { ...item, isRead: true } : item)),
          })),
        }
      : data,
  );
}

function isUnreadInCache(snapshot: Snapshot, id: string): boolean {
  return snapshot.lists.some(([, data]) =>
    data?.pages.some((page) => page.data.some((item) => item.id === id && !item.isRead)),
  );
}

function setBadge(queryClient: QueryClient, appId: string, change: (unread: number) => number): void {
  queryClient.setQueryData<NotificationCounters>(notificationKeys.counters(appId), (counters) =>
    counters ? { notifications: Math.max(0, change(counters.notifications)) } : counters,
  );
}

/**
 * `PATCH /notifications/{id}/read`: one item read, at once on screen (the item and the badge), put back if the
 * server refuses. The server's `counters` event confirms the badge afterwards.
 */
export function useMarkNotificationRead(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch(notificationPaths.readOne(id)),
    onMutate: async (id): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all(appId) });
      const snapshot = snapshotOf(queryClient, appId);
      if (isUnreadInCache(snapshot, id)) {
        markInLists(queryClient, appId, (item) => item.id === id);
        setBadge(queryClient, appId, (unread) => unread - 1);
      }
      return snapshot;
    },
    onError: (_error, _id, snapshot) => restore(queryClient, appId, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.counters(appId) }),
  });
}

/** `PATCH /apps/{appId}/notifications/read`: everything read, at once on screen, put back if refused. */
export function useMarkAllNotificationsRead(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.patch(notificationPaths.readAll(appId)),
    onMutate: async (): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all(appId) });
      const snapshot = snapshotOf(queryClient, appId);
      markInLists(queryClient, appId, () => true);
      setBadge(queryClient, appId, () => 0);
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => restore(queryClient, appId, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(appId) }),
  });
}
