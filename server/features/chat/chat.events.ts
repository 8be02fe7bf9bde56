import type { Chat, ChatPerson } from '../../../contracts/chat.ts';
import type { ChatMessage } from '../../../contracts/chat-messages.ts';
import { chatEvents, type ChatGroupSettingsPayload } from '../../../contracts/chat-events.ts';
import type { ChatReadPayload } from '../../../contracts/chat-read-marks.ts';
import type { Realtime } from '../../platform/realtime.ts';

/*
 * What the chat tells sockets, always after the write committed (issue 17, contracts/chat.ts `chatEvents`):
 * messages, edits, deletions, typing, people coming and going to the chat's room; a new chat, a clear and the
 * unread counters to a person's own room. Room membership follows the chat's: a person's sockets on every
 * instance enter a chat's room when they join it and leave when they leave.
 */

export type ChatEvents = ReturnType<typeof createChatEvents>;

export function createChatEvents(deps: { realtime: Realtime }) {
  const { realtime } = deps;
  const chatRoom = (chatId: string) => `chat:${chatId}` as const;
  const profileRoom = (profileId: string) => `profile:${profileId}` as const;

  const counter = (profileId: string, chatId: string | null, chat: number, total: number) =>
    realtime.emit(profileRoom(profileId), chatEvents.counter, {
      chatId,
      newMessageCounter: chat,
      messages: total,
    });

  return {
    message(message: ChatMessage) {
      // No counters per message: every member's socket hears the message in the chat's room and counts it
      // (a count per member after each message was a query and an event per member, 1,000 for a channel).
      realtime.emit(chatRoom(message.chatId), chatEvents.message, message);
    },
    update(message: ChatMessage) {
      realtime.emit(chatRoom(message.chatId), chatEvents.update, message);
    },
    messageDeleted(chatId: string, messageId: string) {
      realtime.emit(chatRoom(chatId), chatEvents.delete, { chatId, messageId });
    },
    chatDeleted(chatId: string) {
      realtime.emit(chatRoom(chatId), chatEvents.delete, { chatId, messageId: null });
      realtime.leaveRooms(chatRoom(chatId), [chatRoom(chatId)]);
    },
    typing(chatId: string, person: ChatPerson) {
      realtime.emit(chatRoom(chatId), chatEvents.typing, { chatId, person });
    },
    /** A person joined or was added: the room hears it, then their sockets enter it; their list hears the chat. */
    entered(chat: Chat, person: ChatPerson) {
      realtime.emit(chatRoom(chat.id), chatEvents.enter, { chatId: chat.id, person });
      realtime.joinRooms(profileRoom(person.profileId), [chatRoom(chat.id)]);
      realtime.emit(profileRoom(person.profileId), chatEvents.create, chat);
    },
    /** A new chat for a person: their sockets enter its room, their list hears it. */
    created(chat: Chat, profileId: string) {
      realtime.joinRooms(profileRoom(profileId), [chatRoom(chat.id)]);
      realtime.emit(profileRoom(profileId), chatEvents.create, chat);
    },
    left(chatId: string, profileId: string) {
      realtime.leaveRooms(profileRoom(profileId), [chatRoom(chatId)]);
      realtime.emit(chatRoom(chatId), chatEvents.leave, { chatId, profileId });
    },
    /** A moderator took a person out: their sockets leave the room, the room and all their devices hear it. */
    removed(chatId: string, profileId: string) {
      realtime.leaveRooms(profileRoom(profileId), [chatRoom(chatId)]);
      realtime.emit(chatRoom(chatId), chatEvents.leave, { chatId, profileId });
      realtime.emit(profileRoom(profileId), chatEvents.leave, { chatId, profileId });
    },
    /** A read mark moved in a chat with read markers: the room works out "seen by" from it. */
    read(payload: ChatReadPayload) {
      realtime.emit(chatRoom(payload.chatId), chatEvents.read, payload);
    },
    /** A moderator changed the group: the shared part of the chat (each reader's own standing is theirs to ask). */
    groupChanged(chat: Chat) {
      const payload: ChatGroupSettingsPayload = {
        chatId: chat.id,
        name: chat.name,
        avatarUrl: chat.avatarUrl,
        isPublic: chat.isPublic,
        isMemberAllowToChat: chat.isMemberAllowToChat,
        hideMembers: chat.hideMembers,
        moderators: chat.moderators,
      };
      realtime.emit(chatRoom(chat.id), chatEvents.settings, payload);
    },
    cleared(chatId: string, profileId: string, clearedSeq: number) {
      realtime.emit(profileRoom(profileId), chatEvents.clear, { chatId, clearedSeq });
    },
    counter,
  };
}
