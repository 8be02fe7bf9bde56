import { useState } from 'react';
import { Button, Modal, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft, IconLogin2, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Chat } from '../../../../contracts/chat';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import { ApiError } from '../../../api/api-error';
import { errorTextKey } from '../../../api/notify-error';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsMobile } from '../../../kernel/ui-store';
import { usePageTitle } from '../../../kernel/use-page-title';
import { chatApi, chatKeys, chatQuery } from '../chat-api';
import { ChatAvatar } from '../chat-avatar';
import { markMessageDeleted } from '../chat-cache';
import { chatScreenPaths } from '../chat-paths';
import { chatCan, viewerProfileIdOf } from '../chat-viewer';
import { ChatMenu } from './chat-menu';
import { ConversationBody } from './conversation-body';
import { ConversationFrame } from './conversation-frame';
import { SeenBy } from './seen-by';
import type { TypingPerson } from './use-conversation';
import { useConversation } from './use-conversation';
import { useReadMarks } from './use-read-marks';
import classes from './conversation.module.css';

/** "Anna schreibt …", "Anna und Ben schreiben …", "3 Personen schreiben …". */
function TypingLine({ people }: { people: TypingPerson[] }) {
  const { t } = useTranslation();
  const [first, second] = people;
  let text = '';
  if (people.length === 1 && first) {
    text = t('chat.typing.one', { name: first.name });
  } else if (people.length === 2 && first && second) {
    text = t('chat.typing.two', { first: first.name, second: second.name });
  } else if (people.length > 2) {
    text = t('chat.typing.many', { count: people.length });
  }
  return (
    <div className={classes.typing} data-testid="typing-line">
      {text}
    </div>
  );
}

/** Instead of the composer, why the person cannot write here, and what they can do about it. */
function WriteNote({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.chat(chat.id), exact: true });
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists(chat.appId) });
  };
  const join = useMutation({ mutationFn: () => chatApi.join(chat.id), onSuccess: refresh });
  const unblock = useMutation({ mutationFn: () => chatApi.unblock(chat.id), onSuccess: refresh });

  let text: string;
  let action = null;
  if (chat.role === null && chatCan(chat, 'join')) {
    text = t('chat.note.join');
    action = (
      <Button
        size="xs"
        leftSection={<IconLogin2 size={16} stroke={1.8} />}
        loading={join.isPending}
        onClick={() => join.mutate()}
        data-testid="chat-join"
      >
        {t('chat.note.joinButton')}
      </Button>
    );
  } else if (chat.isBlocked) {
    text = t('chat.note.blocked', { name: chat.name });
    action = chatCan(chat, 'unblock') ? (
      <Button
        size="xs"
        variant="default"
        loading={unblock.isPending}
        onClick={() => unblock.mutate()}
        data-testid="chat-unblock"
      >
        {t('chat.menu.unblock')}
      </Button>
    ) : null;
  } else if (chat.isBlockedByPartner) {
    text = t('chat.note.blockedByPartner', { name: chat.name });
  } else if (chat.kind === 'group' && !chat.isMemberAllowToChat) {
    text = t('chat.note.channel');
  } else {
    text = t('chat.note.readOnly');
  }
  return (
    <div className={classes.note} data-testid="composer-note">
      <Text size="sm">{text}</Text>
      {action}
    </div>
  );
}

/** Below the heading: who is in the chat and what kind it is. */
function Subtitle({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  if (chat.kind === 'private') {
    return <>{t('chat.kind.private')}</>;
  }
  const parts = [
    chat.isMemberAllowToChat ? t('chat.kind.group') : t('chat.kind.channel'),
    chat.isPublic ? t('chat.kind.public') : null,
    chat.hideMembers ? null : t('chat.members.count', { count: chat.membersCount }),
  ].filter(Boolean);
  return <>{parts.join(' · ')}</>;
}

function Conversation({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const viewerId = viewerProfileIdOf(app);
  usePageTitle(chat.name);
  const conversation = useConversation(chat, viewerId);
  const readMarks = useReadMarks(chat);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const canWrite = chatCan(chat, 'messages') && chat.role !== null;

  const remove = useMutation({
    mutationFn: (message: ChatMessage) => chatApi.deleteMessage(message.id),
    onSuccess: (_answer, message) => {
      markMessageDeleted(queryClient, chat.id, message.id);
      setDeleting(null);
    },
  });
  return (
    <ConversationFrame
      title={chat.name || t('chat.unnamed')}
      leading={<ChatAvatar chat={chat} size={40} />}
      subtitle={<Subtitle chat={chat} />}
      actions={<ChatMenu chat={chat} slug={app.slug} />}
    >
      <ConversationBody
        chat={chat}
        viewerId={viewerId}
        conversation={conversation}
        canWrite={canWrite}
        onDelete={setDeleting}
        seenBy={
          readMarks ? (message) => <SeenBy chat={chat} message={message} marks={readMarks} /> : undefined
        }
        between={<TypingLine people={conversation.typing} />}
        note={<WriteNote chat={chat} />}
      />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('chat.message.deleteTitle')}
        centered
        size={isMobile ? '100%' : 'md'}
      >
        <Text size="sm" c="dimmed" mb="md">
          {t('chat.message.deleteText')}
        </Text>
        <ConfirmActions
          onCancel={() => setDeleting(null)}
          onConfirm={() => deleting && remove.mutate(deleting)}
          confirmLabel={t('chat.message.delete')}
          confirmIcon={<IconTrash size={17} stroke={1.8} />}
          loading={remove.isPending}
          testId="message-delete-confirm"
        />
      </Modal>
    </ConversationFrame>
  );
}

/** `chat/{chatId}` (ROUTE-123): one conversation. */
export function ConversationPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { chatId = '' } = useParams();
  const query = useQuery(chatQuery(chatId));

  if (query.data) {
    return <Conversation key={query.data.id} chat={query.data} />;
  }
  if (query.isPending) {
    return (
      <ConversationFrame title={t('chat.conversation.loading')} leading={<Skeleton circle height={40} />}>
        <div className={classes.scroll} />
      </ConversationFrame>
    );
  }
  const missing = query.error instanceof ApiError && [400, 403, 404].includes(query.error.status);
  return (
    <ConversationFrame title={t(missing ? 'chat.missing.title' : 'chat.loadError.title')}>
      <div className={classes.listState} role="alert" data-testid="conversation-missing">
        <Text size="sm">{missing ? t('chat.missing.text') : t(errorTextKey(query.error))}</Text>
        {missing ? (
          <Button
            component={Link}
            to={chatScreenPaths.list(app.slug)}
            variant="default"
            leftSection={<IconArrowLeft size={18} stroke={1.8} />}
          >
            {t('chat.missing.back')}
          </Button>
        ) : (
          <Button variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    </ConversationFrame>
  );
}
