import { useState } from 'react';
import { Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  chatDeletePayloadSchema,
  chatEvents,
  chatMessageSchema,
  type Chat,
  type ChatMessage,
} from '../../../../contracts/chat';
import { errorTextKey } from '../../../api/notify-error';
import { useCurrentApp } from '../../../kernel/current-app';
import { useRealtimeEvent } from '../../../kernel/realtime';
import { useIsMobile } from '../../../kernel/ui-store';
import { chatApi, chatQuery } from '../chat-api';
import { markMessageDeleted, mergeMessage } from '../chat-cache';
import { chatCan, viewerProfileIdOf } from '../chat-viewer';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { useConversation } from './use-conversation';
import classes from './conversation.module.css';

/*
 * A support ticket's conversation (issue 20): the messages and the composer of the chat, without the chat's own
 * frame, list or menu — the ticket screens (web/features/tickets) put their header, status and clocks around it.
 * It needs the ticket's app as the current app (the app host's shell, or the service host's ticket page that
 * provides it), since messages and mentions speak for the viewer's profile there.
 */

function Messages({ chat, readOnlyNote }: { chat: Chat; readOnlyNote: string | undefined }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const viewerId = viewerProfileIdOf(app);
  const conversation = useConversation(chat, viewerId);
  const { query } = conversation;
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const canWrite = chatCan(chat, 'messages') && chat.role !== null;
  // Outside the chat's layout nobody files the room's messages into the caches: this conversation does.
  const fileMessage = (payload: unknown) => {
    const parsed = chatMessageSchema.safeParse(payload);
    if (parsed.success && parsed.data.chatId === chat.id) {
      mergeMessage(queryClient, parsed.data);
    }
  };
  useRealtimeEvent(chatEvents.message, fileMessage);
  useRealtimeEvent(chatEvents.update, fileMessage);
  useRealtimeEvent(chatEvents.delete, (payload) => {
    const parsed = chatDeletePayloadSchema.safeParse(payload);
    if (parsed.success && parsed.data.chatId === chat.id && parsed.data.messageId) {
      markMessageDeleted(queryClient, chat.id, parsed.data.messageId);
    }
  });
  const remove = useMutation({
    mutationFn: (message: ChatMessage) => chatApi.deleteMessage(message.id),
    onSuccess: (_answer, message) => markMessageDeleted(queryClient, chat.id, message.id),
  });

  const saveEdit = async (message: ChatMessage, body: string) => {
    try {
      mergeMessage(queryClient, await chatApi.edit(message.id, body));
      setEditing(null);
    } catch (error) {
      notifications.show({ color: 'red', title: t('errors.title'), message: t(errorTextKey(error)) });
      throw error;
    }
  };

  return (
    <div className={classes.frame} data-testid="support-conversation">
      <MessageList
        chatName={chat.name}
        messages={conversation.messages}
        outbox={conversation.outbox}
        viewerId={viewerId}
        canWrite={canWrite}
        actions={{
          onReply: canWrite
            ? (message) => {
                setEditing(null);
                setReplyTo(message);
              }
            : null,
          onEdit: (message) => {
            setReplyTo(null);
            setEditing(message);
          },
          onDelete: (message) => remove.mutate(message),
        }}
        onRetry={conversation.retry}
        onDiscard={conversation.discard}
        isPending={query.isPending}
        error={query.error}
        onReload={() => void query.refetch()}
        hasOlder={query.hasNextPage}
        loadingOlder={query.isFetchingNextPage}
        onLoadOlder={() => void query.fetchNextPage()}
      />
      {canWrite ? (
        <Composer
          chat={chat}
          viewerId={viewerId}
          replyTo={replyTo}
          editing={editing}
          onCancel={() => {
            setReplyTo(null);
            setEditing(null);
          }}
          onSend={(body, reply, extras) => {
            conversation.send(body, reply, extras);
            setReplyTo(null);
          }}
          onSaveEdit={saveEdit}
          autoFocus={!isMobile}
        />
      ) : readOnlyNote ? (
        <div className={classes.note} data-testid="composer-note">
          <Text size="sm">{readOnlyNote}</Text>
        </div>
      ) : null}
    </div>
  );
}

/** The support chat `chatId` as one conversation; `readOnlyNote` replaces the composer where one cannot write. */
export function SupportConversation({ chatId, readOnlyNote }: { chatId: string; readOnlyNote?: string }) {
  const query = useQuery(chatQuery(chatId));
  if (query.data) {
    return <Messages key={query.data.id} chat={query.data} readOnlyNote={readOnlyNote} />;
  }
  return (
    <div className={classes.frame}>
      <div className={classes.scroll}>
        <Skeleton height={56} radius="md" mb="sm" />
        <Skeleton height={56} radius="md" width="70%" />
      </div>
    </div>
  );
}
