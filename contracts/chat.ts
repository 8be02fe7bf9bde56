import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { pageSizes } from './constants.ts';
import { paginated } from './pagination.ts';
import { maxLength } from './validation/index.ts';
import { requiredLevelSchema, requiredStatusIdSchema } from './level-gates.ts';

/*
 * Chat (issue 17, spec §3 "Chat", "Message", "Chat group", rows CHATS-01..14, GAPS 15 and 19, realtime rows
 * REALTIME-05..12). The rules: docs/decisions/chat.md.
 *
 * Kinds: `private` (two people, one chat per pair), `group` (a name, moderators; `isPublic`: listed in the app
 * and anyone may join; `isMemberAllowToChat: false`: a channel where only moderators write) and `support` (a
 * member and the app's team; the help desk issue turns them into tickets).
 *
 * Unread state is a sequence: every message of a chat takes the chat's next `seq`; a member's unread count is
 * the chat's `lastSeq` minus the member's `lastReadSeq` (own messages move the sender's mark), never a count.
 *
 * This file: the chats, their lists and members. Their messages: chat-messages.ts; the socket events:
 * chat-events.ts; the app's chat settings: chat-settings.ts; read markers: chat-read-marks.ts.
 */

export const chatKindValues = ['private', 'group', 'support'] as const;
export type ChatKind = (typeof chatKindValues)[number];

export const chatRoleValues = ['member', 'moderator'] as const;
export type ChatRole = (typeof chatRoleValues)[number];

export const chatAbilityValues = abilitiesBySubject.chat;
export type ChatAbility = (typeof chatAbilityValues)[number];

export const chatLimits = {
  /** Chats per page of the lists (GAPS 33), the dropdown's 15 (spec §9). */
  pageSize: pageSizes.default,
  dropdownPageSize: pageSizes.dropdown,
  /** Messages per page, newest first (issue 17). */
  messagesPageSize: 30,
  /** Messages a reconnecting client gets at most per catch-up call (`afterSeq`); it asks again for more. */
  catchUpPageSize: 100,
  /** Members per page of `GET /chats/{id}/profiles`. */
  membersPageSize: pageSizes.default,
  /** Longest message body before sanitizing (UTF-16 code units). */
  body: 10_000,
  name: 100,
  /** People named when a group chat is made or members are added in one call. */
  profileIdsPerCall: 100,
  /** A client sends `typing` at most this often; the others forget it after `typingExpiresMs`. */
  typingIntervalMs: 3_000,
  typingExpiresMs: 5_000,
  /** Chats larger than this do not broadcast typing. */
  typingMaxMembers: 100,
  /**
   * Members who have not read a message this long after it was sent hear of it by notification (push, mail),
   * one per chat for a burst of messages (server/features/chat/offline-notify.job.ts).
   */
  offlineNotifyDelayMs: 60_000,
  /** The chat list's search waits this long after the last key (spec §9). */
  searchDebounceMs: 500,
  /** Files of the cloud library one message carries. */
  attachments: 10,
  /** A voice message records at most this long (the recorder stops itself). */
  voiceMaxSeconds: 300,
  /** Longest GIF id of the GIF service. */
  gifId: 100,
} as const;

export const chatPersonSchema = z.object({
  profileId: z.uuid(),
  name: z.string(),
  /** Signed address of the member's photo as a tile, null without one. */
  avatarUrl: z.string().nullable(),
});
export type ChatPerson = z.infer<typeof chatPersonSchema>;

/** What a message carries besides its text; the list names it when the message has no text. */
export const chatMessageContentValues = ['attachment', 'voice', 'gif', 'vote'] as const;
export type ChatMessageContent = (typeof chatMessageContentValues)[number];

