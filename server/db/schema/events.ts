import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { eventLocationTypeValues } from '../../../contracts/enums.ts';
import { eventAccessValues, eventAttendanceStatusValues } from '../../../contracts/events.ts';
import { cloudFiles } from './cloud.ts';
import { at, timestamps } from './columns.ts';
import { apps, profiles } from './workspace.ts';

/*
 * Events (issue 18, docs/decisions/events.md). An event is a series in RFC 5545's terms: DTSTART as local wall
 * time in an IANA zone, a length in seconds, an RRULE or none, EXDATEs and overrides (RECURRENCE-ID) kept by the
 * occurrence's original local start. Occurrences are expanded per requested window, never stored; attendance,
 * seat counts and reminders are keyed by (event, occurrence) where occurrence = the original local start
 * `YYYY-MM-DDTHH:mm:ss`. `first_starts_at` and `last_ends_at` (null: the rule never ends) bound the series in
 * real time so a window query reads only the events that can overlap it.
 */

export const eventCategories = pgTable(
  'event_categories',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    /** Ascending; moving after `prevId` takes a position between two neighbours. */
    position: doublePrecision('position').notNull(),
    ...timestamps,
  },
  (table) => [index('event_categories_app_idx').on(table.appId, table.position)],
);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    categoryId: uuid('category_id').references(() => eventCategories.id, { onDelete: 'set null' }),
    authorProfileId: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Unique per app (the event page's address). */
    slug: text('slug').notNull(),
    /** Sanitized rich text (the community's allow-list) and its plain text (previews, calendar DESCRIPTION). */
    descriptionHtml: text('description_html').notNull().default(''),
    descriptionText: text('description_text').notNull().default(''),
    coverId: uuid('cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    eventType: text('event_type', { enum: eventLocationTypeValues }).notNull().default('tbd'),
    virtualLocationUrl: text('virtual_location_url'),
    inPersonLocation: text('in_person_location'),
    /** DTSTART: local wall time `YYYY-MM-DDTHH:mm:ss` in `time_zone`. */
    startsLocal: text('starts_local').notNull(),
    timeZone: text('time_zone').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** The RRULE (`FREQ=WEEKLY;BYDAY=MO`), null for a single event. */
    rrule: text('rrule'),
    /** Cancelled occurrences (EXDATE), by original local start. */
    exdates: text('exdates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The first occurrence's real start and the last one's real end (null: no end). */
    firstStartsAt: at('first_starts_at').notNull(),
    lastEndsAt: at('last_ends_at'),
    /** Seats per occurrence; null: no limit. */
    participantsLimit: integer('participants_limit'),
    isConfirmationEnabled: boolean('is_confirmation_enabled').notNull().default(true),
    isReminderEnabled: boolean('is_reminder_enabled').notNull().default(true),
    /** Seconds before an occurrence's start at which attendees are reminded (default 24 h and 1 h). */
    reminderOffsets: integer('reminder_offsets')
      .array()
      .notNull()
      .default(sql`'{86400,3600}'::integer[]`),
    access: text('access', { enum: eventAccessValues }).notNull().default('auth'),
    /** iCalendar SEQUENCE: raised on every change calendars should take. */
    sequence: integer('sequence').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** Deleted events stay (STATUS:CANCELLED in feeds) but are gone from lists and pages. */
    deletedAt: at('deleted_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('events_slug_idx').on(table.appId, table.slug),
    // A window: the events of an app that start before its end and end after its start (or never).
    index('events_window_idx')
      .on(table.appId, table.firstStartsAt, table.lastEndsAt)
      .where(sql`${table.deletedAt} is null`),
    index('events_category_idx').on(table.categoryId),
    check('events_duration_check', sql`${table.durationSeconds} > 0 and ${table.durationSeconds} <= 86400`),
    check('events_limit_check', sql`${table.participantsLimit} is null or ${table.participantsLimit} > 0`),
  ],
);

/** One occurrence changed on its own (RECURRENCE-ID): moved, made longer or shorter, or other fields. */
export const eventOverrides = pgTable(
  'event_overrides',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The occurrence: its original local start. */
    occurrence: text('occurrence').notNull(),
    startsLocal: text('starts_local'),
    durationSeconds: integer('duration_seconds'),
    /** Fields changed for this occurrence only (name, description, location …), as the service defines. */
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.eventId, table.occurrence] })],
);

export const eventHosts = pgTable(
  'event_hosts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.profileId] }),
    index('event_hosts_profile_idx').on(table.profileId),
  ],
);

export const eventAttachments = pgTable(
  'event_attachments',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => cloudFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.fileId] })],
);

/**
 * Seats of one occurrence. Joining takes a seat with one conditional upsert (`going < limit`), so concurrent
 * joins never take one seat too many; who does not get one is waitlisted in join order.
 */
export const eventOccurrenceSeats = pgTable(
  'event_occurrence_seats',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull(),
    goingCount: integer('going_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrence] }),
    check(
      'event_occurrence_seats_counts_check',
      sql`${table.goingCount} >= 0 and ${table.waitlistCount} >= 0`,
    ),
  ],
);

export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: eventAttendanceStatusValues }).notNull(),
    /** The occurrence's real start, kept current when it moves: reminders and "my events" read it. */
    startsAt: at('starts_at').notNull(),
    /** Join order: the waitlist moves up by it. */
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrence, table.profileId] }),
    index('event_attendees_occurrence_idx').on(table.eventId, table.occurrence, table.status, table.joinedAt),
    // A member's joined occurrences (filter self, the private feed) and the reminder sweep.
    index('event_attendees_profile_idx').on(table.profileId, table.startsAt),
    index('event_attendees_starts_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'going'`),
  ],
);

/** Reminders sent, once per person, occurrence and offset: the unique key makes a retried job send nothing twice. */
export const eventRemindersSent = pgTable(
  'event_reminders_sent',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Seconds before the start; 0 is the `event_starts` notification. */
    offsetSeconds: integer('offset_seconds').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrence, table.profileId, table.offsetSeconds] }),
  ],
);

/**
 * A member's private calendar feed. The URL carries the profile id and an HMAC of it with `nonce` under the
 * server's secret, so the member can copy the same URL again while nothing that opens it is stored; a new nonce
 * (rotate) or no row (revoke) ends every URL given out before.
 */
export const eventFeedTokens = pgTable('event_feed_tokens', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  ...timestamps,
});

/**
 * A version per app that every change of its events raises (triggers on the events' tables: rows, overrides,
 * hosts, attachments, categories, seats, attendees; migration 0031): the month view's kept answers are keyed by
 * it, so a join or an edit makes a new key and no stale answer is ever sent (events-kept.ts).
 */
export const eventAppVersions = pgTable('event_app_versions', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
