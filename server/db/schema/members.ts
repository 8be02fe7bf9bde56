import { sql } from 'drizzle-orm';
import { at, timestamps } from './columns.ts';
import {
  boolean,
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
import {
  defaultMemberTagValues,
  memberTypeValues,
  teamMemberStatusValues,
} from '../../../contracts/enums.ts';
import { accounts } from './identity.ts';
import { apps, profiles, projects } from './workspace.ts';

/*
 * The workspace issue's tables around membership: the project team, tags, custom fields, invite links,
 * contacts, follows and member imports. Every row carries `project_id` (and `app_id` where it belongs to an
 * app); indexes lead with the tenant key.
 */

/**
 * A person on the project's team (service host). Invited by e-mail: `pending` until the account with that
 * address accepts, `active` afterwards, `inactive` when the owner pauses them.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    email: text('email').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    status: text('status', { enum: teamMemberStatusValues }).notNull().default('pending'),
    invitedByAccountId: uuid('invited_by_account_id').references(() => accounts.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('team_members_project_email_idx').on(table.projectId, table.email),
    // "Which projects is this account on the team of" (projects list, permission engine).
    index('team_members_account_idx').on(table.accountId),
    index('team_members_email_idx').on(table.email),
  ],
);

/** A member tag of an app. `kind` marks the two default tags (blocked, punished) every app has. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    color: text('color').notNull().default(''),
    kind: text('kind', { enum: defaultMemberTagValues }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('tags_app_name_idx').on(table.appId, sql`lower(${table.name})`),
    uniqueIndex('tags_app_kind_idx')
      .on(table.appId, table.kind)
      .where(sql`${table.kind} is not null`),
  ],
);

export const profileTags = pgTable(
  'profile_tags',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.tagId] }),
    // The members filter by tag and the tag's member count.
    index('profile_tags_tag_idx').on(table.tagId, table.profileId),
  ],
);

export type CustomFieldValidationRules = { required?: boolean; minLength?: number; maxLength?: number };

/** A field of the member profile form an app defines (settings/custom-fields), ordered by `position`. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    type: text('type').notNull(),
    label: text('label').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    validationRules: jsonb('validation_rules').$type<CustomFieldValidationRules>().notNull().default({}),
    /** Ascending order; moving after `prevId` takes a position between two neighbours. */
    position: doublePrecision('position').notNull(),
    ...timestamps,
  },
  (table) => [index('custom_fields_app_position_idx').on(table.appId, table.position)],
);

/**
 * A shareable invite link of an app (settings/members/invite-links): whoever joins through it becomes a
 * member with the link's tags and plans. The token is public by design (it is the link), so it is stored as is.
 */
export const invitationLinks = pgTable(
  'invitation_links',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    token: text('token').notNull(),
    memberType: text('member_type', { enum: memberTypeValues }).notNull().default('member'),
    tagIds: jsonb('tag_ids').$type<string[]>().notNull().default([]),
    planIds: jsonb('plan_ids').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    /** null = unlimited. */
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    expiresAt: at('expires_at'),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('invitation_links_token_idx').on(table.token),
    index('invitation_links_app_created_idx').on(table.appId, table.createdAt),
  ],
);

/**
 * A person the project knows (spec Contact): one row per project and address, whatever apps they are in.
 * `source` says how they arrived: signup, invitation, invite_link, import, team.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    accountId: uuid('account_id').references(() => accounts.id),
    email: text('email').notNull(),
    source: text('source').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('contacts_project_email_idx').on(table.projectId, table.email),
    index('contacts_project_created_idx').on(table.projectId, table.createdAt, table.id),
    index('contacts_account_idx').on(table.accountId),
  ],
);

/** Member follows member, inside one app. */
export const profileFollows = pgTable(
  'profile_follows',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    followerProfileId: uuid('follower_profile_id')
      .notNull()
      .references(() => profiles.id),
    followedProfileId: uuid('followed_profile_id')
      .notNull()
      .references(() => profiles.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerProfileId, table.followedProfileId] }),
    index('profile_follows_followed_idx').on(table.followedProfileId),
  ],
);

/**
 * A bulk member import (settings/members/bulk-import): the uploaded CSV and its options, processed by a job
 * under the task `task_id`; `error_report` holds the CSV of rejected lines when validation fails.
 */
export const memberImports = pgTable(
  'member_imports',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    taskId: uuid('task_id').notNull(),
    createdByAccountId: uuid('created_by_account_id')
      .notNull()
      .references(() => accounts.id),
    csv: text('csv').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    errorReport: text('error_report'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('member_imports_task_idx').on(table.taskId),
    index('member_imports_app_created_idx').on(table.appId, table.createdAt),
  ],
);
