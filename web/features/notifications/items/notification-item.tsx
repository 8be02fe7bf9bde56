import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { Avatar } from '@mantine/core';
import {
  IconAt,
  IconBell,
  IconCalendarCheck,
  IconHourglass,
  IconLockOpen,
  IconTrophy,
  IconCalendarEvent,
  IconCircleCheck,
  IconFileText,
  IconHeart,
  IconMessageCircle,
  IconMessageReply,
  IconMessages,
  IconShieldX,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '../../../../contracts/notifications';
import { TimeAgo } from '../../../components/time-ago';
import { detailOf, notificationSentence, type SentencePart } from './notification-text';
import classes from './notification-item.module.css';

type Look = { icon: ComponentType<{ size?: number; stroke?: number }>; tone: string };

/** Each type's small sign beside the avatar; an unknown type gets the bell. */
const looks: Record<string, Look> = {
  post_like: { icon: IconHeart, tone: 'red' },
  comment_like: { icon: IconHeart, tone: 'red' },
  new_comment: { icon: IconMessageCircle, tone: 'blue' },
  comment_reply: { icon: IconMessageReply, tone: 'blue' },
  mention: { icon: IconAt, tone: 'violet' },
  new_post: { icon: IconFileText, tone: 'teal' },
  post_approved: { icon: IconCircleCheck, tone: 'green' },
  post_rejected: { icon: IconShieldX, tone: 'orange' },
  comment_rejected: { icon: IconShieldX, tone: 'orange' },
  comment_approved: { icon: IconCircleCheck, tone: 'green' },
  chat_message: { icon: IconMessages, tone: 'cyan' },
  chat_mention: { icon: IconAt, tone: 'cyan' },
  article_announced: { icon: IconSpeakerphone, tone: 'indigo' },
  event_starts: { icon: IconCalendarEvent, tone: 'grape' },
  event_seat_granted: { icon: IconCalendarCheck, tone: 'green' },
  lesson_unlocked: { icon: IconLockOpen, tone: 'teal' },
  course_access_ending: { icon: IconHourglass, tone: 'orange' },
  level_reached: { icon: IconTrophy, tone: 'yellow' },
};
const unknownLook: Look = { icon: IconBell, tone: 'gray' };

function Sentence({ parts }: { parts: SentencePart[] }) {
  return parts.map((part, index) =>
    part.kind === 'actor' ? (
      <strong key={index} className={classes.actor}>
        {part.text}
      </strong>
    ) : part.kind === 'post' ? (
      <span key={index} className={classes.post}>
        {part.text}
      </span>
    ) : (
      part.text
    ),
  );
}

/** The latest actor's photo with the type's sign on it, or the sign alone for news without an actor. */
function Visual({ item }: { item: Notification }) {
  const look = looks[item.type] ?? unknownLook;
  const Icon = look.icon;
  const actor = item.actors[0];
  const style = { '--notification-tone': `var(--mantine-color-${look.tone}-filled)` } as CSSProperties;
  if (!actor) {
    return (
      <span className={classes.visual} style={style} aria-hidden="true">
        <span className={classes.signAlone}>
          <Icon size={22} stroke={1.8} />
        </span>
      </span>
    );
  }
  return (
    <span className={classes.visual} style={style} aria-hidden="true">
      <Avatar
        src={actor.avatarUrl}
        name={actor.name}
        color="initials"
        size={44}
        radius="xl"
        alt=""
        className={classes.avatar}
      />
      <span className={classes.sign}>
        <Icon size={13} stroke={2.2} />
      </span>
    </span>
  );
}

/** The other recent actors of a collapsed item, small, beside the time. */
function MoreActors({ item }: { item: Notification }) {
  const others = item.actors.slice(1);
  if (others.length === 0) {
    return null;
  }
  return (
    <Avatar.Group spacing={6} aria-hidden="true">
      {others.map((actor) => (
        <Avatar
          key={actor.profileId}
          src={actor.avatarUrl}
          name={actor.name}
          color="initials"
          size={20}
          radius="xl"
          alt=""
        />
      ))}
    </Avatar.Group>
  );
}

type NotificationItemProps = {
  item: Notification;
  /** Where the item leads (its post, at the comment), or null when there is nothing to open. */
  to: string | null;
  /** The reader opened the item: it is marked read (and the panel, if any, closes). */
  onOpen: (item: Notification) => void;
};

/**
 * One notification: who did what, when, and whether it is unread (a dot that says so, not only a colour). It
 * opens its post; an unread item without one is a button that marks it read.
 */
export function NotificationItem({ item, to, onOpen }: NotificationItemProps) {
  const { t } = useTranslation();
  const reason = detailOf(item, t);
  const unread = !item.isRead;
  const content: ReactNode = (
    <>
      <Visual item={item} />
      <span className={classes.content}>
        <span className={classes.sentence} data-testid="notification-sentence">
          <Sentence parts={notificationSentence(item, t)} />
        </span>
        {reason ? <span className={classes.reason}>{reason}</span> : null}
        <span className={classes.meta}>
          <MoreActors item={item} />
          <TimeAgo value={item.updatedAt} className={classes.time} />
        </span>
      </span>
      {unread ? <span className={classes.dot} role="img" aria-label={t('notifications.unread')} /> : null}
    </>
  );
  const common = {
    className: classes.body,
    'data-unread': unread || undefined,
    'data-testid': 'notification-item',
  };
  return (
    <li className={classes.item}>
      {to ? (
        <Link to={to} onClick={() => onOpen(item)} {...common}>
          {content}
        </Link>
      ) : unread ? (
        <button type="button" onClick={() => onOpen(item)} {...common}>
          {content}
        </button>
      ) : (
        <div {...common}>{content}</div>
      )}
    </li>
  );
}
