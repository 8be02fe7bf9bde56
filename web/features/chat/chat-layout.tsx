import { useRef } from 'react';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch, useNavigate, useParams } from 'react-router';
import { NotFoundMessage } from '../../components/not-found-message';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { chatScreenPaths } from './chat-paths';
import { viewerProfileIdOf } from './chat-viewer';
import { ChatList } from './list/chat-list';
import { useChatRealtime } from './use-chat-realtime';
import classes from './chat-layout.module.css';

/**
 * The chat area (ROUTE-121..124): on the desktop the list beside the conversation (or the create and edit
 * forms); on a phone the list alone at `chat`, every other screen alone. Live events reach the caches here.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { chatId } = useParams();
  const atList = useMatch({ path: '/:appSlug/chat', end: true }) !== null;

  const openChat = useRef(chatId);
  openChat.current = chatId;
  useChatRealtime(app, viewerProfileIdOf(app), {
    onChatGone: (goneId) => {
      if (goneId === openChat.current) {
        notifications.show({ color: 'gray', message: t('chat.gone') });
        void navigate(chatScreenPaths.list(app.slug), { replace: true });
      }
    },
  });

  // The chat service switched off, or no chats for this person: nothing to find here.
  if ((!app.services.chat && !appCan(app, 'edit')) || !appCan(app, 'view_chats')) {
    return <NotFoundMessage />;
  }

  if (isMobile) {
    return (
      <div className={classes.mobile} data-testid="chat-layout">
        {atList ? <ChatList /> : <Outlet />}
      </div>
    );
  }
  return (
    <div className={classes.layout} data-testid="chat-layout">
      <aside className={classes.side} aria-label={t('chat.list.region')}>
        <ChatList />
      </aside>
      <div className={classes.pane}>
        <Outlet />
      </div>
    </div>
  );
}

/** `chat` on the desktop: the place of the conversation until one is chosen (on a phone the list is all). */
export function ChatHome() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  // Each screen below names the page (a conversation by the chat's name); the list alone is "Chats".
  usePageTitle(t('chat.title'));
  if (isMobile) {
    return null;
  }
  return (
    <div className={classes.home} data-testid="chat-home">
      <IconMessages size={44} stroke={1.3} className={classes.homeIcon} aria-hidden="true" />
      <Text fw={650} size="lg">
        {t('chat.home.title')}
      </Text>
      <Text c="dimmed" size="sm" ta="center" maw={360}>
        {t('chat.home.text')}
      </Text>
    </div>
  );
}
