import { VisuallyHidden } from '@mantine/core';
import { IconLock, IconSpeakerphone, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Chat } from '../../../../contracts/chat';
import { unreadText } from '../chat-badge-text';
import { ChatAvatar } from '../chat-avatar';
import { chatScreenPaths } from '../chat-paths';
import { useChatTime } from '../chat-time';
import { ContentLabel } from '../conversation/attachments/content-label';
import classes from './chat-list.module.css';

/** The last message's line: who wrote it ("Sie: …" for one's own) and its beginning. */
function LastMessage({ chat, viewerId }: { chat: Chat; viewerId: string | null }) {
  const { t } = useTranslation();
  const last = chat.lastMessage;
  if (!last) {
    return <span className={classes.excerptEmpty}>{t('chat.list.noMessages')}</span>;
  }
  if (last.isDeleted) {
    return <span className={classes.excerptEmpty}>{t('chat.message.deleted')}</span>;
  }
  const own = last.author !== null && last.author.profileId === viewerId;
  const author = own ? t('chat.list.you') : chat.kind === 'private' ? null : last.author?.name;
  return (
    <>
      {author ? <span className={classes.excerptAuthor}>{author}: </span> : null}
      {/* Without text, what it carries: Anhang, Sprachnachricht, GIF, Umfrage, each with its icon. */}
      {last.excerpt || <ContentLabel content={last.content} />}
    </>
  );
}

type ChatListItemProps = { chat: Chat; slug: string; viewerId: string | null };

/** One chat of the list: picture, name, time and beginning of the last message, unread count. */
export function ChatListItem({ chat, slug, viewerId }: ChatListItemProps) {
  const { t } = useTranslation();
  const time = useChatTime();
  const unread = chat.newMessageCounter;
  const at = chat.lastMessage?.createdAt ?? chat.updatedAt;
  const channel = chat.kind === 'group' && !chat.isMemberAllowToChat;
  return (
    <li className={classes.item}>
      <NavLink
        to={chatScreenPaths.chat(slug, chat.id)}
        className={classes.link}
        data-unread={unread > 0 || undefined}
        data-testid="chat-list-item"
      >
        <ChatAvatar chat={chat} />
        <span className={classes.text}>
          <span className={classes.top}>
            <span className={classes.name} data-testid="chat-name">
              {chat.name || t('chat.unnamed')}
              {channel ? (
                <IconSpeakerphone size={14} stroke={1.8} aria-label={t('chat.kind.channel')} role="img" />
              ) : null}
              {chat.kind === 'group' && chat.isPublic ? (
                <IconWorld size={14} stroke={1.8} aria-label={t('chat.kind.public')} role="img" />
              ) : null}
              {chat.requiredLevel ? (
                <span className={classes.level} data-testid="chat-required-level">
                  {t('rewards.gate.lockedShort', { level: chat.requiredLevel.level })}
                </span>
              ) : null}
              {chat.isBlocked ? (
                <IconLock size={14} stroke={1.8} aria-label={t('chat.blocked.short')} role="img" />
              ) : null}
            </span>
            <time className={classes.time} dateTime={at} title={time.full(at)}>
              {time.short(at)}
            </time>
          </span>
          <span className={classes.bottom}>
            <span className={classes.excerpt}>
              <LastMessage chat={chat} viewerId={viewerId} />
            </span>
            {unread > 0 ? (
              <span className={classes.unread} data-testid="chat-unread">
                <span aria-hidden="true">{unreadText(unread)}</span>
                <VisuallyHidden>{t('chat.list.unread', { count: unread })}</VisuallyHidden>
              </span>
            ) : null}
          </span>
        </span>
      </NavLink>
    </li>
  );
}
