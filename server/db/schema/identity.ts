import { sql } from 'drizzle-orm';
import { at } from './columns.ts';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A person, global across projects (DESIGN §6). E-mail is unique case-insensitively among live accounts. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    language: text('language', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    frontendSettings: jsonb('frontend_settings').$type<Record<string, unknown>>().notNull().default({}),
    emailVerifiedAt: at('email_verified_at'),
    /** Set by mark-as-deleted: personal data is anonymised, sessions revoked, authored content kept. */
    deletedAt: at('deleted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Lower-cased "first last" and address, kept by PostgreSQL, so a member search compares without lower(). */
    nameSearch: text('name_search').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    emailSearch: text('email_search').generatedAlwaysAs(sql`lower(email)`),
  },
  (table) => [
    uniqueIndex('accounts_email_live_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
    // Member search by name and address (the members list, dropdowns): trigram indexes for `like '%…%'`.
    index('accounts_name_trgm_idx').using('gin', sql`${table.nameSearch} gin_trgm_ops`),
    index('accounts_email_trgm_idx').using('gin', sql`${table.emailSearch} gin_trgm_ops`),
  ],
);

/**
 * One sign-in on one device: the family of its rotating refresh tokens. Revoking the session revokes the family.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    appId: uuid('app_id'),
    deviceId: text('device_id'),
    isRemember: boolean('is_remember').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    /** Absolute end of the family: 30 days when remembered, 1 day otherwise. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_account_idx').on(table.accountId, table.createdAt)],
);

/** Refresh tokens, stored as SHA-256 hashes; a token is used once, then replaced by its successor. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    usedAt: at('used_at'),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_idx').on(table.tokenHash),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

export const authCodePurposeValues = [
  'signin',
  'signup',
  'reset_password',
  'contact_change',
  'profile_deletion',
  'invitation',
] as const;
export type AuthCodePurpose = (typeof authCodePurposeValues)[number];

/**
 * One-time 6-digit codes, stored hashed, with their limits. Rows exist for unknown logins too, so an unknown
 * address behaves exactly like a known one (no account enumeration).
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose', { enum: authCodePurposeValues }).notNull(),
    login: text('login').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    appId: uuid('app_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    sendAgainAt: at('send_again_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    /** Purpose-specific data, e.g. the new address of a contact change. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('auth_codes_lookup_idx').on(table.purpose, table.login, table.createdAt)],
);

/** Cross-host hand-off: a one-time code (hashed) that a second host exchanges for its own session. */
export const stashCodes = pgTable('stash_codes', {
  codeHash: text('code_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});
