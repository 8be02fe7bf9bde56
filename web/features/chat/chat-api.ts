import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  chatListSchema,
  chatMemberListSchema,
  chatResponseSchema,
  messageCounterSchema,
  type Chat,
  type ChatCreateBody,
  type ChatGroupPatchBody,
  type ChatList,
} from '../../../contracts/chat';
import {
  chatMessageListSchema,
  chatMessageResponseSchema,
  type ChatMessage,
  type ChatMessageCreateBody,
  type ChatMessageList,
} from '../../../contracts/chat-messages';
import { memberDropdownSchema } from '../../../contracts/members';
import type { Paginated } from '../../../contracts/pagination';
import { api } from '../../api/client';

/** Which of the app's chats a list shows: the caller's own, or the public group chats anyone may join. */
export type ChatListKind = 'mine' | 'public';

/** Every API address of the chat (contracts/chat.ts, rows CHATS-01..14, GAPS 15 and 19), one map. */
export const chatPaths = {
  chats: (appId: string) => `/apps/${appId}/chats`,
  publicChats: (appId: string) => `/apps/${appId}/chats/public`,
  counter: (appId: string) => `/apps/${appId}/messages/counter`,
  chat: (chatId: string) => `/chats/${chatId}`,
  read: () => '/chats/read',
  clear: (chatId: string) => `/chats/${chatId}/clear`,
  group: (chatId: string) => `/chats/${chatId}/group`,
  join: (chatId: string) => `/chats/${chatId}/join`,
  joinProfiles: (chatId: string) => `/chats/${chatId}/join/profiles`,
  leave: (chatId: string) => `/chats/${chatId}/leave`,
  profiles: (chatId: string) => `/chats/${chatId}/profiles`,
  messages: (chatId: string) => `/chats/${chatId}/messages`,
  message: (messageId: string) => `/chat-messages/${messageId}`,
  messageVote: (messageId: string) => `/chat-messages/${messageId}/vote`,
  votes: (appId: string) => `/apps/${appId}/votes`,
  typing: (chatId: string) => `/chats/${chatId}/typing`,
  block: (chatId: string) => `/chats/${chatId}/block`,
  memberDropdown: (appId: string) => `/apps/${appId}/profiles/dropdown`,
};

/** The caches of one app's chats. Everything of an app lies below `all`; a chat's own below `chat`. */
export const chatKeys = {
  all: (appId: string) => ['chat', appId] as const,
  counter: (appId: string) => [...chatKeys.all(appId), 'counter'] as const,
  lists: (appId: string) => [...chatKeys.all(appId), 'list'] as const,
  list: (appId: string, kind: ChatListKind, search: string) =>
    [...chatKeys.lists(appId), kind, search] as const,
  chat: (chatId: string) => ['chat-room', chatId] as const,
  messages: (chatId: string) => [...chatKeys.chat(chatId), 'messages'] as const,
  members: (chatId: string) => [...chatKeys.chat(chatId), 'members'] as const,
  mentionCandidates: (chatId: string, search: string) =>
    [...chatKeys.chat(chatId), 'mention-candidates', search] as const,
  candidates: (appId: string, search: string) => [...chatKeys.all(appId), 'candidates', search] as const,
};

/** The next page of a paged list, or undefined at its end. */
export const nextPageOf = (last: Paginated<unknown>) =>
  last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined;

/** The app-wide unread messages (the chat entry's badge); `chat:counter` keeps it current. */
export const messageCounterQuery = (appId: string) =>
  queryOptions({
    queryKey: chatKeys.counter(appId),
    queryFn: ({ signal }) => api.get(chatPaths.counter(appId), { schema: messageCounterSchema, signal }),
    // A menu entry without a number still works; a failed badge is not worth a message.
    meta: { silent: true },
    staleTime: 60_000,
  });

/** The caller's chats (newest activity first, 20 per page) or the public ones, filtered by name. */
export const chatListQuery = (appId: string, kind: ChatListKind, search: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.list(appId, kind, search),
    queryFn: ({ pageParam, signal }): Promise<ChatList> =>
      api.get(kind === 'public' ? chatPaths.publicChats(appId) : chatPaths.chats(appId), {
        query: { page: pageParam, search: search || undefined },
        schema: chatListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // The list shows a failure in place, with a retry.
    meta: { silent: true },
  });

/** One chat with the caller's standing and abilities. */
export const chatQuery = (chatId: string) =>
  queryOptions({
    queryKey: chatKeys.chat(chatId),
    queryFn: ({ signal }) =>
      api.get(chatPaths.chat(chatId), { schema: chatResponseSchema, signal }).then((answer) => answer.data),
    // Not found is a state of the screen.
    meta: { silent: true },
  });

/** A chat's messages, newest first, 30 per page; the conversation shows them oldest first and loads upwards. */
export const messagesQuery = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam, signal }): Promise<ChatMessageList> =>
      api.get(chatPaths.messages(chatId), {
        query: { page: pageParam },
        schema: chatMessageListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    meta: { silent: true },
    // Live events keep it current; a revisit must not throw away what the socket added.
    staleTime: Infinity,
  });

