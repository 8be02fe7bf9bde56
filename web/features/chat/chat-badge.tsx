import { VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageCounter } from '../../../contracts/chat';
import { chatMessageSchema } from '../../../contracts/chat-messages';
import { chatCounterPayloadSchema, chatEvents } from '../../../contracts/chat-events';
import type { RouterApp } from '../../kernel/current-app';
import { realtimeConnectedEvent, useRealtimeEvent } from '../../kernel/realtime';
import { chatKeys, messageCounterQuery } from './chat-api';
import { unreadText } from './chat-badge-text';
import { viewerProfileIdOf } from './chat-viewer';
import classes from './chat-badge.module.css';

/**
 * The chat entry's badge in the app's menu: the app-wide unread messages (`GET …/messages/counter`), kept live
 * by `chat:counter` after reads and by counting others' `chat:message` (the server sends no count per message;
 * after one's own, which reads its chat, the count is read again). Its own text names the number, so the menu
 * link reads "Chat, 3 ungelesene Nachrichten".
 */
export function ChatBadge({ app }: { app: RouterApp }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const counter = useQuery(messageCounterQuery(app.id));

  useRealtimeEvent(chatEvents.counter, (payload) => {
    const parsed = chatCounterPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      return;
    }
    const { messages } = parsed.data;
    const key = chatKeys.counter(app.id);
    // A read still on its way began before this count: it must not land after it and put the older number back.
    void queryClient.cancelQueries({ queryKey: key }).then(() => {
      queryClient.setQueryData<MessageCounter>(key, { messages });
    });
  });
  useRealtimeEvent(chatEvents.message, (payload) => {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success) {
      return;
    }
    const key = chatKeys.counter(app.id);
    const viewerId = viewerProfileIdOf(app);
    if (viewerId !== null && parsed.data.author?.profileId === viewerId) {
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    queryClient.setQueryData<MessageCounter>(key, (current) =>
      current ? { messages: current.messages + 1 } : current,
    );
  });
  // A count read before the socket listened may have missed an event: read again once it listens.
  useRealtimeEvent(realtimeConnectedEvent, () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.counter(app.id) });
  });

  const unread = counter.data?.messages ?? 0;
  if (unread === 0) {
    return null;
  }
  return (
    <span className={classes.badge} data-testid="chat-nav-badge">
      <span aria-hidden="true">{unreadText(unread)}</span>
      <VisuallyHidden>{t('chat.nav.unread', { count: unread })}</VisuallyHidden>
    </span>
  );
}
