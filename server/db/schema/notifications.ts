import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, timestamps } from './columns.ts';
import { apps, profiles } from './workspace.ts';

/*
 * Notifications, web push, moderation and onboarding (issue 16). The rules: docs/decisions/notifications.md.
 */

/**
 * One item of a person's notification list. Repeated events on the same thing (likes, comments on one post)
 * collapse into one unread row while it is younger than the collapse window: `count` events by
 * `actorsCount` people, the latest first in `actorIds`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    /** The recipient. */
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** What happened (contracts/notifications.ts notificationTypeValues). */
    type: text('type').notNull(),
    /** The thing the item opens: a post or communities post, and the comment within it. */
    postId: uuid('post_id'),
    commentId: uuid('comment_id'),
    /** Rows with the same key collapse while unread and inside the window; null never collapses. */
    collapseKey: text('collapse_key'),
    count: integer('count').notNull().default(1),
    /** Distinct actors, latest first (at most 20 kept), and how many there were in all. */
    actorIds: uuid('actor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    actorsCount: integer('actors_count').notNull().default(0),
    /** Texts fixed when the event happened: the post's title, a moderator's reason. */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    readAt: at('read_at'),
    /** The e-mail of this item: waiting for its hold, sent, or skipped (read meanwhile, switched off, capped). */
    emailState: text('email_state', { enum: ['none', 'pending', 'sent', 'skipped'] })
      .notNull()
      .default('none'),
    ...timestamps,
  },
  (table) => [
    // The list: newest activity first, keyset (updated_at, id).
    index('notifications_profile_list_idx').on(
      table.profileId,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // At most one open (unread) row per collapse key and person: the upsert's conflict target.
    uniqueIndex('notifications_collapse_idx')
      .on(table.profileId, table.collapseKey)
      .where(sql`${table.readAt} is null and ${table.collapseKey} is not null`),
    // "Who was told of this post already" (the new-post fan-out runs again after a retry).
    index('notifications_post_idx').on(table.postId, table.type),
    // The mail sweep: items whose hold may have passed.
    index('notifications_email_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.emailState} = 'pending'`),
    // The digest: what a person has not read, oldest first.
    index('notifications_unread_idx')
      .on(table.profileId, table.createdAt)
      .where(sql`${table.readAt} is null`),
  ],
);

/** The badge: one row per person, kept in the same transaction as every change of the unread items. */
export const notificationCounters = pgTable(
  'notification_counters',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    /** When the person last received a digest (daily / weekly, profiles.email_digest). */
    lastDigestAt: at('last_digest_at'),
  },
  (table) => [check('notification_counters_unread_check', sql`${table.unread} >= 0`)],
);

/** A browser's Web Push subscription (RFC 8030 endpoint with its RFC 8291 keys) for one profile. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    lastSuccessAt: at('last_success_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_profile_idx').on(table.profileId),
  ],
);

export type ModerationSettingsValues = {
  /** Reports by different members after which an item is hidden until a moderator decides (0: never). */
  reportsToHide: number;
  /** A member's first N posts in the app wait in the inbox (0: none). */
  premoderateFirstPosts: number;
  /** Per member and hour (0: no limit). */
  postsPerHour: number;
  commentsPerHour: number;
  reportsPerHour: number;
};

export const moderationSettings = pgTable('moderation_settings', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id),
  values: jsonb('values').$type<Partial<ModerationSettingsValues>>().notNull().default({}),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * An item of the moderation inbox: a post waiting for approval, or a post or comment reported by members.
 * One per reported or held thing; `status` follows spec §4 (inbox → approved; reject removes the approval).
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    tab: text('tab', { enum: ['post', 'ticket'] })
      .notNull()
      .default('post'),
    /** post (group or communities) or comment; the id of that row. */
    entityType: text('entity_type', { enum: ['post', 'comment'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    /** The post the item is (or is in): its space decides who moderates it. */
    postId: uuid('post_id').notNull(),
    spaceId: uuid('space_id'),
    authorProfileId: uuid('author_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['inbox', 'approved', 'rejected'] })
      .notNull()
      .default('inbox'),
    /** Why it is in the inbox: held before publication, or hidden by reports, or only reported. */
    cause: text('cause', { enum: ['pre_moderation', 'reports'] }).notNull(),
    reportsCount: integer('reports_count').notNull().default(0),
    /** The item is hidden from everyone but its author and moderators until a decision. */
    isHidden: boolean('is_hidden').notNull().default(false),
    reason: text('reason').notNull().default(''),
    /** A published post hidden by reports keeps its publication time here until it is approved again. */
    stashedPublishedAt: at('stashed_published_at'),
    decidedByProfileId: uuid('decided_by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('moderation_items_entity_idx').on(table.entityType, table.entityId),
    index('moderation_items_list_idx').on(
      table.appId,
      table.tab,
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** One member's report of an item: once per person and item. */
export const moderationReports = pgTable(
  'moderation_reports',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => moderationItems.id, { onDelete: 'cascade' }),
    reporterProfileId: uuid('reporter_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.reporterProfileId] }),
    // Rate limit: a member's reports of the last hour.
    index('moderation_reports_reporter_idx').on(table.reporterProfileId, table.createdAt),
  ],
);

/** The onboarding an app shows new members: which steps, in which order, with optional texts. */
export const onboardingSettings = pgTable('onboarding_settings', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id),
  isEnabled: boolean('is_enabled').notNull().default(true),
  steps: jsonb('steps').$type<{ key: string; isEnabled: boolean; title?: string; description?: string }[]>(),
  welcomeText: text('welcome_text').notNull().default(''),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A member's own marks on the checklist: steps done by hand and the dismissed checklist (`key` 'dismissed'). */
export const onboardingProgress = pgTable(
  'onboarding_progress',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    doneAt: at('done_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.key] })],
);
