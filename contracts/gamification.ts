import { z } from 'zod';

/*
 * Gamification and the rewards shop (issue 21, spec §3 point action types, leaderboard periods, Gamification
 * settings, Status, Custom stuff; APP-SERVICES-13…26). Points live in an append-only ledger on the server; a
 * member's balance and total are its sums. docs/decisions/gamification.md.
 *
 * This file holds the shared values, the settings and the rules; gamification-levels.ts the statuses,
 * gamification-points.ts a member's points, the leaderboards and top-ups, gamification-shop.ts the shop.
 */

/**
 * What earns or costs points (spec §3 "include"; GAPS 40: the server owns the list, the client shows unknown
 * values untranslated). A rule exists per app and action; `admin_top_up` and `reward_purchase` are not rules.
 */
export const pointActionValues = [
  'post_created',
  'comment_created',
  'like_received',
  'lesson_completed',
  'course_finished',
  'event_attended',
  'ticket_solved',
  'daily_visit',
  'message_sent_fee',
  'admin_top_up',
  'reward_purchase',
] as const;
export type PointAction = (typeof pointActionValues)[number];
export const pointActionSchema = z.enum(pointActionValues);

/** The actions an app's rules set (GET/PATCH gamification/rules). */
export const ruleActionValues = [
  'post_created',
  'comment_created',
  'like_received',
  'lesson_completed',
  'course_finished',
  'event_attended',
  'ticket_solved',
  'daily_visit',
  'message_sent_fee',
] as const satisfies readonly PointAction[];
export type RuleAction = (typeof ruleActionValues)[number];
export const ruleActionSchema = z.enum(ruleActionValues);

/** The rules an app starts with: earning rules on, the chat fee off. `dailyCap` in points per member and day. */
export const defaultRules: Record<
  RuleAction,
  { points: number; isActive: boolean; dailyCap: number | null }
> = {
  post_created: { points: 5, isActive: true, dailyCap: 50 },
  comment_created: { points: 2, isActive: true, dailyCap: 40 },
  like_received: { points: 1, isActive: true, dailyCap: 50 },
  lesson_completed: { points: 3, isActive: true, dailyCap: null },
  course_finished: { points: 20, isActive: true, dailyCap: null },
  event_attended: { points: 5, isActive: true, dailyCap: null },
  ticket_solved: { points: 2, isActive: true, dailyCap: 10 },
  daily_visit: { points: 1, isActive: true, dailyCap: null },
  message_sent_fee: { points: 1, isActive: false, dailyCap: null },
};

/**
 * earn: a rule's points; reversal: an earning undone (its source deleted or rejected, a like taken back);
 * top_up: an admin's top-up or deduction (signed); spend: a purchase; refund: a refunded purchase;
 * fee: the chat's message fee.
 */
export const ledgerKindValues = ['earn', 'reversal', 'top_up', 'spend', 'refund', 'fee'] as const;
export type LedgerKind = (typeof ledgerKindValues)[number];

/** The kinds that count for levels and the leaderboards (what a member earned, net of reversals). */
export const earningKinds = ['earn', 'reversal', 'top_up'] as const satisfies readonly LedgerKind[];

export const leaderboardPeriodValues = ['weekly', 'monthly', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriodValues)[number];
export const leaderboardPeriodSchema = z.enum(leaderboardPeriodValues);

export const rewardOrderStatusValues = ['open', 'fulfilled', 'refunded'] as const;
export type RewardOrderStatus = (typeof rewardOrderStatusValues)[number];
export const rewardOrderStatusSchema = z.enum(rewardOrderStatusValues);

export const gamificationLimits = {
  points: 1_000_000,
  dailyCap: 1_000_000,
  statusName: 100,
  statuses: 100,
  icon: 64,
  itemName: 150,
  description: 2000,
  windowAfterPurchase: 2000,
  stock: 1_000_000,
  reason: 500,
  rewardMessage: 1000,
  excluded: 100,
  leaderboardMembersCount: 1000,
} as const;

export const appParamsSchema = z.object({ appId: z.uuid() });
export const idParamsSchema = z.object({ id: z.uuid() });

/** A rule's or a level's points (and a rule's daily cap): whole, 0 to the limit. */
export const pointAmountSchema = z.number().int().min(0).max(gamificationLimits.points);

// ---------- settings (apps/{appId}/rewards/settings) ----------

/** The rewards service's settings (spec §3 Gamification settings), kept in `apps.service_settings.rewards`. */
export const rewardsSettingsSchema = z.object({
  title: z.string().max(100).default(''),
  isVisibleToGuests: z.boolean().default(false),
  leaderboardMembersCount: z
    .number()
    .int()
    .min(1)
    .max(gamificationLimits.leaderboardMembersCount)
    .default(100),
  isLeaderboardShown: z.boolean().default(true),
  isShopShown: z.boolean().default(true),
  isLevelShownBesideNames: z.boolean().default(true),
  /** What a member is told on reaching a level (`{level}` is replaced by its name). */
  rewardMessage: z.string().max(gamificationLimits.rewardMessage).default(''),
  /** Members with one of these tags, or in one of these groups, earn nothing and stay off the boards. */
  excludedTagIds: z.array(z.uuid()).max(gamificationLimits.excluded).default([]),
  excludedGroupIds: z.array(z.uuid()).max(gamificationLimits.excluded).default([]),
});
export type RewardsSettings = z.infer<typeof rewardsSettingsSchema>;

// ---------- rules ----------

export const ruleSchema = z.object({
  /** The action's name: an app has one rule per action. */
  id: ruleActionSchema,
  action: ruleActionSchema,
  points: pointAmountSchema,
  isActive: z.boolean(),
  dailyCap: pointAmountSchema.nullable(),
});
export type Rule = z.infer<typeof ruleSchema>;
export const ruleListSchema = z.object({ data: z.array(ruleSchema) });
export const rulePatchBodySchema = z.strictObject({
  ruleId: ruleActionSchema,
  active: z.boolean().optional(),
  points: pointAmountSchema.optional(),
  dailyCap: pointAmountSchema.nullable().optional(),
});
export const ruleResponseSchema = z.object({ data: ruleSchema });
