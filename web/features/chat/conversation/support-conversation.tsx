import { Skeleton, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chat } from '../../../../contracts/chat';
import { chatMessageSchema, type ChatMessage } from '../../../../contracts/chat-messages';
import { chatDeletePayloadSchema, chatEvents } from '../../../../contracts/chat-events';
import { useCurrentApp } from '../../../kernel/current-app';
import { useRealtimeEvent } from '../../../kernel/realtime';
import { chatApi, chatQuery } from '../chat-api';
import { markMessageDeleted, mergeMessage } from '../chat-cache';
import { chatCan, viewerProfileIdOf } from '../chat-viewer';
import { ConversationBody } from './conversation-body';
import { useConversation } from './use-conversation';
import classes from './conversation.module.css';

/*
 * A support ticket's conversation (issue 20): the messages and the composer of the chat, without the chat's own
 * frame, list or menu — the ticket screens (web/features/tickets) put their header, status and clocks around it.
 * It needs the ticket's app as the current app (the app host's shell, or the service host's ticket page that
 * provides it), since messages and mentions speak for the viewer's profile there.
 */

function Messages({ chat, readOnlyNote }: { chat: Chat; readOnlyNote: string | undefined }) {
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const viewerId = viewerProfileIdOf(app);
  const conversation = useConversation(chat, viewerId);
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

  return (
    <div className={classes.frame} data-testid="support-conversation">
      <ConversationBody
        chat={chat}
        viewerId={viewerId}
        conversation={conversation}
        canWrite={canWrite}
        onDelete={(message) => remove.mutate(message)}
        note={
          readOnlyNote ? (
            <div className={classes.note} data-testid="composer-note">
              <Text size="sm">{readOnlyNote}</Text>
            </div>
          ) : null
        }
      />
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
