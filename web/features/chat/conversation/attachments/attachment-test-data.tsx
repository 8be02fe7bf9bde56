import type { Chat } from '../../../../../contracts/chat';
import type { ChatAttachment, ChatGif, ChatMessage } from '../../../../../contracts/chat-messages';
import type { CloudEntity } from '../../../../../contracts/cloud';
import type { Vote } from '../../../../../contracts/community-posts';
import type { App } from '../../../../../contracts/apps';
import { json, stubFetch, type Route } from '../../../../test/fixtures';
import { chatApp, pageOf, renderChat, testChat } from '../../chat-test-data';

/** The attachments' test data: files, a GIF and a poll for the chat fixtures of chat-test-data.tsx. */
const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

/** Anna may use the library in the app (files and voice messages need it). */
export const cloudApp: App = {
  ...chatApp,
  permissions: { can: [...chatApp.permissions.can, 'cloud'] },
};

export const rootId = uuid(6999);

export const groupChat = (overrides: Partial<Chat> = {}) =>
  testChat(1, {
    kind: 'group',
    name: 'Yoga-Runde',
    partner: null,
    membersCount: 3,
    permissions: { can: ['view', 'messages', 'leave'] },
    ...overrides,
  });

export function testAttachment(n: number, overrides: Partial<ChatAttachment> = {}): ChatAttachment {
  return {
    id: uuid(6000 + n),
    name: `Datei ${n}.pdf`,
    mimeType: 'application/pdf',
    type: 'other',
    size: 48_000,
    width: null,
    height: null,
    durationMs: null,
    url: `https://files.test/${n}`,
    thumbUrl: null,
    downloadUrl: `https://files.test/${n}?download=1`,
    ...overrides,
  };
}

export const testPicture = (n: number, overrides: Partial<ChatAttachment> = {}) =>
  testAttachment(n, {
    name: `Bild ${n}.jpg`,
    mimeType: 'image/jpeg',
    type: 'image',
    width: 1200,
    height: 800,
    url: `https://files.test/${n}/preview.webp`,
    thumbUrl: `https://files.test/${n}/tile.webp`,
    ...overrides,
  });

export const testGif: ChatGif = {
  id: 'gif-1',
  title: 'Winkende Katze',
  url: 'https://gifs.test/cat.gif',
  width: 480,
  height: 270,
};

export function testVote(overrides: Partial<Vote> = {}): Vote {
  return {
    id: uuid(6500),
    question: 'Wann treffen wir uns?',
    isMultiple: false,
    endsAt: null,
    isClosed: false,
    options: [
      { id: uuid(6501), text: 'Montag', answersCount: 1 },
      { id: uuid(6502), text: 'Dienstag', answersCount: 0 },
    ],
    votersCount: 1,
    answeredOptionIds: [],
    permissions: { can: ['view', 'answer'] },
    ...overrides,
  };
}

/** A file of the library as the picker or an upload answers it. */
export function testEntity(n: number, overrides: Partial<CloudEntity> = {}): CloudEntity {
  return {
    id: uuid(6000 + n),
    name: `Foto ${n}.jpg`,
    isFolder: false,
    isDeleted: false,
    isFavorite: false,
    parentId: rootId,
    fileInfo: {
      name: `Foto ${n}.jpg`,
      originalName: `Foto ${n}.jpg`,
      mimeType: 'image/jpeg',
      width: 800,
      height: 600,
      size: 120_000,
    },
    url: `https://files.test/${n}`,
    thumbnails: {
      tile: `https://files.test/${n}/tile.webp`,
      table: `https://files.test/${n}/table.webp`,
      preview: `https://files.test/${n}/preview.webp`,
    },
    type: 'image',
    extension: 'jpg',
    status: null,
    encodeProgress: null,
    durationMs: null,
    isCustomThumbnail: false,
    thumbId: null,
    isOwn: true,
    deletedAt: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-28T10:00:00.000Z',
    permissions: { can: ['view'] },
    ...overrides,
  };
}

/** Opens the chat's conversation with these messages; `routes` adds or replaces answers. */
export function renderConversation(
  chat: Chat,
  messages: ChatMessage[],
  { app = cloudApp, routes = {} }: { app?: App; routes?: Record<string, Route> } = {},
) {
  const fetchMock = stubFetch({
    [`GET /api/apps/${app.id}/chats`]: () => json(200, pageOf([chat])),
    [`GET /api/chats/${chat.id}`]: () => json(200, { data: chat }),
    [`GET /api/chats/${chat.id}/messages`]: () => json(200, pageOf([...messages].reverse())),
    'PATCH /api/chats/read': () => new Response(null, { status: 204 }),
    [`POST /api/chats/${chat.id}/typing`]: () => new Response(null, { status: 204 }),
    [`GET /api/projects/${app.projectId}/cloud/folders/content`]: () =>
      json(200, {
        data: [],
        meta: { page: 1, pages: 1, total: 0, files: 0, folders: 0, rootId, folder: null },
      }),
    ...routes,
  });
  renderChat(`/akademie/chat/${chat.id}`, app);
  return fetchMock;
}
