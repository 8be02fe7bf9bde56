import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ledgerKindValues,
  leaderboardPeriodValues,
  pointActionValues,
  rewardOrderStatusValues,
} from '../../../contracts/gamification.ts';
import { cloudFiles } from './cloud.ts';
import { at, timestamps } from './columns.ts';
import { apps, profiles } from './workspace.ts';

/*
 * Gamification (issue 21, docs/decisions/gamification.md). Points live in an append-only ledger; a member's
 * balance and all-time total are stored beside it and change in the same transaction as every entry, so they
 * always equal the ledger's sums. Week and month sums feed the leaderboards, whose ranks a job snapshots.
 */

/** An app's rule for one point action; an action without a row uses the defaults of contracts/gamification.ts. */
export const gamificationRules = pgTable(
  'gamification_rules',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    action: text('action', { enum: pointActionValues }).notNull(),
    points: integer('points').notNull(),
    isActive: boolean('is_active').notNull(),
    /** The most points one member earns from this action per day in the app's time zone; null: no cap. */
    dailyCap: integer('daily_cap'),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.appId, table.action] })],
);

/**
 * One movement of points. Never updated or deleted: a reversal is a new entry pointing at the one it undoes.
 * `sourceKey` names what earned or cost the points (`post:<id>`, `like:<post>:<liker>`, `visit:<day>`,
 * `order:<id>`, `top-up:<id>`); one member gets one entry per action and source, so an action never counts
 * twice, also when a job retries. `subjectId` is the content the points were for: deleting or rejecting it
 * reverses every entry naming it.
 */
export const gamificationLedger = pgTable(
  'gamification_ledger',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    kind: text('kind', { enum: ledgerKindValues }).notNull(),
    action: text('action', { enum: pointActionValues }).notNull(),
    /** Signed: earnings and top-ups positive, spendings, fees and deductions negative. */
    points: integer('points').notNull(),
    sourceKey: text('source_key').notNull(),
    subjectId: uuid('subject_id'),
    /** The entry a reversal or refund undoes (at most one undoing per entry). */
    reversesId: uuid('reverses_id'),
    /** An admin's top-up or deduction: why, and who. */
    reason: text('reason'),
    actorProfileId: uuid('actor_profile_id').references(() => profiles.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gamification_ledger_source_idx').on(
      table.appId,
      table.profileId,
      table.action,
      table.sourceKey,
    ),
    uniqueIndex('gamification_ledger_reverses_idx')
      .on(table.reversesId)
      .where(sql`${table.reversesId} is not null`),
    // A member's history (newest first) and the daily caps.
    index('gamification_ledger_profile_idx').on(table.appId, table.profileId, table.createdAt.desc()),
    index('gamification_ledger_subject_idx')
      .on(table.appId, table.subjectId)
      .where(sql`${table.subjectId} is not null`),
    // The admins' list of top-ups and deductions.
    index('gamification_ledger_top_ups_idx')
      .on(table.appId, table.createdAt.desc())
      .where(sql`${table.kind} = 'top_up'`),
    index('gamification_ledger_app_time_idx').on(table.appId, table.createdAt),
  ],
);

/** A member's stored sums: `balance` = every entry, `total` = what counts for levels and the all-time board. */
export const gamificationBalances = pgTable(
  'gamification_balances',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    balance: integer('balance').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The highest level threshold the member was told of reaching (the level job's mark). */
    levelNotifiedPoints: integer('level_notified_points').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.appId, table.profileId] })],
);

/** Points counted for levels per week and per month (starting days in the app's time zone). */
export const gamificationPeriodPoints = pgTable(
  'gamification_period_points',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    period: text('period', { enum: ['weekly', 'monthly'] }).notNull(),
    startsOn: date('starts_on').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    points: integer('points').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.appId, table.period, table.startsOn, table.profileId] })],
);

/** The leaderboards' snapshot, written by the ranking job: one row per member and period, ranked. */
export const gamificationRanks = pgTable(
  'gamification_ranks',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    period: text('period', { enum: leaderboardPeriodValues }).notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    points: integer('points').notNull(),
    rank: integer('rank').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.appId, table.period, table.profileId] }),
    index('gamification_ranks_rank_idx').on(table.appId, table.period, table.rank),
  ],
);

/** When the ranking job last snapshotted an app's boards (the kept answers are told apart by it). */
export const gamificationBoardStamps = pgTable('gamification_board_stamps', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id),
  computedAt: at('computed_at').notNull(),
});

/** A level (spec: status): reached at `points` of the member's total. */
export const gamificationStatuses = pgTable(
  'gamification_statuses',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    points: integer('points').notNull(),
    /** A Tabler icon name, or an uploaded picture (`iconImageId`). */
    icon: text('icon'),
    iconImageId: uuid('icon_image_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    index('gamification_statuses_app_idx').on(table.appId, table.points),
    check('gamification_statuses_points_check', sql`${table.points} >= 0`),
  ],
);

/** A reward of the shop (spec: custom stuff). */
export const rewardItems = pgTable(
  'reward_items',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rewardPoints: integer('reward_points').notNull(),
    imageId: uuid('image_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    /** null: unlimited. */
    stock: integer('stock'),
    sold: integer('sold').notNull().default(0),
    /** How many one member may buy; null: no limit. */
    perMemberLimit: integer('per_member_limit'),
    /** What the buyer is shown after the purchase (and in their history): a code, a link, instructions. */
    windowAfterPurchase: text('window_after_purchase').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: at('deleted_at'),
    ...timestamps,
  },
  (table) => [
    index('reward_items_app_idx').on(table.appId, table.createdAt.desc()),
    check('reward_items_sold_check', sql`${table.stock} is null or ${table.sold} <= ${table.stock}`),
    check('reward_items_points_check', sql`${table.rewardPoints} > 0`),
  ],
);

/** A purchase the admins fulfil (or refund, which returns the points). */
export const rewardOrders = pgTable(
  'reward_orders',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rewardItems.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    points: integer('points').notNull(),
    status: text('status', { enum: rewardOrderStatusValues }).notNull().default('open'),
    decidedByProfileId: uuid('decided_by_profile_id').references(() => profiles.id),
    ...timestamps,
  },
  (table) => [
    index('reward_orders_app_idx').on(table.appId, table.status, table.createdAt.desc()),
    index('reward_orders_member_idx').on(table.itemId, table.profileId),
  ],
);