/** The newest visible message of a chat, as the list shows it. */
export const chatLastMessageSchema = z.object({
  id: z.uuid(),
  /** Plain text of the body, at most 200 characters ("" for a deleted message). */
  excerpt: z.string(),
  /** Its voice recording, GIF, poll or files (in that order of precedence); null for text only or deleted. */
  content: z.enum(chatMessageContentValues).nullable(),
  author: chatPersonSchema.nullable(),
  isDeleted: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const chatSchema = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  kind: z.enum(chatKindValues),
  /** spec §3 Chat */
  isSupport: z.boolean(),
  /** The group's name; for a private chat the other person's name. */
  name: z.string(),
  /**
   * Signed address of the picture as a tile: the group's picture (`avatarId` of the create and group edit), or
   * the other person's photo in a private chat; null without one.
   */
  avatarUrl: z.string().nullable(),
  /** The other person of a private chat (null for groups and support chats). */
  partner: chatPersonSchema.nullable(),
  isPublic: z.boolean(),
  /** false: a channel, only moderators write. */
  isMemberAllowToChat: z.boolean(),
  hideMembers: z.boolean(),
  /** The level a group chat asks for (issue 21): its id (the edit form's value) and, while it gates, the level. */
  requiredStatusId: z.uuid().nullable(),
  requiredLevel: requiredLevelSchema.nullable(),
  membersCount: z.number().int().min(0),
  moderators: z.array(chatPersonSchema),
  /** The caller's standing: null when they are not a member (a public chat they may join). */
  role: z.enum(chatRoleValues).nullable(),
  /** Unread messages of the caller in this chat (spec: newMessageCounter). */
  newMessageCounter: z.number().int().min(0),
  lastSeq: z.number().int().min(0),
  lastReadSeq: z.number().int().min(0),
  /** Whether the caller blocked the partner of this private chat, and whether the partner blocked the caller. */
  isBlocked: z.boolean(),
  isBlockedByPartner: z.boolean(),
  lastMessage: chatLastMessageSchema.nullable(),
  permissions: z.object({ can: z.array(z.enum(chatAbilityValues)) }),
  createdAt: z.iso.datetime(),
  /** The time of the newest message (or of the creation); lists sort by it, newest first. */
  updatedAt: z.iso.datetime(),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatResponseSchema = z.object({ data: chatSchema });
export const chatListSchema = paginated(chatSchema);
export type ChatList = z.infer<typeof chatListSchema>;

export const chatParamsSchema = z.object({ id: z.uuid() });

export const chatListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  /** Name (of the group or the partner) contains, case-insensitive. */
  search: z.string().trim().max(100).optional(),
});
export type ChatListQuery = z.output<typeof chatListQuerySchema>;

/** `GET /chats/{id}/profiles`: the members, or those whose name contains `search` (the composer's `@` list). */
export const chatMembersQuerySchema = chatListQuerySchema;

/** `GET /apps/{id}/chats/dropdown`: the caller's chats by name, or exactly `chatIds` (comma-separated). */
export const chatDropdownQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(chatLimits.dropdownPageSize).default(chatLimits.dropdownPageSize),
  search: z.string().trim().max(100).optional(),
  chatIds: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(z.array(z.uuid()).max(100).optional()),
});
export const chatDropdownItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export const chatDropdownSchema = paginated(chatDropdownItemSchema);

const name = z.string().trim().min(1).check(maxLength(chatLimits.name));
const profileIds = z.array(z.uuid()).max(chatLimits.profileIdsPerCall);
/**
 * A group's picture: one of the caller's own live images of the app's project (library file or a cut-out
 * uploaded for it), else `avatarId: validation.invalidValue`; null: none.
 */
const avatarId = z.uuid().nullable();

/**
 * `POST /apps/{appId}/chats` (GAPS 15): a private chat with one person (the existing one when there is one,
 * answered 200 instead of 201), or a group chat with its first members (the creator moderates it).
 */
export const chatCreateBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('private'), profileId: z.uuid() }),
  z.strictObject({
    kind: z.literal('group'),
    name,
    profileIds: profileIds.default([]),
    isPublic: z.boolean().default(false),
    isMemberAllowToChat: z.boolean().default(true),
    hideMembers: z.boolean().default(false),
    avatarId: avatarId.default(null),
    /** The level joining and writing ask for (issue 21): a level of the app, or null. */
    requiredStatusId: requiredStatusIdSchema.optional(),
  }),
]);
export type ChatCreateBody = z.output<typeof chatCreateBodySchema>;

/**
 * `PATCH /chats/{id}/group` (route chat edit): what a moderator changes; `profileIds` are the moderators,
 * `avatarId: null` takes the picture away.
 */
export const chatGroupPatchBodySchema = z.strictObject({
  name: name.optional(),
  avatarId: avatarId.optional(),
  profileIds: profileIds.optional(),
  hideMembers: z.boolean().optional(),
  isMemberAllowToChat: z.boolean().optional(),
  isPublic: z.boolean().optional(),
  requiredStatusId: requiredStatusIdSchema.optional(),
});
export type ChatGroupPatchBody = z.output<typeof chatGroupPatchBodySchema>;

/** `PATCH /chats` (GAPS 19: the current state of the listed chats) and `PATCH /chats/read`. */
export const chatIdsBodySchema = z.strictObject({ chatIds: z.array(z.uuid()).min(1).max(100) });
export const chatStatesSchema = z.object({ data: z.array(chatSchema) });

/** `POST /chats/{id}/join/profiles`: people added by a moderator. */
export const chatAddProfilesBodySchema = z.strictObject({ profileIds: profileIds.min(1) });

export const chatMemberSchema = chatPersonSchema.extend({
  role: z.enum(chatRoleValues),
  joinedAt: z.iso.datetime(),
});
export const chatMemberListSchema = paginated(chatMemberSchema);

/** `GET /apps/{id}/messages/counter`: unread messages over all the caller's chats (the chat badge). */
export const messageCounterSchema = z.object({ messages: z.number().int().min(0) });
export type MessageCounter = z.infer<typeof messageCounterSchema>;

/** `DELETE /chats/{id}/profiles/{profileId}` (an addition): a moderator takes a member out of a group chat. */
export const chatProfileParamsSchema = z.object({ id: z.uuid(), profileId: z.uuid() });
