import { z } from 'zod';
import { pageSizes } from './constants.ts';
import { paginated } from './pagination.ts';
import { maxLength, requiredString, validationKeys } from './validation/index.ts';

/*
 * Gamification and the rewards shop (issue 21, spec §3 point action types, leaderboard periods, Gamification
 * settings, Status, Custom stuff; APP-SERVICES-13…26). Points live in an append-only ledger on the server; a
 * member's balance and total are its sums. docs/decisions/gamification.md.
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

const points = z.number().int().min(0).max(gamificationLimits.points);
const signedPoints = z
  .number()
  .int()
  .min(-gamificationLimits.points)
  .max(gamificationLimits.points)
  .refine((value) => value !== 0, { message: validationKeys.zero });

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
  points,
  isActive: z.boolean(),
  dailyCap: points.nullable(),
});
export type Rule = z.infer<typeof ruleSchema>;
export const ruleListSchema = z.object({ data: z.array(ruleSchema) });
export const rulePatchBodySchema = z.strictObject({
  ruleId: ruleActionSchema,
  active: z.boolean().optional(),
  points: points.optional(),
  dailyCap: points.nullable().optional(),
});
export const ruleResponseSchema = z.object({ data: ruleSchema });

// ---------- statuses (levels) ----------

export const statusBodySchema = z.strictObject({
  name: requiredString().check(maxLength(gamificationLimits.statusName)),
  points,
  icon: z.string().max(gamificationLimits.icon).nullable().default(null),
  iconImageId: z.uuid().nullable().default(null),
  isActive: z.boolean().default(true),
});
export type StatusBody = z.infer<typeof statusBodySchema>;
export const statusPatchBodySchema = z.strictObject({
  name: requiredString().check(maxLength(gamificationLimits.statusName)).optional(),
  points: points.optional(),
  icon: z.string().max(gamificationLimits.icon).nullable().optional(),
  iconImageId: z.uuid().nullable().optional(),
  isActive: z.boolean().optional(),
});
export const statusBulkCreateBodySchema = z.strictObject({
  statuses: z.array(statusBodySchema).min(1).max(gamificationLimits.statuses),
});
/** Bulk update: each entry its id and the fields to change. */
export const statusBulkPatchBodySchema = z.strictObject({
  statusIds: z.array(z.uuid()).min(1).max(gamificationLimits.statuses),
  statuses: z
    .array(statusPatchBodySchema.extend({ id: z.uuid() }))
    .max(gamificationLimits.statuses)
    .optional(),
  isActive: z.boolean().optional(),
});
export const statusIdsBodySchema = z.strictObject({
  statusIds: z.array(z.uuid()).min(1).max(gamificationLimits.statuses),
});
export const statusSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  points: z.number().int(),
  icon: z.string().nullable(),
  iconImageId: z.uuid().nullable(),
  iconImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  /** 1 for the lowest active level. */
  level: z.number().int().nullable(),
});
export type Status = z.infer<typeof statusSchema>;
export const statusResponseSchema = z.object({ data: statusSchema });
export const statusListSchema = paginated(statusSchema);
export const statusListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(pageSizes.statuses).default(pageSizes.statuses),
});
export const statusesResponseSchema = z.object({ data: z.array(statusSchema) });

/** A level as shown beside a member's name. */
export const levelBadgeSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  iconImageUrl: z.string().nullable(),
});
export type LevelBadge = z.infer<typeof levelBadgeSchema>;

// ---------- the member's points ----------

