import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { chatLimits, type Chat, type ChatPerson } from '../../../../contracts/chat';
import { chatMessageSchema, type ChatMessage } from '../../../../contracts/chat-messages';
import { chatEvents, chatTypingPayloadSchema } from '../../../../contracts/chat-events';
import { ApiError } from '../../../api/api-error';
import { errorTextKey } from '../../../api/notify-error';
import { realtimeConnectedEvent, useRealtimeEvent } from '../../../kernel/realtime';
import { chatApi, chatKeys, messagesQuery } from '../chat-api';
import { bumpChat, excerptOf, lastSeqOf, mergeMessage, messagesOfPages, patchChat } from '../chat-cache';
import { extrasBody, noExtras, type MessageExtras } from './attachments/message-content';
import { newClientId } from './message-text';
import { useOutbox, type OutboxEntry } from './outbox';

/** A reconnect catches up at most this many pages of 100 before it reads the conversation again instead. */
const catchUpPages = 10;

/** A busy chat is marked read at most this often while it is open (the last mark always follows). */
const readIntervalMs = 1_000;

/** Marks the chat read: at once while the page is visible, else when the person comes back to it. */
function useMarkRead(chat: Chat) {
  const queryClient = useQueryClient();
  const pending = useRef(false);
  const lastSent = useRef(0);
  const trailing = useRef<number | null>(null);

  const send = useCallback(() => {
    trailing.current = null;
    lastSent.current = Date.now();
    patchChat(queryClient, chat.appId, chat.id, (current) => ({
      ...current,
      newMessageCounter: 0,
      lastReadSeq: current.lastSeq,
    }));
    // The badge follows with the server's `chat:counter`; a failed mark is made again with the next message.
    void chatApi.read([chat.id]).catch(() => undefined);
  }, [queryClient, chat.appId, chat.id]);

  const markRead = useCallback(() => {
    if (document.visibilityState === 'hidden') {
      pending.current = true;
      return;
    }
    pending.current = false;
    const wait = lastSent.current + readIntervalMs - Date.now();
    if (wait <= 0) {
      send();
    } else {
      trailing.current ??= window.setTimeout(send, wait);
    }
  }, [send]);

  useEffect(() => {
    const handleVisible = () => {
      if (document.visibilityState === 'visible' && pending.current) {
        markRead();
      }
    };
    document.addEventListener('visibilitychange', handleVisible);
    return () => {
      document.removeEventListener('visibilitychange', handleVisible);
      // Leaving with a mark still waiting: it is made now.
      if (trailing.current !== null) {
        window.clearTimeout(trailing.current);
        send();
      }
    };
  }, [markRead, send]);

  return markRead;
}

export type TypingPerson = ChatPerson & { until: number };

/** Who is typing in the chat now: a `chat:typing` counts for 5 s, a message from that person ends it. */
function useTypingPeople(chatId: string, viewerId: string | null) {
  const [people, setPeople] = useState<TypingPerson[]>([]);
  useRealtimeEvent(chatEvents.typing, (payload) => {
    const parsed = chatTypingPayloadSchema.safeParse(payload);
    if (!parsed.success || parsed.data.chatId !== chatId || parsed.data.person.profileId === viewerId) {
      return;
    }
    const { person } = parsed.data;
    const until = Date.now() + chatLimits.typingExpiresMs;
    setPeople((current) => [
      ...current.filter((item) => item.profileId !== person.profileId),
      { ...person, until },
    ]);
  });
  useEffect(() => {
    if (people.length === 0) {
      return undefined;
    }
    const next = Math.min(...people.map((person) => person.until));
    const timer = window.setTimeout(
      () => setPeople((current) => current.filter((person) => person.until > Date.now())),
      Math.max(next - Date.now(), 0) + 20,
    );
    return () => window.clearTimeout(timer);
  }, [people]);
  const stopped = useCallback((profileId: string) => {
    setPeople((current) => current.filter((person) => person.profileId !== profileId));
  }, []);
  return { people, stopped };
}

/**
 * One open conversation: its messages (pages of 30, newest first, shown oldest first), the messages on their
 * way, live messages of the socket, catch-up after a reconnect, read marks and who is typing.
 */
