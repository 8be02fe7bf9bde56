import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  rewardsSettingsSchema,
  ruleListSchema,
  ruleResponseSchema,
  type LeaderboardPeriod,
  type RewardOrderStatus,
  type RewardsSettings,
} from '../../../contracts/gamification';
import {
  statusListSchema,
  statusResponseSchema,
  type StatusBody,
} from '../../../contracts/gamification-levels';
import {
  historyListSchema,
  leaderboardSchema,
  pointsSummaryResponseSchema,
  topUpListSchema,
  topUpResponseSchema,
} from '../../../contracts/gamification-points';
import {
  customStuffListSchema,
  customStuffResponseSchema,
  purchaseResponseSchema,
  rewardOrderResponseSchema,
  rewardOrderListSchema,
} from '../../../contracts/gamification-shop';
import { api } from '../../api/client';
import { useCurrentApp } from '../../kernel/current-app';

/** Every call of the rewards' screens (server/features/gamification, APP-SERVICES-13…26), in one map. */
export const rewardsApiPaths = {
  rules: (appId: string) => `/apps/${appId}/gamification/rules`,
  statuses: (appId: string) => `/apps/${appId}/gamification/statuses`,
  statusesBulk: (appId: string) => `/apps/${appId}/gamification/statuses/bulk`,
  status: (id: string) => `/statuses/${id}`,
  me: (appId: string) => `/apps/${appId}/gamification/me`,
  history: (appId: string) => `/apps/${appId}/gamification/history`,
  visit: (appId: string) => `/apps/${appId}/gamification/visit`,
  topUps: (appId: string) => `/apps/${appId}/gamification/top-ups`,
  levels: (appId: string) => `/apps/${appId}/gamification/levels`,
  settings: (appId: string) => `/apps/${appId}/gamification/settings`,
  customStuff: (appId: string) => `/apps/${appId}/custom-stuff`,
  customStuffItem: (id: string) => `/custom-stuff/${id}`,
  purchase: (appId: string) => `/apps/${appId}/gamification/purchase`,
  orders: (appId: string) => `/apps/${appId}/gamification/orders`,
  order: (id: string) => `/reward-orders/${id}`,
  leaderboard: (appId: string) => `/apps/${appId}/gamification/leaderboard`,
} as const;

export type HistoryFilter = 'all' | 'earned' | 'spent';

/** Everything the rewards cache for one app: a write invalidates below `all`. */
export const rewardsKeys = {
  all: (appId: string) => ['rewards', appId] as const,
  me: (appId: string) => [...rewardsKeys.all(appId), 'me'] as const,
  rules: (appId: string) => [...rewardsKeys.all(appId), 'rules'] as const,
  statuses: (appId: string) => [...rewardsKeys.all(appId), 'statuses'] as const,
  history: (appId: string, filter: HistoryFilter, page: number) =>
    [...rewardsKeys.all(appId), 'history', filter, page] as const,
  leaderboard: (appId: string, period: LeaderboardPeriod) =>
    [...rewardsKeys.all(appId), 'leaderboard', period] as const,
  shop: (appId: string, page: number) => [...rewardsKeys.all(appId), 'shop', page] as const,
  orders: (appId: string, status: RewardOrderStatus | null, page: number) =>
    [...rewardsKeys.all(appId), 'orders', status, page] as const,
  topUps: (appId: string, page: number) => [...rewardsKeys.all(appId), 'top-ups', page] as const,
  settings: (appId: string) => [...rewardsKeys.all(appId), 'settings'] as const,
  /** Kept apart from `all`: a member's level badge outlives the rewards screens' writes. */
  level: (appId: string, profileId: string) => ['rewards-level', appId, profileId] as const,
};

export const rewardsSettingsResponseSchema = z.object({ data: rewardsSettingsSchema });

// ---------- reads ----------

