import { ActionIcon, Avatar, Button, Menu, VisuallyHidden } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconDots,
  IconPencil,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import { RichText } from '../../../components/rich-text';
import { useChatTime } from '../chat-time';
import { MessageAttachments } from './attachments/message-attachments';
import { ContentLabel } from './attachments/content-label';
import { PendingExtras } from './attachments/pending-extras';
import type { OutboxEntry } from './outbox';
import classes from './conversation.module.css';

export type MessageActions = {
  /** Null when the caller may not write here (no replies then). */
  onReply: ((message: ChatMessage) => void) | null;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
};

/** The quoted message a reply answers. */
function ReplyQuote({ replyTo }: { replyTo: NonNullable<ChatMessage['replyTo']> }) {
  const { t } = useTranslation();
  return (
    <div className={classes.quote}>
      <span className={classes.quoteAuthor}>{replyTo.author?.name ?? t('chat.message.unknownAuthor')}</span>
      <span className={classes.quoteText}>
        {replyTo.isDeleted ? t('chat.message.deleted') : replyTo.excerpt || <ContentLabel content={null} />}
      </span>
    </div>
  );
}

/** The menu of one message: reply, edit, delete, each only when it applies (edit and delete by `permissions.can`). */
function MessageMenu({
  message,
  actions,
  authorName,
}: {
  message: ChatMessage;
  actions: MessageActions;
  authorName: string;
}) {
  const { t } = useTranslation();
  const canReply = actions.onReply !== null && !message.isDeleted;
  const canEdit = message.permissions.can.includes('edit') && !message.isDeleted;
  const canDelete = message.permissions.can.includes('delete') && !message.isDeleted;
  if (!canReply && !canEdit && !canDelete) {
    return null;
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          radius="xl"
          className={classes.menuButton}
          aria-label={t('chat.message.actions', { name: authorName })}
          data-testid="message-menu"
        >
          <IconDots size={17} stroke={1.8} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canReply ? (
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} stroke={1.7} />}
            onClick={() => actions.onReply?.(message)}
            data-testid="message-reply"
          >
            {t('chat.message.reply')}
          </Menu.Item>
        ) : null}
        {canEdit ? (
          <Menu.Item
            leftSection={<IconPencil size={16} stroke={1.7} />}
            onClick={() => actions.onEdit(message)}
            data-testid="message-edit"
          >
            {t('chat.message.edit')}
          </Menu.Item>
        ) : null}
        {canDelete ? (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} stroke={1.7} />}
            onClick={() => actions.onDelete(message)}
            data-testid="message-delete"
          >
            {t('chat.message.delete')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

type MessageItemProps = {
  message: ChatMessage;
  own: boolean;
  /** The first of a run of messages by one author: name and picture show. */
  first: boolean;
  actions: MessageActions;
  /** Below the bubble: who has seen one's own newest message (read markers). */
  footer?: ReactNode;
};

/** One message: own ones on the right; the author's name and picture at the start of their run. */
export function MessageItem({ message, own, first, actions, footer }: MessageItemProps) {
  const { t } = useTranslation();
  const time = useChatTime();
  const authorName = own ? t('chat.message.you') : (message.author?.name ?? t('chat.message.unknownAuthor'));
  return (
    <li
      className={classes.message}
      data-own={own || undefined}
      data-first={first || undefined}
      data-testid="chat-message"
      data-message-id={message.id}
    >
      {!own ? (
        <span className={classes.avatarSlot} aria-hidden="true">
          {first ? (
            <Avatar
              src={message.author?.avatarUrl ?? null}
              name={message.author?.name ?? '?'}
              color="initials"
              size={32}
              radius="xl"
              alt=""
            />
          ) : null}
        </span>
      ) : null}
      <div className={classes.bubbleColumn}>
        {first && !own ? (
          <span className={classes.author}>{authorName}</span>
        ) : (
          <VisuallyHidden>{authorName}</VisuallyHidden>
        )}
        <div className={classes.bubbleRow}>
          <div className={classes.bubble} data-deleted={message.isDeleted || undefined}>
            {message.replyTo ? <ReplyQuote replyTo={message.replyTo} /> : null}
            {message.isDeleted ? (
              <span className={classes.deleted}>{t('chat.message.deleted')}</span>
            ) : (
              <>
                <MessageAttachments message={message} />
                {message.body ? (
                  <RichText html={message.body} className={classes.body} testId="chat-message-body" />
                ) : null}
              </>
            )}
            <span className={classes.meta}>
              {message.editedAt && !message.isDeleted ? <span>{t('chat.message.edited')}</span> : null}
              <time dateTime={message.createdAt} title={time.full(message.createdAt)}>
                {time.clock(message.createdAt)}
              </time>
            </span>
          </div>
          <MessageMenu message={message} actions={actions} authorName={authorName} />
        </div>
        {footer}
      </div>
    </li>
  );
}

type PendingItemProps = {
  entry: OutboxEntry;
  onRetry: (entry: OutboxEntry) => void;
  onDiscard: (clientId: string) => void;
};

/** A message on its way (shown at once), or one that failed, with a retry that sends it once. */
export function PendingItem({ entry, onRetry, onDiscard }: PendingItemProps) {
  const { t } = useTranslation();
  const failed = entry.status === 'failed';
  return (
    <li
      className={classes.message}
      data-own
      data-first
      data-testid="chat-message-pending"
      data-status={entry.status}
    >
      <div className={classes.bubbleColumn}>
        <VisuallyHidden>{t('chat.message.you')}</VisuallyHidden>
        <div className={classes.bubbleRow}>
          <div
            className={classes.bubble}
            data-pending={!failed || undefined}
            data-failed={failed || undefined}
          >
            {entry.replyTo ? <ReplyQuote replyTo={entry.replyTo} /> : null}
            <PendingExtras extras={entry.extras} />
            {entry.body ? (
              <RichText html={entry.body} className={classes.body} testId="chat-message-body" />
            ) : null}
            <span className={classes.meta}>{failed ? null : t('chat.message.sending')}</span>
          </div>
        </div>
        {failed ? (
          <div className={classes.failed} role="alert">
            <IconAlertCircle size={16} stroke={1.8} aria-hidden="true" />
            <span>{t('chat.message.failed', { reason: t(entry.error ?? 'errors.generic') })}</span>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconRefresh size={14} stroke={1.8} />}
              onClick={() => onRetry(entry)}
              data-testid="message-retry"
            >
              {t('chat.message.retry')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} stroke={1.8} />}
              onClick={() => onDiscard(entry.clientId)}
              data-testid="message-discard"
            >
              {t('chat.message.discard')}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
