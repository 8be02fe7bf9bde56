import { z } from 'zod';
import {
  gamificationLimits,
  ledgerKindValues,
  leaderboardPeriodSchema,
  pointActionSchema,
  ruleSchema,
} from './gamification.ts';
import { levelBadgeSchema } from './gamification-levels.ts';
import { paginated } from './pagination.ts';
import { maxLength, requiredString, validationKeys } from './validation/index.ts';

/* A member's points: the summary, the ledger's history, the leaderboards, admin top-ups and the daily visit. */

const signedPoints = z
  .number()
  .int()
  .min(-gamificationLimits.points)
  .max(gamificationLimits.points)
  .refine((value) => value !== 0, { message: validationKeys.zero });

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

// ---------- the daily visit ----------

/** `POST gamification/visit`: the points the visit earned (0 when today's already counted) and the summary after. */
export const visitResponseSchema = z.object({
  data: z.object({ awarded: z.number().int(), summary: pointsSummarySchema }),
});
