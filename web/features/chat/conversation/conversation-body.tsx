import { useState, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Chat } from '../../../../contracts/chat';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import { errorTextKey } from '../../../api/notify-error';
import { useIsMobile } from '../../../kernel/ui-store';
import { chatApi } from '../chat-api';
import { mergeMessage } from '../chat-cache';
import { Composer } from './composer';
import { MessageList } from './message-list';
import type { useConversation } from './use-conversation';

type Props = {
  chat: Chat;
  viewerId: string | null;
  conversation: ReturnType<typeof useConversation>;
  canWrite: boolean;
  /** Deleting a message: at once, or after the screen asked. */
  onDelete: (message: ChatMessage) => void;
  seenBy?: (message: ChatMessage) => ReactNode;
  /** What sits between the messages and the composer (who is typing). */
  between?: ReactNode;
  /** What replaces the composer where one cannot write. */
  note: ReactNode;
};

/**
 * A conversation's messages and its composer, with replying and editing: the chat's own page and a support
 * ticket's conversation put their frames around it.
 */
export function ConversationBody({
  chat,
  viewerId,
  conversation,
  canWrite,
  onDelete,
  seenBy,
  between,
  note,
}: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const { query } = conversation;
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);

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
    <>
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
          onDelete,
        }}
        onRetry={conversation.retry}
        onDiscard={conversation.discard}
        isPending={query.isPending}
        error={query.error}
        onReload={() => void query.refetch()}
        hasOlder={query.hasNextPage}
        loadingOlder={query.isFetchingNextPage}
        onLoadOlder={() => void query.fetchNextPage()}
        seenBy={seenBy}
      />
      {between}
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
      ) : (
        note
      )}
    </>
  );
}
