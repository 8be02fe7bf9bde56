import type { Chat, ChatPerson } from '../../../contracts/chat';
import type { ChatMessage } from '../../../contracts/chat-messages';
import type { App } from '../../../contracts/apps';
import { CurrentAppContext } from '../../kernel/current-app';
import { useRealtimeConnection } from '../../kernel/realtime';
import { json, testApp, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ChatHome, ChatLayout } from './chat-layout';
import { ConversationPage } from './conversation/conversation-page';
import { CreateChatPage } from './create/create-chat-page';

/** The chat's test data: Anna (the caller) in the app "Akademie Nord", with Ben and Cleo. */
const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

export const chatApp: App = {
  ...testApp,
  permissions: {
    can: ['view', 'view_profiles', 'view_posts', 'view_chats', 'create_private_chat', 'create_group_chat'],
  },
  viewer: {
    profileId: uuid(7001),
    sanction: null,
    punishedUntil: null,
    language: null,
    timezone: 'Europe/Berlin',
    avatarUrl: null,
  },
};

export const anna: ChatPerson = { profileId: uuid(7001), name: 'Anna Beispiel', avatarUrl: null };
export const ben: ChatPerson = { profileId: uuid(7002), name: 'Ben Maier', avatarUrl: null };
export const cleo: ChatPerson = { profileId: uuid(7003), name: 'Cleo Braun', avatarUrl: null };

export const chatIdOf = (n: number) => uuid(8000 + n);

/** A chat; the defaults: Anna's private chat with Ben, where she may write. */
export function testChat(n: number, overrides: Partial<Chat> = {}): Chat {
  const at = new Date(Date.now() - n * 3_600_000).toISOString();
  return {
    id: chatIdOf(n),
    appId: chatApp.id,
    kind: 'private',
    isSupport: false,
    name: 'Ben Maier',
    avatarUrl: null,
    partner: ben,
    isPublic: false,
    isMemberAllowToChat: true,
    hideMembers: false,
    requiredStatusId: null,
    requiredLevel: null,
    membersCount: 2,
    moderators: [],
    role: 'member',
    newMessageCounter: 0,
    lastSeq: 3,
    lastReadSeq: 3,
    isBlocked: false,
    isBlockedByPartner: false,
    lastMessage: {
      id: uuid(9000 + n),
      excerpt: `Letzte Nachricht ${n}`,
      content: null,
      author: ben,
      isDeleted: false,
      createdAt: at,
    },
    permissions: { can: ['view', 'messages', 'block', 'clear', 'delete'] },
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A message of chat 1; the defaults: Ben wrote "Nachricht {n}" n minutes after 9:00 today. */
export function testMessage(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  const today = new Date();
  today.setHours(9, n, 0, 0);
  return {
    id: uuid(9100 + n),
    chatId: chatIdOf(1),
    seq: n,
    clientId: null,
    author: ben,
    body: `<p>Nachricht ${n}</p>`,
    replyTo: null,
    attachments: [],
    isVoice: false,
    gif: null,
    vote: null,
    isDeleted: false,
    createdAt: today.toISOString(),
    editedAt: null,
    permissions: { can: [] },
    ...overrides,
  };
}

export const pageOf = <T,>(data: T[], page = 1, pages = 1, total = data.length) => ({
  data,
  meta: { page, pages, total },
});

export const listAnswer =
  (chats: Chat[]): Route =>
  () =>
    json(200, pageOf(chats));

/** The chat area as the app shell hosts it: the app's socket open, the app provided. */
function ChatArea({ app }: { app: App }) {
  useRealtimeConnection(app.id);
  return (
    <CurrentAppContext value={app}>
      <ChatLayout />
    </CurrentAppContext>
  );
}

/** Renders the chat area's real route tree at `url`. */
export function renderChat(url: string, app: App = chatApp) {
  return renderRoutes(
    [
      {
        path: '/:appSlug/chat',
        element: <ChatArea app={app} />,
        children: [
          { index: true, element: <ChatHome /> },
          { path: 'create', element: <CreateChatPage /> },
          { path: ':chatId', element: <ConversationPage /> },
        ],
      },
    ],
    { url, host: 'app' },
  );
}
