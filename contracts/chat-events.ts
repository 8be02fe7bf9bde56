import { z } from 'zod';
import { chatPersonSchema } from './chat.ts';

/**
 * Socket events (GAPS 6: the payload is the REST entity). Room `chat:{chatId}` for the chat's members,
 * `profile:{profileId}` for one person's list and badge.
 */
export const chatEvents = {
  /** profile room: a chat the person now belongs to (created, added, joined). Payload: Chat. */
  create: 'chat:create',
  /** chat room: a new message. Payload: ChatMessage. */
  message: 'chat:message',
  /** chat room: a message was edited. Payload: ChatMessage. */
  update: 'chat:update',
  /** chat room: someone types. Payload: { chatId, person: ChatPerson }. */
  typing: 'chat:typing',
  /** chat room: someone joined. Payload: { chatId, person: ChatPerson }. */
  enter: 'chat:enter',
  /** chat room: someone left or was removed. Payload: { chatId, profileId }. */
  leave: 'chat:leave',
  /** chat room: the chat was deleted; or a message was deleted (`messageId` set). */
  delete: 'chat:delete',
  /** profile room: the person cleared the chat for themselves. Payload: { chatId, clearedSeq }. */
  clear: 'chat:clear',
  /**
   * profile room: the person's unread messages changed by their own doing (a read, a clear, joining; on any of
   * their devices). Payload: MessageCounter & { chatId, newMessageCounter }. A new message is not told here:
   * clients count `chat:message` of others themselves (seq − their lastReadSeq), and read the counter again
   * after one of their own (sending reads the chat).
   */
  counter: 'chat:counter',
  /**
   * chat room, chats with read markers: someone's read mark moved. Payload: ChatReadPayload
   * (chat-read-marks.ts).
   */
  read: 'chat:read',
  /** chat room: the group's name, picture, flags or moderators changed. Payload: ChatGroupSettingsPayload. */
  settings: 'chat:settings',
} as const;

export const chatTypingPayloadSchema = z.object({ chatId: z.uuid(), person: chatPersonSchema });
export const chatDeletePayloadSchema = z.object({ chatId: z.uuid(), messageId: z.uuid().nullable() });
export const chatCounterPayloadSchema = z.object({
  chatId: z.uuid().nullable(),
  newMessageCounter: z.number().int().min(0),
  messages: z.number().int().min(0),
});

/**
 * Chat room `chat:settings`: a moderator changed the group (`PATCH /chats/{id}/group`). Everyone's own role and
 * abilities follow from the moderators and flags: a client whose standing changed reads the chat again.
 */
export const chatGroupSettingsPayloadSchema = z.object({
  chatId: z.uuid(),
  name: z.string(),
  /** The group's picture as `Chat.avatarUrl` has it (signed tile), null without one. */
  avatarUrl: z.string().nullable(),
  isPublic: z.boolean(),
  isMemberAllowToChat: z.boolean(),
  hideMembers: z.boolean(),
  moderators: z.array(chatPersonSchema),
});
export type ChatGroupSettingsPayload = z.infer<typeof chatGroupSettingsPayloadSchema>;