export function useConversation(chat: Chat, viewerId: string | null) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(messagesQuery(chat.id));
  const markRead = useMarkRead(chat);
  const typing = useTypingPeople(chat.id, viewerId);
  const { add, update, remove } = useOutbox(
    useShallow((state) => ({ add: state.add, update: state.update, remove: state.remove })),
  );
  const allOutbox = useOutbox((state) => state.entries);

  const messages = useMemo(() => messagesOfPages(query.data), [query.data]);
  const outbox = useMemo(() => {
    const sent = new Set(messages.map((message) => message.clientId));
    return allOutbox.filter((entry) => entry.chatId === chat.id && !sent.has(entry.clientId));
  }, [allOutbox, messages, chat.id]);

  // Opening a chat with unread messages reads them.
  const unread = chat.newMessageCounter > 0;
  useEffect(() => {
    if (unread && chat.role !== null) {
      markRead();
    }
  }, [unread, chat.role, markRead]);

  const receive = useCallback(
    (message: ChatMessage) => {
      mergeMessage(queryClient, message);
      bumpChat(queryClient, chat.appId, message, viewerId);
    },
    [queryClient, chat.appId, viewerId],
  );

  useRealtimeEvent(chatEvents.message, (payload) => {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success || parsed.data.chatId !== chat.id) {
      return;
    }
    // The chat's layout files it into the caches; here it ends the author's typing and is read at once.
    const author = parsed.data.author?.profileId ?? null;
    if (author) {
      typing.stopped(author);
    }
    if (author !== viewerId && chat.role !== null) {
      markRead();
    }
  });

  // A fresh connection may have missed messages: ask for what came after the newest one known, in order.
  useRealtimeEvent(realtimeConnectedEvent, () => {
    void (async () => {
      let after = lastSeqOf(query.data);
      if (after === 0) {
        await query.refetch();
        return;
      }
      for (let round = 0; round < catchUpPages; round += 1) {
        const answer = await chatApi.messagesAfter(chat.id, after).catch(() => null);
        if (!answer) {
          return;
        }
        answer.data.forEach(receive);
        after = answer.data.reduce((seq, message) => Math.max(seq, message.seq), after);
        if (answer.meta.pages <= 1 || answer.data.length === 0) {
          return;
        }
      }
      await query.refetch();
    })();
  });

  const deliver = useCallback(
    async (entry: OutboxEntry, replyToMessageId: string | null) => {
      try {
        const message = await chatApi.send(entry.chatId, {
          clientId: entry.clientId,
          body: entry.body,
          replyToMessageId,
          ...extrasBody(entry.extras),
        });
        receive(message);
        remove(entry.clientId);
      } catch (error) {
        update(entry.clientId, { status: 'failed', error: errorTextKey(error) });
        if (error instanceof ApiError && error.status === 403) {
          // The chat changed under the person (blocked, removed, a channel now): read what holds now.
          void queryClient.invalidateQueries({ queryKey: chatKeys.chat(entry.chatId), exact: true });
        }
      }
    },
    [receive, remove, update, queryClient],
  );

  const send = useCallback(
    (body: string, replyTo: ChatMessage | null, extras: MessageExtras = noExtras) => {
      const entry: OutboxEntry = {
        clientId: newClientId(),
        chatId: chat.id,
        body,
        extras,
        replyTo: replyTo
          ? {
              id: replyTo.id,
              excerpt: excerptOf(replyTo.body, 120),
              author: replyTo.author,
              isDeleted: replyTo.isDeleted,
            }
          : null,
        createdAt: new Date().toISOString(),
        status: 'sending',
        error: null,
      };
      add(entry);
      void deliver(entry, replyTo?.id ?? null);
    },
    [add, deliver, chat.id],
  );

  const retry = useCallback(
    (entry: OutboxEntry) => {
      update(entry.clientId, { status: 'sending', error: null });
      void deliver(entry, entry.replyTo?.id ?? null);
    },
    [update, deliver],
  );

  return { query, messages, outbox, send, retry, discard: remove, typing: typing.people };
}
