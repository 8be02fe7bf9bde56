import { sql } from 'drizzle-orm';
import { at, timestamps } from './columns.ts';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { knownNotificationActionValues, memberTypeValues } from '../../../contracts/enums.ts';
import { languageValues } from '../../../contracts/language.ts';
import { menuLayoutValues } from '../../../contracts/theme-enums.ts';
import { accounts } from './identity.ts';

/*
 * The base of the workspace area: the tables the identity issue needs. The workspace issue (members,
 * permissions, app settings) adds columns and indexes to these. Every tenant row carries `project_id`, and
 * `app_id` where it belongs to an app; indexes lead with the tenant key.
 */

/** A workspace (spec "project"): owns apps, files and the team. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    isArchive: boolean('is_archive').notNull().default(false),
    /** A tariff id of the configured catalogue (server/features/projects/tariffs.ts). */
    tariffId: text('tariff_id').notNull().default('business'),
    /** What active team members may do (GET/PATCH /projects/{id}/teams/settings). */
    teamSettings: jsonb('team_settings').$type<TeamSettings>().notNull().default({}),
    ...timestamps,
  },
  // "Which projects does this person own": the account is the key of that question.
  (table) => [index('projects_owner_updated_idx').on(table.ownerAccountId, table.updatedAt)],
);

export type TeamSettings = Partial<
  Record<
    'canEditProject' | 'canManageApps' | 'canViewFiles' | 'canManagePlans' | 'canManagePaymentProviders',
    boolean
  >
>;
/** Services switched on or off (PATCH /apps/{id}/options); a missing key means the service's default. */
export type AppOptions = { services?: Partial<Record<string, boolean>> };
export type AppTheme = Partial<
  Record<'primaryColor' | 'accentColor' | 'backgroundColor' | 'customCode', string>
>;

/** A branded app of a project, reached at `/{slug}/{defaultServiceSlug}` on the public domain. */
export const apps = pgTable(
  'apps',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    language: text('language', { enum: languageValues }).notNull().default('de'),
    defaultServiceSlug: text('default_service_slug').notNull().default('home'),
    isArchive: boolean('is_archive').notNull().default(false),
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    replyToEmail: text('reply_to_email').notNull().default(''),
    supportUrl: text('support_url').notNull().default(''),
    isPhoneRequired: boolean('is_phone_required').notNull().default(false),
    /** Access plans a new sign-up receives; checked against the plans table once access plans exist. */
    signupPlanIds: jsonb('signup_plan_ids').$type<string[]>().notNull().default([]),
    /** An own domain of the project (domains issue); null = the public domain. */
    domainId: uuid('domain_id'),
    /** Cloud file ids (the foreign keys come with the cloud library). */
    appIconId: uuid('app_icon_id'),
    logoId: uuid('logo_id'),
    logoWhiteThemeId: uuid('logo_white_theme_id'),
    isAdvancedLogo: boolean('is_advanced_logo').notNull().default(false),
    desktopMenuLayout: text('desktop_menu_layout', { enum: menuLayoutValues }).notNull().default('top'),
    theme: jsonb('theme').$type<AppTheme>().notNull().default({}),
    options: jsonb('options').$type<AppOptions>().notNull().default({}),
    /** Per-service settings (GET/PATCH /apps/{id}/{service}/settings), keyed by service. */
    serviceSettings: jsonb('service_settings')
      .$type<Record<string, Record<string, unknown>>>()
      .notNull()
      .default({}),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('apps_slug_idx').on(table.slug),
    index('apps_project_created_idx').on(table.projectId, table.createdAt),
  ],
);

export type SocialLinks = Partial<
  Record<'website' | 'facebook' | 'instagram' | 'linkedin' | 'x' | 'youtube' | 'tiktok', string>
>;
export type CustomFieldValue = string | number | boolean | string[];
export type PrivacyFlags = Partial<Record<'showEmail' | 'showPhone' | 'showLocation', boolean>>;

