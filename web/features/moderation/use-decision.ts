import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ModerationInboxTab, ModerationStatus } from '../../../contracts/enums';
import { ApiError } from '../../api/api-error';
import { communityKeys } from '../community';
import {
  moderationApi,
  moderationKeys,
  type ModerationCounters,
  type ModerationItem,
  type ModerationList,
} from './moderation-api';

export type Decision = { item: ModerationItem; verdict: 'approve' | 'reject'; reason?: string };

/** Which counter holds the items of a status. */
export const counterOf: Record<ModerationStatus, keyof ModerationCounters> = {
  inbox: 'inboxCount',
  approved: 'approvedCount',
  rejected: 'rejectedCount',
};

/** The counters after an item moved from one status to another (never below 0). */
export function movedCounters(
  counters: ModerationCounters,
  from: ModerationStatus,
  to: ModerationStatus,
): ModerationCounters {
  if (from === to) {
    return counters;
  }
  return {
    ...counters,
    [counterOf[from]]: Math.max(0, counters[counterOf[from]] - 1),
    [counterOf[to]]: counters[counterOf[to]] + 1,
  };
}

const decisionKey = (appId: string) => [...moderationKeys.all(appId), 'decision'] as const;

type Snapshot = { list: ModerationList | undefined; counters: ModerationCounters | undefined };

/** Takes the item out of the list on screen and moves it between the counters, before the server answers. */
function applyOptimistically(
  queryClient: QueryClient,
  appId: string,
  where: { tab: ModerationInboxTab; page: number },
  { item, verdict }: Decision,
): Snapshot {
  const listKey = moderationKeys.list(appId, where.tab, item.status, where.page);
  const countersKey = moderationKeys.counters(appId, where.tab);
  const snapshot: Snapshot = {
    list: queryClient.getQueryData<ModerationList>(listKey),
    counters: queryClient.getQueryData<ModerationCounters>(countersKey),
  };
  queryClient.setQueryData<ModerationList>(listKey, (list) =>
    list
      ? {
          data: list.data.filter((entry) => entry.id !== item.id),
          meta: { ...list.meta, total: Math.max(0, list.meta.total - 1) },
        }
      : list,
  );
  queryClient.setQueryData<ModerationCounters>(countersKey, (counters) =>
    counters
      ? movedCounters(counters, item.status, verdict === 'approve' ? 'approved' : 'rejected')
      : counters,
  );
  return snapshot;
}

/**
 * Approve or reject an inbox item (MODERATION-06, 07; RULE-29, RULE-30): the item leaves the list and the
 * counters move at once; the server's lists and counters are read again afterwards, and a failure puts the
 * item back.
 */
export function useDecision(appId: string, where: { tab: ModerationInboxTab; page: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: decisionKey(appId),
    mutationFn: ({ item, verdict, reason = '' }: Decision) =>
      verdict === 'approve' ? moderationApi.approve(item.id) : moderationApi.reject(item.id, reason),
    meta: { silent: true },
    onMutate: async (decision) => {
      await queryClient.cancelQueries({ queryKey: moderationKeys.inbox(appId) });
      return applyOptimistically(queryClient, appId, where, decision);
    },
    onSuccess: (_item, { verdict }) => {
      notifications.show({
        color: 'teal',
        message: t(verdict === 'approve' ? 'moderation.decision.approved' : 'moderation.decision.rejected'),
      });
      // The post is published or hidden: what the moderator's own feeds hold is out of date.
      void queryClient.invalidateQueries({ queryKey: communityKeys.posts(appId) });
    },
    onError: (error, { item }, snapshot) => {
      if (snapshot) {
        queryClient.setQueryData(
          moderationKeys.list(appId, where.tab, item.status, where.page),
          snapshot.list,
        );
        queryClient.setQueryData(moderationKeys.counters(appId, where.tab), snapshot.counters);
      }
      notifications.show({
        color: 'red',
        message: t(error instanceof ApiError ? error.message : 'errors.generic'),
      });
    },
    onSettled: async () => {
      // Read the server's lists once the last of several quick decisions is through: an earlier answer would
      // bring back items whose decision is still on its way.
      if (queryClient.isMutating({ mutationKey: decisionKey(appId) }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: moderationKeys.inbox(appId) });
      }
    },
  });
}