export const pointsSummarySchema = z.object({
  balance: z.number().int(),
  total: z.number().int(),
  level: levelBadgeSchema.nullable(),
  /** The current level's threshold (0 below the first level): where the progress bar to the next one starts. */
  levelPoints: z.number().int(),
  /** The next active level and the points still missing; null at the top. */
  nextLevel: levelBadgeSchema.extend({ points: z.number().int(), missing: z.number().int() }).nullable(),
  /** Ranks in the boards' last snapshot; null when not ranked (excluded, or no points). */
  ranks: z.object({
    weekly: z.number().int().nullable(),
    monthly: z.number().int().nullable(),
    all: z.number().int().nullable(),
  }),
  /** How to earn: the app's active earning rules. */
  rules: z.array(ruleSchema),
  /** What the app's settings show members: the shop and the leaderboards. */
  isShopShown: z.boolean(),
  isLeaderboardShown: z.boolean(),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;
export const pointsSummaryResponseSchema = z.object({ data: pointsSummarySchema });

export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(ledgerKindValues),
  action: pointActionSchema,
  points: z.number().int(),
  reason: z.string().nullable(),
  /** A purchase: the reward's name and what its buyer is shown. */
  reward: z.object({ id: z.uuid(), name: z.string(), windowAfterPurchase: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const historyListSchema = paginated(ledgerEntrySchema);
export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  kind: z.enum(['earned', 'spent']).optional(),
});

// ---------- leaderboards ----------

export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  points: z.number().int(),
  profileId: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  level: levelBadgeSchema.nullable(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;
export const leaderboardQuerySchema = z.object({ period: leaderboardPeriodSchema.default('all') });
export const leaderboardSchema = z.object({
  data: z.object({
    period: leaderboardPeriodSchema,
    rows: z.array(leaderboardRowSchema),
    /** The caller's own row (also when outside the top), null when not ranked. */
    me: leaderboardRowSchema.nullable(),
    /** When the snapshot was taken (the boards are at most a few minutes old). */
    computedAt: z.iso.datetime().nullable(),
  }),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>['data'];

// ---------- admin top-ups ----------

export const topUpBodySchema = z.strictObject({
  profileId: z.uuid(),
  /** Positive: a top-up; negative: a deduction. */
  points: signedPoints,
  reason: requiredString().check(maxLength(gamificationLimits.reason)),
});
export const topUpSchema = z.object({
  id: z.uuid(),
  points: z.number().int(),
  reason: z.string(),
  member: z.object({ profileId: z.uuid(), name: z.string() }),
  actor: z.object({ profileId: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export const topUpResponseSchema = z.object({ data: topUpSchema });
export const topUpListSchema = paginated(topUpSchema);
export const pageOnlyQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1) });

// ---------- rewards shop (custom stuff) ----------

const stuffFields = {
  name: requiredString().check(maxLength(gamificationLimits.itemName)),
  description: z.string().max(gamificationLimits.description),
  rewardPoints: z.number().int().min(1).max(gamificationLimits.points),
  imageId: z.uuid().nullable(),
  stock: z.number().int().min(0).max(gamificationLimits.stock).nullable(),
  perMemberLimit: z.number().int().min(1).max(gamificationLimits.stock).nullable(),
  windowAfterPurchase: z.string().max(gamificationLimits.windowAfterPurchase),
  isActive: z.boolean(),
};
export const customStuffBodySchema = z.strictObject({
  ...stuffFields,
  description: stuffFields.description.default(''),
  imageId: stuffFields.imageId.default(null),
  stock: stuffFields.stock.default(null),
  perMemberLimit: stuffFields.perMemberLimit.default(null),
  windowAfterPurchase: stuffFields.windowAfterPurchase.default(''),
  isActive: stuffFields.isActive.default(true),
});
export const customStuffPatchBodySchema = z.strictObject(
  Object.fromEntries(Object.entries(stuffFields).map(([key, field]) => [key, field.optional()])) as {
    [K in keyof typeof stuffFields]: z.ZodOptional<(typeof stuffFields)[K]>;
  },
);
export const customStuffSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  rewardPoints: z.number().int(),
  imageId: z.uuid().nullable(),
  imageUrl: z.string().nullable(),
  stock: z.number().int().nullable(),
  sold: z.number().int(),
  /** Still to buy (null: unlimited). */
  left: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  /** Shown to managers only; members see it after buying. */
  windowAfterPurchase: z.string().nullable(),
  isActive: z.boolean(),
  /** How many the caller bought (not refunded). */
  boughtByMe: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type CustomStuff = z.infer<typeof customStuffSchema>;
export const customStuffResponseSchema = z.object({ data: customStuffSchema });
export const customStuffListSchema = paginated(customStuffSchema);
export const customStuffListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(pageSizes.customStuff),
});

export const purchaseBodySchema = z.strictObject({ customStuffId: z.uuid() });
export const rewardOrderSchema = z.object({
  id: z.uuid(),
  status: rewardOrderStatusSchema,
  points: z.number().int(),
  item: z.object({ id: z.uuid(), name: z.string() }),
  member: z.object({ profileId: z.uuid(), name: z.string() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RewardOrder = z.infer<typeof rewardOrderSchema>;
export const purchaseResponseSchema = z.object({
  data: z.object({
    order: rewardOrderSchema,
    balance: z.number().int(),
    windowAfterPurchase: z.string(),
  }),
});
export const rewardOrderListSchema = paginated(rewardOrderSchema);
export const rewardOrderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: rewardOrderStatusSchema.optional(),
});
export const rewardOrderPatchBodySchema = z.strictObject({ status: z.enum(['fulfilled', 'refunded']) });
export const rewardOrderResponseSchema = z.object({ data: rewardOrderSchema });

// ---------- the daily visit and the levels beside names ----------

/** `POST gamification/visit`: the points the visit earned (0 when today's already counted) and the summary after. */
export const visitResponseSchema = z.object({
  data: z.object({ awarded: z.number().int(), summary: pointsSummarySchema }),
});

/** `GET gamification/levels?profileIds=a&profileIds=b` (or `a,b`): up to 100 ids. */
export const levelsQuerySchema = z.object({
  profileIds: z
    .union([z.uuid(), z.string().max(4000), z.array(z.string().max(4000)).max(pageSizes.statuses)])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((ids) => ids.split(',')))
    .pipe(z.array(z.uuid()).min(1).max(pageSizes.statuses)),
});
export const levelsResponseSchema = z.object({
  data: z.array(z.object({ profileId: z.uuid(), level: levelBadgeSchema.nullable() })),
});
