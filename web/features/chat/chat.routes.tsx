import { IconMessageCircle } from '@tabler/icons-react';
import { loadChunk } from '../../kernel/chunk';
import { appCan } from '../../kernel/current-app';
import type { WebFeature } from '../../kernel/web-feature';
import { ChatNavBadge } from './chat-nav-badge';

const screens = () => loadChunk(() => import('./chat-screens'));
const settingsScreens = () => loadChunk(() => import('./settings/chat-settings-screens'));

/**
 * Spec §2 chat routes (ROUTE-121..124) and the member page's "messages" (ROUTE-78). The list and the
 * conversation state no guard; chats are personal (GAPS 29), so every chat screen needs a session. The app's
 * chat settings (ROUTE-98) hang below the app settings' layout, which lists them for callers with `edit`.
 */
export const chatFeature: WebFeature = {
  name: 'chat',
  routes: {
    appSettings: [
      { path: 'chat', lazy: async () => ({ Component: (await settingsScreens()).ChatSettingsPage }) },
    ],
    app: [
      {
        path: 'chat',
        // A conversation's composer sits where a floating button would.
        handle: { access: 'signedIn', withoutOverlays: true },
        lazy: async () => ({ Component: (await screens()).ChatLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).ChatHome }) },
          { path: 'create', lazy: async () => ({ Component: (await screens()).CreateChatPage }) },
          { path: ':chatId', lazy: async () => ({ Component: (await screens()).ConversationPage }) },
          { path: ':chatId/edit', lazy: async () => ({ Component: (await screens()).ChatEditPage }) },
        ],
      },
      {
        path: 'm/:memberId/messages',
        handle: { access: 'signedIn', withoutOverlays: true },
        lazy: async () => ({ Component: (await screens()).MemberMessagesPage }),
      },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'chat.menu.entry',
        icon: IconMessageCircle,
        to: ({ app }) => `/${app.slug}/chat`,
        // Members with a profile in the app who may see chats (guests have none).
        shows: ({ app, signedIn }) =>
          signedIn && app.services.chat && app.viewer !== null && appCan(app, 'view_chats'),
        badge: ChatNavBadge,
      },
    ],
  },
};
