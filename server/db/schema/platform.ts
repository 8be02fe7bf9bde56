import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, timestamps } from './columns.ts';
import { taskStatusValues, taskTypeValues } from '../../../contracts/enums.ts';

/** Secrets the deployment generates once and shares between instances (e.g. the JWT key when JWT_SECRET is unset). */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamps.createdAt,
});

/**
 * User-visible background work (spec "tasks"): imports, bulk updates, duplications.
 * project_id / created_by get their foreign keys when projects and accounts exist (workspace, identity issues).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id').notNull(),
    appId: uuid('app_id'),
    createdBy: uuid('created_by').notNull(),
    type: text('type', { enum: taskTypeValues }).notNull(),
    status: text('status', { enum: taskStatusValues }).notNull().default('running'),
    progress: integer('progress').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    ...timestamps,
    finishedAt: at('finished_at'),
  },
  (table) => [index('tasks_project_created_by_idx').on(table.projectId, table.createdBy, table.createdAt)],
);

/**
 * Every mail goes through this outbox: the worker delivers it by SMTP when configured; in the embedded mode it
 * stays here (status `stored`) and is logged, so sign-up works with no mail server.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id'),
    template: text('template').notNull(),
    language: text('language', { enum: ['de', 'en'] }).notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers, e.g. `List-Unsubscribe` (RFC 8058) of notification mails. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    ...timestamps,
    sentAt: at('sent_at'),
  },
  (table) => [
    index('mail_outbox_status_created_idx').on(table.status, table.createdAt),
    index('mail_outbox_to_created_idx').on(table.toAddress, table.createdAt),
  ],
);

/**
 * One row per running process, refreshed every few seconds (`server/platform/instances.ts`): start-up reads
 * it to refuse a second process on local storage whose DATA_DIR is not the same directory.
 */
export const platformInstances = pgTable('platform_instances', {
  id: text('id').primaryKey(),
  role: text('role').notNull(),
  host: text('host').notNull(),
  /** `local:<id of DATA_DIR's marker file>` or `s3:<bucket>/<prefix>`. */
  storage: text('storage').notNull(),
  startedAt: at('started_at').notNull().defaultNow(),
  seenAt: at('seen_at').notNull().defaultNow(),
});
