import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ticketStatusValues } from '../../../contracts/enums.ts';
import { accounts } from './identity.ts';
import { chats } from './chat.ts';
import { at, timestamps } from './columns.ts';
import { apps, profiles, projects } from './workspace.ts';

/*
 * Support tickets (issue 20, docs/decisions/helpdesk.md). A ticket is a support chat (`chats.kind = 'support'`)
 * between a member and the app's team, with a status new → work → on_pause → completed and two clocks (first
 * response, resolution) that stop while the ticket is on_pause. `project_id` is kept beside `app_id` so the
 * service host's support index reads every app of a project from one index.
 */

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    /** Shown as "#12": counted per app, taken under the app's ticket settings row lock. */
    number: integer('number').notNull(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    requesterProfileId: uuid('requester_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: text('status', { enum: ticketStatusValues }).notNull().default('new'),
    statusChangedAt: at('status_changed_at').notNull().defaultNow(),
    /** The team's first answer; the first-response clock runs until then. */
    firstResponseAt: at('first_response_at'),
    completedAt: at('completed_at'),
    /** While on_pause: since when. Seconds spent on_pause before are summed in `paused_seconds`. */
    pausedSince: at('paused_since'),
    pausedSeconds: integer('paused_seconds').notNull().default(0),
    /** When the 80 % warnings went out (once per ticket and clock; cleared when a reopen restarts the clock). */
    firstResponseWarnedAt: at('first_response_warned_at'),
    resolutionWarnedAt: at('resolution_warned_at'),
    lastMemberMessageAt: at('last_member_message_at'),
    lastTeamMessageAt: at('last_team_message_at'),
    /** The satisfaction question after completion: 1–5 and an optional comment. */
    satisfactionRating: smallint('satisfaction_rating'),
    satisfactionComment: text('satisfaction_comment'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('tickets_chat_idx').on(table.chatId),
    uniqueIndex('tickets_number_idx').on(table.appId, table.number),
    // The team's lists: per project (support index) and per app, by status, most recently active first.
    index('tickets_project_list_idx').on(table.projectId, table.status, table.updatedAt.desc(), table.id),
    index('tickets_app_list_idx').on(table.appId, table.status, table.updatedAt.desc(), table.id),
    // A member's own tickets (and the open-tickets limit).
    index('tickets_requester_idx').on(table.requesterProfileId, table.status),
    check(
      'tickets_satisfaction_check',
      sql`${table.satisfactionRating} is null or ${table.satisfactionRating} between 1 and 5`,
    ),
  ],
);

/** Every status change of a ticket, with who made it (a team account or the member's reply that reopened it). */
export const ticketStatusChanges = pgTable(
  'ticket_status_changes',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ticketStatusValues }),
    toStatus: text('to_status', { enum: ticketStatusValues }).notNull(),
    changedByAccountId: uuid('changed_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('ticket_status_changes_ticket_idx').on(table.ticketId, table.createdAt)],
);

/** Per app: the open-tickets limit per member and the two targets (minutes; 0 = no target). */
export const ticketSettings = pgTable('ticket_settings', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id),
  openTicketsLimit: integer('open_tickets_limit').notNull().default(3),
  firstResponseTargetMinutes: integer('first_response_target_minutes').notNull().default(240),
  resolutionTargetMinutes: integer('resolution_target_minutes').notNull().default(2880),
  isSatisfactionEnabled: boolean('is_satisfaction_enabled').notNull().default(true),
  /** The last ticket number given in the app. */
  lastNumber: integer('last_number').notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
