import { Fragment, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, Loader, Skeleton, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import { errorTextKey } from '../../../api/notify-error';
import { useChatTime } from '../chat-time';
import { MessageItem, PendingItem, type MessageActions } from './message-item';
import type { OutboxEntry } from './outbox';
import classes from './conversation.module.css';

/** A run of one author's messages breaks after this long without a message. */
const runBreakMs = 5 * 60_000;
/** Older messages load when the reader is this close to the top. */
const loadAboveFromPx = 240;
/** Closer than this to the bottom counts as reading the newest messages: new ones keep it there. */
const stickyBottomPx = 96;

type MessageListProps = {
  chatName: string;
  messages: ChatMessage[];
  outbox: OutboxEntry[];
  viewerId: string | null;
  actions: MessageActions;
  onRetry: (entry: OutboxEntry) => void;
  onDiscard: (clientId: string) => void;
  isPending: boolean;
  error: unknown;
  onReload: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Whether the viewer may write here: the empty chat invites them to, or only says it is empty. */
  canWrite: boolean;
  /** Read markers: what shows under the viewer's newest message ("Gesehen von …"); absent without them. */
  seenBy?: (message: ChatMessage) => ReactNode;
};

/**
 * The conversation's messages, oldest at the top and the newest at the bottom: day separators, runs of one
 * author, the messages on their way last. Scrolling near the top loads the next 30 older ones (a button does
 * the same for the keyboard) and keeps the reader's place; new messages keep a reader at the bottom there.
 */
export function MessageList(props: MessageListProps) {
  const { chatName, messages, outbox, viewerId, actions, isPending, error, hasOlder, loadingOlder } = props;
  const { t } = useTranslation();
  const time = useChatTime();
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ firstId: string | null; height: number }>({ firstId: null, height: 0 });

  const firstId = messages[0]?.id ?? null;
  const newestOwnId = props.seenBy
    ? messages.findLast((message) => message.author !== null && message.author.profileId === viewerId)?.id
    : undefined;
  const lastKey = `${messages.at(-1)?.id ?? ''}:${outbox.length}:${outbox.at(-1)?.status ?? ''}`;

  // Older messages came in above: the reader stays where they were. New ones below: the bottom stays in view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) {
      return;
    }
    const before = anchor.current;
    if (before.firstId !== null && firstId !== before.firstId && !atBottom.current) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    anchor.current = { firstId, height: element.scrollHeight };
  }, [firstId, lastKey]);

  const { onLoadOlder } = props;
  const handleScroll = () => {
    const element = scrollRef.current;
    if (!element) {
      return;
    }
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < stickyBottomPx;
    anchor.current = { firstId, height: element.scrollHeight };
    if (element.scrollTop < loadAboveFromPx && hasOlder && !loadingOlder) {
      onLoadOlder();
    }
  };
  // A first page too short to scroll cannot be scrolled up to load the next.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight) {
      onLoadOlder();
    }
  }, [hasOlder, loadingOlder, onLoadOlder, messages.length]);

  let content;
  if (isPending) {
    content = (
      <div className={classes.listSkeleton} aria-hidden="true">
        <Skeleton height={38} width="45%" radius="lg" />
        <Skeleton height={38} width="35%" radius="lg" ml="auto" />
        <Skeleton height={58} width="55%" radius="lg" />
      </div>
    );
  } else if (error && messages.length === 0) {
    content = (
      <div className={classes.listState} role="alert">
        <Text size="sm">{t(errorTextKey(error))}</Text>
        <Button variant="default" size="xs" onClick={props.onReload}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (messages.length === 0 && outbox.length === 0) {
    content = (
      <div className={classes.listState} data-testid="conversation-empty">
        <IconMessageCircle size={34} stroke={1.4} aria-hidden="true" className={classes.stateIcon} />
        <Text fw={650}>{t('chat.conversation.empty.title')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t(props.canWrite ? 'chat.conversation.empty.text' : 'chat.conversation.empty.readOnly')}
        </Text>
      </div>
    );
  }

  return (
    <div ref={scrollRef} className={classes.scroll} onScroll={handleScroll} data-testid="conversation-scroll">
      {hasOlder ? (
        <div className={classes.older}>
          {loadingOlder ? (
            <Loader size="sm" aria-label={t('chat.conversation.loadingOlder')} />
          ) : (
            <Button variant="subtle" size="xs" onClick={onLoadOlder} data-testid="conversation-older">
              {t('chat.conversation.older')}
            </Button>
          )}
        </div>
      ) : null}
      {content}
      {messages.length > 0 || outbox.length > 0 ? (
        <div
          role="log"
          aria-label={t('chat.conversation.log', { name: chatName })}
          data-testid="conversation-log"
        >
          <ol className={classes.messages}>
            {messages.map((message, index) => {
              const previous = messages[index - 1];
              const day = time.dayKey(message.createdAt);
              const newDay = !previous || time.dayKey(previous.createdAt) !== day;
              const first =
                newDay ||
                !previous ||
                previous.author?.profileId !== message.author?.profileId ||
                new Date(message.createdAt).getTime() - new Date(previous.createdAt).getTime() > runBreakMs;
              const own = message.author !== null && message.author.profileId === viewerId;
              return (
                <Fragment key={message.id}>
                  {newDay ? (
                    <li className={classes.day} data-testid="day-separator">
                      <span>{time.day(message.createdAt)}</span>
                    </li>
                  ) : null}
                  <MessageItem
                    message={message}
                    own={own}
                    first={first}
                    actions={actions}
                    footer={message.id === newestOwnId ? props.seenBy?.(message) : undefined}
                  />
                </Fragment>
              );
            })}
            {outbox.map((entry) => (
              <PendingItem
                key={entry.clientId}
                entry={entry}
                onRetry={props.onRetry}
                onDiscard={props.onDiscard}
              />
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
