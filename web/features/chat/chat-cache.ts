import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Chat, ChatList } from '../../../contracts/chat';
import type { ChatMessage, ChatMessageList } from '../../../contracts/chat-messages';
import { chatKeys } from './chat-api';
import { contentOf, keepOwnVote } from './conversation/attachments/message-content';

/*
 * What the socket says, written into the caches the screens read: a message into its conversation, the newest
 * message and the unread count into every list that holds the chat. Nothing here asks the server.
 */

type MessagePages = InfiniteData<ChatMessageList, unknown>;
type ChatPages = InfiniteData<ChatList, unknown>;

/** Every loaded message once, oldest first (pages come newest first; a page read later may repeat some). */
export function messagesOfPages(data: MessagePages | undefined): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const page of data?.pages ?? []) {
    for (const message of page.data) {
      if (!byId.has(message.id)) {
        byId.set(message.id, message);
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest sequence the conversation knows (0 before the first message). */
export function lastSeqOf(data: MessagePages | undefined): number {
  let last = 0;
  for (const page of data?.pages ?? []) {
    for (const message of page.data) {
      last = Math.max(last, message.seq);
    }
  }
  return last;
}

/**
 * A new or edited message into its conversation's cache: replaced where it is (a room copy keeps the reader's
 * own poll choice), else added as the newest.
 */
export function mergeMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(message.chatId), (data) => {
    if (!data) {
      return data;
    }
    let found = false;
    const pages = data.pages.map((page) => {
      if (!page.data.some((item) => item.id === message.id)) {
        return page;
      }
      found = true;
      return {
        ...page,
        data: page.data.map((item) => (item.id === message.id ? keepOwnVote(item, message) : item)),
      };
    });
    if (found) {
      return { ...data, pages };
    }
    const [first, ...rest] = data.pages;
    if (!first) {
      return data;
    }
    return { ...data, pages: [{ ...first, data: [message, ...first.data] }, ...rest] };
  });
}

/** A deleted message stays in place as "deleted" (its text and author are gone, as the server answers it). */
export function markMessageDeleted(queryClient: QueryClient, chatId: string, messageId: string): void {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(chatId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((item) =>
              item.id === messageId ? { ...item, body: '', isDeleted: true, permissions: { can: [] } } : item,
            ),
          })),
        }
      : data,
  );
}

/** Plain text of a sanitized body, as the list's excerpt shows it (the parser runs no script, loads nothing). */
export function excerptOf(html: string, length = 200): string {
  const spaced = html.replace(/<\/(p|li|h[2-4])>/g, '</$1> ').replace(/<br\s*\/?>/g, ' ');
  // A parsed document of its own has no window: nothing in it runs or loads.
  const parsed = new DOMParser().parseFromString(spaced, 'text/html');
  const text = (parsed.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** Changes one chat wherever a list holds it (and its own cache). */
export function patchChat(
  queryClient: QueryClient,
  appId: string,
  chatId: string,
  patch: (chat: Chat) => Chat,
): void {
  queryClient.setQueriesData<ChatPages>({ queryKey: chatKeys.lists(appId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((chat) => (chat.id === chatId ? patch(chat) : chat)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<Chat>(chatKeys.chat(chatId), (chat) => (chat ? patch(chat) : chat));
}

/** Whether any loaded list holds the chat. */
export function listsHoldChat(queryClient: QueryClient, appId: string, chatId: string): boolean {
  return queryClient
    .getQueriesData<ChatPages>({ queryKey: chatKeys.lists(appId) })
    .some(([, data]) => data?.pages.some((page) => page.data.some((chat) => chat.id === chatId)));
}

/** A new message makes its chat the newest: its last message changes and it moves to the top of the lists. */
export function bumpChat(
  queryClient: QueryClient,
  appId: string,
  message: ChatMessage,
  viewerId: string | null,
): void {
  const lastMessage: Chat['lastMessage'] = {
    id: message.id,
    excerpt: excerptOf(message.body),
    content: contentOf(message),
    author: message.author,
    isDeleted: message.isDeleted,
    createdAt: message.createdAt,
  };
  // The unread count follows from the sequences: the server sends no count per message (contracts/chat.ts);
  // one's own message reads the chat.
  const own = viewerId !== null && message.author?.profileId === viewerId;
  const bump = (chat: Chat): Chat => {
    const lastSeq = Math.max(chat.lastSeq, message.seq);
    const lastReadSeq = own ? Math.max(chat.lastReadSeq, message.seq) : chat.lastReadSeq;
    return {
      ...chat,
      lastMessage,
      updatedAt: message.createdAt,
      lastSeq,
      lastReadSeq,
      newMessageCounter: Math.max(0, lastSeq - Math.max(lastReadSeq, chat.lastReadSeq)),
    };
  };
  queryClient.setQueriesData<ChatPages>({ queryKey: chatKeys.lists(appId) }, (data) => {
    if (!data) {
      return data;
    }
    const chat = data.pages.flatMap((page) => page.data).find((item) => item.id === message.chatId);
    if (!chat) {
      return data;
    }
    const [first, ...rest] = data.pages.map((page) => ({
      ...page,
      data: page.data.filter((item) => item.id !== message.chatId),
    }));
    return first ? { ...data, pages: [{ ...first, data: [bump(chat), ...first.data] }, ...rest] } : data;
  });
  queryClient.setQueryData<Chat>(chatKeys.chat(message.chatId), (chat) => (chat ? bump(chat) : chat));
}

/** A chat the caller no longer has (deleted, left): out of every list, its own caches dropped. */
export function forgetChat(queryClient: QueryClient, appId: string, chatId: string): void {
  queryClient.setQueriesData<ChatPages>({ queryKey: chatKeys.lists(appId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.filter((chat) => chat.id !== chatId),
          })),
        }
      : data,
  );
  queryClient.removeQueries({ queryKey: chatKeys.chat(chatId) });
}