/**
 * An account's membership in an app (DESIGN §6). Deleting a profile only sets `deleted_at`: the account
 * stays, and content the member wrote keeps pointing at this row.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type', { enum: memberTypeValues }).notNull().default('member'),
    isOwner: boolean('is_owner').notNull().default(false),
    /** null: the account's time zone and language apply. */
    timezone: text('timezone'),
    language: text('language', { enum: languageValues }),
    /** Cloud file ids; the foreign keys come with the cloud library. */
    avatarId: uuid('avatar_id'),
    coverId: uuid('cover_id'),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    phone: text('phone').notNull().default(''),
    social: jsonb('social').$type<SocialLinks>().notNull().default({}),
    customFields: jsonb('custom_fields').$type<Record<string, CustomFieldValue>>().notNull().default({}),
    privacy: jsonb('privacy').$type<PrivacyFlags>().notNull().default({}),
    darkMode: boolean('dark_mode').notNull().default(false),
    isPushEnabled: boolean('is_push_enabled').notNull().default(true),
    isEmailEnabled: boolean('is_email_enabled').notNull().default(true),
    /** The actions that notify by mail / by push; a new profile gets every action known today. */
    emailActions: jsonb('email_actions')
      .$type<string[]>()
      .notNull()
      .default([...knownNotificationActionValues]),
    pushActions: jsonb('push_actions')
      .$type<string[]>()
      .notNull()
      .default([...knownNotificationActionValues]),
    /** A digest of unread notifications by mail: off, daily or weekly. */
    emailDigest: text('email_digest', { enum: ['off', 'daily', 'weekly'] })
      .notNull()
      .default('weekly'),
    /** Member moderation (spec §3 member admin form): the `punished` tag applies until this moment. */
    punishedUntil: at('punished_until'),
    /** Feature flags of the member admin form, e.g. `{canChat: false}`; a missing key = allowed. */
    featureFlags: jsonb('feature_flags').$type<Partial<Record<string, boolean>>>().notNull().default({}),
    /** Group and space ids this member moderates (spec §6); the groups issue checks them against its tables. */
    moderatorGroupIds: jsonb('moderator_group_ids').$type<string[]>().notNull().default([]),
    moderatorSpaceIds: jsonb('moderator_space_ids').$type<string[]>().notNull().default([]),
    deletedAt: at('deleted_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('profiles_app_account_live_idx')
      .on(table.appId, table.accountId)
      .where(sql`${table.deletedAt} is null`),
    // The members list: newest first per app, and counts by type.
    index('profiles_app_created_idx').on(table.appId, table.createdAt, table.id),
    // Counts by member type read only this index (live profiles).
    index('profiles_app_type_live_idx')
      .on(table.appId, table.type)
      .where(sql`${table.deletedAt} is null`),
    // "Where is this person a member": the account's memberships across projects (GET /projects/current).
    index('profiles_account_updated_idx').on(table.accountId, table.updatedAt),
  ],
);

/** A device's push token in one app; a device belongs to whoever signed in on it last. */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    deviceId: text('device_id').notNull(),
    token: text('token').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('push_tokens_app_device_idx').on(table.appId, table.deviceId),
    index('push_tokens_app_account_idx').on(table.appId, table.accountId),
  ],
);

/**
 * A personal invitation into an app (`/auth/join/{invitationToken}`). The token is 256-bit random and stored
 * as SHA-256; accepting it gives the account a profile of `memberType`. The workspace issue creates them
 * (`POST /apps/{appId}/invite`); identity accepts them.
 */
export const appInvitations = pgTable(
  'app_invitations',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    memberType: text('member_type', { enum: memberTypeValues }).notNull().default('member'),
    tokenHash: text('token_hash').notNull(),
    invitedByAccountId: uuid('invited_by_account_id').references(() => accounts.id),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedByAccountId: uuid('accepted_by_account_id').references(() => accounts.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('app_invitations_token_idx').on(table.tokenHash),
    index('app_invitations_app_email_idx').on(table.appId, table.email),
  ],
);
