import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ModerationInboxTab, ModerationStatus } from '../../../contracts/enums';
import {
  moderationCountersResponseSchema,
  moderationItemResponseSchema,
  moderationListSchema,
  moderationReportListSchema,
  moderationSettingsResponseSchema,
  type ModerationCounters,
  type ModerationItem,
  type ModerationList,
  type ModerationSettings,
  type ModerationSettingsPatch,
} from '../../../contracts/moderation';
import { api } from '../../api/client';

export type { ModerationCounters, ModerationItem, ModerationList, ModerationSettings };

/**
 * The moderation caches of one app: the lists and counters of the inbox live below `inbox`, so a realtime
 * `counters` event or a decision reads exactly them again.
 */
export const moderationKeys = {
  all: (appId: string) => ['moderation', appId] as const,
  settings: (appId: string) => [...moderationKeys.all(appId), 'settings'] as const,
  inbox: (appId: string) => [...moderationKeys.all(appId), 'inbox'] as const,
  list: (appId: string, tab: ModerationInboxTab, status: ModerationStatus, page: number) =>
    [...moderationKeys.inbox(appId), 'list', tab, status, page] as const,
  counters: (appId: string, tab: ModerationInboxTab) =>
    [...moderationKeys.inbox(appId), 'counters', tab] as const,
  reports: (appId: string, itemId: string) => [...moderationKeys.all(appId), 'reports', itemId] as const,
};

/** MODERATION-01: the app's moderation settings. */
export const moderationSettingsQuery = (appId: string) =>
  queryOptions({
    queryKey: moderationKeys.settings(appId),
    queryFn: ({ signal }) =>
      api
        .get(`/apps/${appId}/moderation/settings`, { schema: moderationSettingsResponseSchema, signal })
        .then((answer) => answer.data),
  });

/** MODERATION-03: one page (20 items) of a tab's items of one status, latest first. */
export const moderationListQuery = (
  appId: string,
  tab: ModerationInboxTab,
  status: ModerationStatus,
  page: number,
) =>
  queryOptions({
    queryKey: moderationKeys.list(appId, tab, status, page),
    queryFn: ({ signal }) =>
      api.get(`/apps/${appId}/moderation`, {
        query: { tab, status, page },
        schema: moderationListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    // The screen shows a failed list itself, with a retry.
    meta: { silent: true },
  });

/** MODERATION-04: the filters' badges of one tab. */
export const moderationCountersQuery = (appId: string, tab: ModerationInboxTab) =>
  queryOptions({
    queryKey: moderationKeys.counters(appId, tab),
    queryFn: ({ signal }) =>
      api
        .get(`/apps/${appId}/moderation/counters`, {
          query: { tab },
          schema: moderationCountersResponseSchema,
          signal,
        })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

/** MODERATION-05: every report of an item, newest first, 20 a page, appended. */
export const moderationReportsQuery = (appId: string, itemId: string) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.reports(appId, itemId),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/moderation/${itemId}/reports`, {
        query: { page: pageParam },
        schema: moderationReportListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
  });

export const moderationApi = {
  /** MODERATION-02: only the changed settings. */
  updateSettings: async (appId: string, changes: ModerationSettingsPatch): Promise<ModerationSettings> =>
    (
      await api.patch(`/apps/${appId}/moderation/settings`, {
        body: changes,
        schema: moderationSettingsResponseSchema,
      })
    ).data,

  /** MODERATION-06: the item is approved (a held post published, a hidden comment shown). */
  approve: async (itemId: string): Promise<ModerationItem> =>
    (await api.post(`/moderation/${itemId}/approve`, { schema: moderationItemResponseSchema })).data,

  /** MODERATION-07: the item is rejected; the author is told the reason. */
  reject: async (itemId: string, reason: string): Promise<ModerationItem> =>
    (
      await api.delete(`/moderation/${itemId}/approve`, {
        body: { reason },
        schema: moderationItemResponseSchema,
      })
    ).data,
};