/** A chat's members, 20 per page, appended. */
export const chatMembersQuery = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.members(chatId),
    queryFn: ({ pageParam, signal }) =>
      api.get(chatPaths.profiles(chatId), {
        query: { page: pageParam },
        schema: chatMemberListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    meta: { silent: true },
  });

/** The chat's members whose names match what follows an `@` in the composer (the first 20). */
export const mentionCandidatesQuery = (chatId: string, search: string) =>
  queryOptions({
    queryKey: chatKeys.mentionCandidates(chatId, search),
    queryFn: async ({ signal }) =>
      (
        await api.get(chatPaths.profiles(chatId), {
          query: { page: 1, search: search || undefined },
          schema: chatMemberListSchema,
          signal,
        })
      ).data,
    meta: { silent: true },
    staleTime: 60_000,
  });

/** A person to start a chat with or to add: the app's members matching `search` (15 at most). */
export type ChatCandidate = { profileId: string; name: string };

export const candidatesQuery = (appId: string, search: string) =>
  queryOptions({
    queryKey: chatKeys.candidates(appId, search),
    queryFn: async ({ signal }): Promise<ChatCandidate[]> => {
      const answer = await api.get(chatPaths.memberDropdown(appId), {
        query: { search: search || undefined },
        schema: memberDropdownSchema,
        signal,
      });
      // Invited people have no profile to talk with yet.
      return answer.data
        .filter((member) => member.type !== 'invited')
        .map((member) => ({
          profileId: member.id,
          name: `${member.firstName} ${member.lastName}`.trim(),
        }));
    },
    staleTime: 30_000,
  });

/** The chat's write calls, typed from contracts/chat.ts. */
export const chatApi = {
  create: (appId: string, body: ChatCreateBody): Promise<Chat> =>
    api.post(chatPaths.chats(appId), { body, schema: chatResponseSchema }).then((answer) => answer.data),
  read: (chatIds: string[]): Promise<unknown> => api.patch(chatPaths.read(), { body: { chatIds } }),
  remove: (chatId: string): Promise<unknown> => api.delete(chatPaths.chat(chatId)),
  clear: (chatId: string): Promise<unknown> => api.delete(chatPaths.clear(chatId)),
  patchGroup: (chatId: string, body: ChatGroupPatchBody): Promise<Chat> =>
    api.patch(chatPaths.group(chatId), { body, schema: chatResponseSchema }).then((answer) => answer.data),
  join: (chatId: string): Promise<unknown> => api.post(chatPaths.join(chatId)),
  addProfiles: (chatId: string, profileIds: string[]): Promise<unknown> =>
    api.post(chatPaths.joinProfiles(chatId), { body: { profileIds } }),
  leave: (chatId: string): Promise<unknown> => api.post(chatPaths.leave(chatId)),
  send: (chatId: string, body: ChatMessageCreateBody): Promise<ChatMessage> =>
    api
      .post(chatPaths.messages(chatId), { body, schema: chatMessageResponseSchema })
      .then((answer) => answer.data),
  /** A reconnecting client's catch-up: what came after `afterSeq`, oldest first, 100 per call. */
  messagesAfter: (chatId: string, afterSeq: number): Promise<ChatMessageList> =>
    api.get(chatPaths.messages(chatId), { query: { afterSeq }, schema: chatMessageListSchema }),
  edit: (messageId: string, body: string): Promise<ChatMessage> =>
    api
      .patch(chatPaths.message(messageId), { body: { body }, schema: chatMessageResponseSchema })
      .then((answer) => answer.data),
  deleteMessage: (messageId: string): Promise<unknown> => api.delete(chatPaths.message(messageId)),
  typing: (chatId: string): Promise<unknown> => api.post(chatPaths.typing(chatId)),
  block: (chatId: string): Promise<unknown> => api.post(chatPaths.block(chatId)),
  unblock: (chatId: string): Promise<unknown> => api.delete(chatPaths.block(chatId)),
};