/** The member's balance, total, level, next level, ranks and the active rules (the rewards page's head). */
export const pointsSummaryQuery = (appId: string) =>
  queryOptions({
    queryKey: rewardsKeys.me(appId),
    queryFn: ({ signal }) =>
      api
        .get(rewardsApiPaths.me(appId), { schema: pointsSummaryResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

export const leaderboardQuery = (appId: string, period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: rewardsKeys.leaderboard(appId, period),
    queryFn: ({ signal }) =>
      api
        .get(rewardsApiPaths.leaderboard(appId), { schema: leaderboardSchema, query: { period }, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

export const historyQuery = (appId: string, filter: HistoryFilter, page: number) =>
  queryOptions({
    queryKey: rewardsKeys.history(appId, filter, page),
    queryFn: ({ signal }) =>
      api.get(rewardsApiPaths.history(appId), {
        schema: historyListSchema,
        query: { page, kind: filter === 'all' ? undefined : filter },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const shopQuery = (appId: string, page: number) =>
  queryOptions({
    queryKey: rewardsKeys.shop(appId, page),
    queryFn: ({ signal }) =>
      api.get(rewardsApiPaths.customStuff(appId), {
        schema: customStuffListSchema,
        query: { page, limit: 24 },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const rulesQuery = (appId: string) =>
  queryOptions({
    queryKey: rewardsKeys.rules(appId),
    queryFn: ({ signal }) =>
      api.get(rewardsApiPaths.rules(appId), { schema: ruleListSchema, signal }).then((answer) => answer.data),
    meta: { silent: true },
  });

/** The app's levels, ordered by points (one page: an app has at most 100). */
export const statusesQuery = (appId: string) =>
  queryOptions({
    queryKey: rewardsKeys.statuses(appId),
    queryFn: ({ signal }) =>
      api
        .get(rewardsApiPaths.statuses(appId), { schema: statusListSchema, query: { limit: 100 }, signal })
        .then((answer) => [...answer.data].sort((a, b) => a.points - b.points)),
    meta: { silent: true },
  });

export const ordersQuery = (appId: string, status: RewardOrderStatus | null, page: number) =>
  queryOptions({
    queryKey: rewardsKeys.orders(appId, status, page),
    queryFn: ({ signal }) =>
      api.get(rewardsApiPaths.orders(appId), {
        schema: rewardOrderListSchema,
        query: { page, status: status ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const topUpsQuery = (appId: string, page: number) =>
  queryOptions({
    queryKey: rewardsKeys.topUps(appId, page),
    queryFn: ({ signal }) =>
      api.get(rewardsApiPaths.topUps(appId), { schema: topUpListSchema, query: { page }, signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const rewardsSettingsQuery = (appId: string) =>
  queryOptions({
    queryKey: rewardsKeys.settings(appId),
    queryFn: ({ signal }) =>
      api
        .get(rewardsApiPaths.settings(appId), { schema: rewardsSettingsResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

// ---------- writes ----------

const fieldErrorsInline = { inlineFieldErrors: true };

/** Every write invalidates the app's rewards screens (and the level badges: a level may have changed). */
export function useInvalidateRewards() {
  const client = useQueryClient();
  const app = useCurrentApp();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: rewardsKeys.all(app.id) }),
      client.invalidateQueries({ queryKey: ['rewards-level', app.id] }),
    ]);
  };
}

export function usePurchase() {
  const app = useCurrentApp();
  const onSuccess = useInvalidateRewards();
  return useMutation({
    mutationFn: (customStuffId: string) =>
      api
        .post(rewardsApiPaths.purchase(app.id), { body: { customStuffId }, schema: purchaseResponseSchema })
        .then((answer) => answer.data),
    onSuccess,
    // The dialog says why a purchase failed, beside its button.
    meta: { silent: true },
  });
}

export type RulePatch = { ruleId: string; active?: boolean; points?: number; dailyCap?: number | null };

export function useRewardsAdmin() {
  const app = useCurrentApp();
  const onSuccess = useInvalidateRewards();
  return {
    updateRule: useMutation({
      mutationFn: (body: RulePatch) =>
        api.patch(rewardsApiPaths.rules(app.id), { body, schema: ruleResponseSchema }),
      onSuccess,
    }),
    createStatus: useMutation({
      mutationFn: (body: StatusBody) =>
        api.post(rewardsApiPaths.statuses(app.id), { body, schema: statusResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    updateStatus: useMutation({
      mutationFn: ({ id, ...body }: Partial<StatusBody> & { id: string }) =>
        api.patch(rewardsApiPaths.status(id), { body, schema: statusResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    /** Several levels at once (a move swaps two thresholds). */
    updateStatuses: useMutation({
      mutationFn: (statuses: (Partial<StatusBody> & { id: string })[]) =>
        api.patch(rewardsApiPaths.statuses(app.id), {
          body: { statusIds: statuses.map((status) => status.id), statuses },
        }),
      onSuccess,
    }),
    removeStatus: useMutation({
      mutationFn: (id: string) => api.delete(rewardsApiPaths.status(id)),
      onSuccess,
    }),
    saveItem: useMutation({
      mutationFn: ({ id, ...body }: ShopItemBody & { id: string | null }) =>
        id
          ? api.patch(rewardsApiPaths.customStuffItem(id), { body, schema: customStuffResponseSchema })
          : api.post(rewardsApiPaths.customStuff(app.id), { body, schema: customStuffResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    removeItem: useMutation({
      mutationFn: (id: string) => api.delete(rewardsApiPaths.customStuffItem(id)),
      onSuccess,
    }),
    settleOrder: useMutation({
      mutationFn: ({ id, status }: { id: string; status: 'fulfilled' | 'refunded' }) =>
        api.patch(rewardsApiPaths.order(id), { body: { status }, schema: rewardOrderResponseSchema }),
      onSuccess,
    }),
    topUp: useMutation({
      mutationFn: (body: { profileId: string; points: number; reason: string }) =>
        api.post(rewardsApiPaths.topUps(app.id), { body, schema: topUpResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    saveSettings: useMutation({
      mutationFn: (body: Partial<RewardsSettings>) =>
        api.patch(rewardsApiPaths.settings(app.id), { body, schema: rewardsSettingsResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
  };
}

export type ShopItemBody = {
  name: string;
  description: string;
  rewardPoints: number;
  imageId: string | null;
  stock: number | null;
  perMemberLimit: number | null;
  windowAfterPurchase: string;
  isActive: boolean;
};
