import { useQueryClient } from '@tanstack/react-query';
import { chatSchema, type Chat } from '../../../contracts/chat';
import { chatMessageSchema } from '../../../contracts/chat-messages';
import {
  chatCounterPayloadSchema,
  chatDeletePayloadSchema,
  chatEvents,
  chatGroupSettingsPayloadSchema,
} from '../../../contracts/chat-events';
import type { RouterApp } from '../../kernel/current-app';
import { realtimeConnectedEvent, useRealtimeEvent } from '../../kernel/realtime';
import { chatKeys } from './chat-api';
import {
  bumpChat,
  excerptOf,
  forgetChat,
  listsHoldChat,
  markMessageDeleted,
  mergeMessage,
  patchChat,
} from './chat-cache';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `chat:enter` / `chat:leave` / `chat:clear` carry a chat id (the contract names no schema for them). */
const chatIdOf = (payload: unknown): string | null =>
  isRecord(payload) && typeof payload.chatId === 'string' ? payload.chatId : null;

type Handlers = {
  /** The chat is gone for the caller (deleted, or they were removed): the screens showing it step back. */
  onChatGone: (chatId: string) => void;
};

/**
 * The chat screens' live state (issue 17 "Delivery"): every event of the caller's chats is written into the
 * caches the list and the open conversation read, so nothing is asked again for a new message.
 */
export function useChatRealtime(app: RouterApp, viewerId: string | null, { onChatGone }: Handlers): void {
  const queryClient = useQueryClient();
  const invalidateLists = () => void queryClient.invalidateQueries({ queryKey: chatKeys.lists(app.id) });

  useRealtimeEvent(chatEvents.message, (payload) => {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success) {
      return;
    }
    mergeMessage(queryClient, parsed.data);
    if (listsHoldChat(queryClient, app.id, parsed.data.chatId)) {
      bumpChat(queryClient, app.id, parsed.data, viewerId);
    } else {
      // A chat the lists have not loaded (further down, or new): its place comes from the server.
      invalidateLists();
    }
  });

  useRealtimeEvent(chatEvents.update, (payload) => {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success) {
      return;
    }
    const message = parsed.data;
    mergeMessage(queryClient, message);
    patchChat(queryClient, app.id, message.chatId, (chat) =>
      chat.lastMessage?.id === message.id
        ? { ...chat, lastMessage: { ...chat.lastMessage, excerpt: excerptOf(message.body) } }
        : chat,
    );
  });

  useRealtimeEvent(chatEvents.delete, (payload) => {
    const parsed = chatDeletePayloadSchema.safeParse(payload);
    if (!parsed.success) {
      return;
    }
    const { chatId, messageId } = parsed.data;
    if (messageId) {
      markMessageDeleted(queryClient, chatId, messageId);
      patchChat(queryClient, app.id, chatId, (chat) =>
        chat.lastMessage?.id === messageId
          ? { ...chat, lastMessage: { ...chat.lastMessage, excerpt: '', isDeleted: true } }
          : chat,
      );
      return;
    }
    onChatGone(chatId);
    forgetChat(queryClient, app.id, chatId);
  });

  useRealtimeEvent(chatEvents.create, (payload) => {
    const parsed = chatSchema.safeParse(payload);
    if (parsed.success) {
      queryClient.setQueryData(chatKeys.chat(parsed.data.id), parsed.data);
    }
    invalidateLists();
  });

  useRealtimeEvent(chatEvents.clear, (payload) => {
    const chatId = chatIdOf(payload);
    if (chatId) {
      patchChat(queryClient, app.id, chatId, (chat) => ({
        ...chat,
        lastMessage: null,
        newMessageCounter: 0,
      }));
      void queryClient.resetQueries({ queryKey: chatKeys.messages(chatId) });
    }
  });

  useRealtimeEvent(chatEvents.counter, (payload) => {
    const parsed = chatCounterPayloadSchema.safeParse(payload);
    if (parsed.success && parsed.data.chatId) {
      const { newMessageCounter } = parsed.data;
      patchChat(queryClient, app.id, parsed.data.chatId, (chat) => ({ ...chat, newMessageCounter }));
    }
  });

  const membersChanged = (payload: unknown) => {
    const chatId = chatIdOf(payload);
    if (!chatId) {
      return;
    }
    if (isRecord(payload) && payload.profileId === viewerId && viewerId !== null) {
      // Removed from the chat by a moderator (leaving on one's own is handled where it was asked for).
      onChatGone(chatId);
      forgetChat(queryClient, app.id, chatId);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: chatKeys.chat(chatId), exact: true });
    void queryClient.invalidateQueries({ queryKey: chatKeys.members(chatId) });
  };
  useRealtimeEvent(chatEvents.enter, membersChanged);
  useRealtimeEvent(chatEvents.leave, membersChanged);

  // A moderator changed the group: headers and lists follow at once; where the caller's own standing may have
  // changed with it (their role, who writes, who sees the members), their chat is read again.
  useRealtimeEvent(chatEvents.settings, (payload) => {
    const parsed = chatGroupSettingsPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      return;
    }
    const { chatId, ...settings } = parsed.data;
    const before = queryClient.getQueryData<Chat>(chatKeys.chat(chatId));
    patchChat(queryClient, app.id, chatId, (chat) => ({ ...chat, ...settings }));
    const moderates =
      viewerId !== null && settings.moderators.some((person) => person.profileId === viewerId);
    const standingChanged =
      before !== undefined &&
      ((before.role === 'moderator') !== moderates ||
        before.isMemberAllowToChat !== settings.isMemberAllowToChat ||
        before.hideMembers !== settings.hideMembers ||
        before.isPublic !== settings.isPublic);
    if (standingChanged) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.chat(chatId), exact: true });
    }
  });

  // What happened while the socket was away: the lists are read again (the open conversation catches up itself).
  useRealtimeEvent(realtimeConnectedEvent, invalidateLists);
}
