import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chatKindValues, chatRoleValues } from '../../../contracts/chat.ts';
import { cloudFiles } from './cloud.ts';
import { at, timestamps } from './columns.ts';
import { gamificationStatuses } from './gamification.ts';
import { votes } from './community.ts';
import { apps, profiles } from './workspace.ts';

/** A GIF of the GIF service as a message keeps it (resolved by the server from the service, never from the client). */
export type ChatGifValue = { id: string; title: string; url: string; width: number; height: number };

/*
 * Chat (issue 17). The rules: docs/decisions/chat.md. Unread state is a sequence: every message takes its
 * chat's next `seq` (`chats.last_seq`), a member's unread count is `last_seq - last_read_seq`, never a count
 * over messages.
 */

/**
 * A conversation of an app. `updated_at` moves with every message (the lists sort by it). A private chat has
 * `private_key` = the two profile ids, smaller first: the unique index makes one chat per pair, race-safe.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    kind: text('kind', { enum: chatKindValues }).notNull(),
    name: text('name').notNull().default(''),
    privateKey: text('private_key'),
    isPublic: boolean('is_public').notNull().default(false),
    isMemberAllowToChat: boolean('is_member_allow_to_chat').notNull().default(true),
    hideMembers: boolean('hide_members').notNull().default(false),
    /** A group's picture: a live image of the library, owned by whoever set it (chosen by a moderator). */
    avatarId: uuid('avatar_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    lastSeq: integer('last_seq').notNull().default(0),
    membersCount: integer('members_count').notNull().default(0),
    /**
     * Raised by every change of the chat's row, of its messages and of its members' roles (triggers,
     * migration 0019): kept answers of its history and of its members' lists are told apart by it.
     */
    version: integer('version').notNull().default(0),
    createdByProfileId: uuid('created_by_profile_id').references(() => profiles.id),
    /** Level-gated (issue 21): only members at this level or above join and write. */
    requiredStatusId: uuid('required_status_id').references(() => gamificationStatuses.id, {
      onDelete: 'set null',
    }),
    deletedAt: at('deleted_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('chats_private_pair_idx')
      .on(table.appId, table.privateKey)
      .where(sql`${table.privateKey} is not null`),
    // The public list of an app: newest activity first.
    index('chats_public_list_idx')
      .on(table.appId, table.updatedAt.desc(), table.id)
      .where(sql`${table.isPublic} and ${table.deletedAt} is null`),
    check('chats_last_seq_check', sql`${table.lastSeq} >= 0`),
  ],
);

/** A person in a chat, with their read mark and the point up to which they cleared the chat for themselves. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    role: text('role', { enum: chatRoleValues }).notNull().default('member'),
    joinedAt: at('joined_at').notNull().defaultNow(),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    clearedSeq: integer('cleared_seq').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.profileId] }),
    // A person's chats (the list, the app-wide counter, the socket's rooms): one index probe per person.
    index('chat_members_profile_idx').on(table.profileId, table.appId),
    // The member list of a chat, in the order people came.
    index('chat_members_chat_joined_idx').on(table.chatId, table.joinedAt),
    // The moderators of a page of chats (every list shows them): a few entries per chat, not all its members.
    index('chat_members_moderators_idx')
      .on(table.chatId, table.joinedAt)
      .where(sql`role = 'moderator'`),
  ],
);

/**
 * A message. `seq` orders a chat's messages (newest first, and the catch-up after a reconnect); `client_id` is
 * the sender's id of the message, so a retry after a dropped connection finds the stored one.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    authorProfileId: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    clientId: uuid('client_id'),
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    replyToId: uuid('reply_to_id'),
    /** A voice message: its one attachment is the recording (audio). */
    isVoice: boolean('is_voice').notNull().default(false),
    gif: jsonb('gif').$type<ChatGifValue>(),
    /** A poll (group chats only), made before the message with `POST /apps/{id}/votes`. */
    voteId: uuid('vote_id').references(() => votes.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    uniqueIndex('chat_messages_chat_seq_idx').on(table.chatId, table.seq),
    uniqueIndex('chat_messages_client_idx')
      .on(table.chatId, table.authorProfileId, table.clientId)
      .where(sql`${table.clientId} is not null`),
  ],
);

/** One person blocking another: the blocked one cannot write to the blocker, whose view hides their messages. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerProfileId: uuid('blocker_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedProfileId: uuid('blocked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerProfileId, table.blockedProfileId] }),
    index('chat_blocks_blocked_idx').on(table.blockedProfileId),
  ],
);

/**
 * A file of the cloud library attached to a message (uploaded with `hideInCloud`). The chat's members see it —
 * in the message and in their `messages` pseudo-folder with `isAnother` — and nobody else.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => cloudFiles.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.fileId] }),
    // May this person see this file? file → its chats → their membership.
    index('chat_attachments_file_idx').on(table.fileId, table.chatId),
    // The messages pseudo-folder: the files of a person's chats, newest first — covering (file and message
    // in the key), so the list reads the index alone however many files the chats share.
    index('chat_attachments_chat_idx').on(table.chatId, table.createdAt, table.fileId, table.messageId),
  ],
);
