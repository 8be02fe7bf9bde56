import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat } from '../../../../contracts/chat';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import type { ChatReadMark } from '../../../../contracts/chat-read-marks';
import { renderWithProviders } from '../../../test/render';
import { callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { deliver } from '../chat-socket.fixture';
import { anna, ben, chatApp, cleo, pageOf, renderChat, testChat, testMessage } from '../chat-test-data';
import { SeenBy } from './seen-by';

vi.mock('socket.io-client', async () => (await import('../chat-socket.fixture')).fakeSocketModule());

const chatsPath = `/api/apps/${chatApp.id}/chats`;

beforeEach(() => {
  signInForTest();
});

const mark = (person: typeof anna, lastReadSeq: number): ChatReadMark => ({ ...person, lastReadSeq });

function renderConversation(chat: Chat, messages: ChatMessage[], marks: ChatReadMark[]) {
  const fetchMock = stubFetch({
    [`GET ${chatsPath}`]: () => json(200, pageOf([chat])),
    [`GET /api/chats/${chat.id}`]: () => json(200, { data: chat }),
    [`GET /api/chats/${chat.id}/messages`]: () => json(200, pageOf([...messages].reverse())),
    [`GET /api/chats/${chat.id}/read-marks`]: () => json(200, { data: marks }),
    'PATCH /api/chats/read': () => new Response(null, { status: 204 }),
  });
  renderChat(`/akademie/chat/${chat.id}`);
  return fetchMock;
}

const messageItem = (id: string) =>
  screen.getAllByTestId('chat-message').find((item) => item.getAttribute('data-message-id') === id)!;

describe('read markers in a conversation', () => {
  it('says “Gesehen” under one’s newest message once the partner has read it', async () => {
    const chat = testChat(1, { permissions: { can: ['view', 'messages', 'block', 'clear', 'read_marks'] } });
    const own = testMessage(3, { author: anna });
    const fetchMock = renderConversation(
      chat,
      [testMessage(1), testMessage(2, { author: anna }), own],
      [mark(anna, 3), mark(ben, 2)],
    );
    await screen.findByRole('log');
    await waitFor(() => expect(callsTo(fetchMock, `GET /api/chats/${chat.id}/read-marks`)).toHaveLength(1));
    // Ben read up to 2: the newest own message (3) is not seen yet, and older ones carry no line.
    expect(screen.queryByTestId('message-seen')).toBeNull();

    await deliver('chat:read', { chatId: chat.id, profileId: ben.profileId, lastReadSeq: 3 });
    expect(await within(messageItem(own.id)).findByText('Gesehen')).toBeTruthy();
    expect(screen.getAllByTestId('message-seen')).toHaveLength(1);
  });

  it('names the readers in a group and follows their messages', async () => {
    const chat = testChat(2, {
      kind: 'group',
      name: 'Lesekreis',
      partner: null,
      membersCount: 3,
      permissions: { can: ['view', 'messages', 'leave', 'clear', 'read_marks'] },
    });
    const own = testMessage(3, { author: anna, chatId: chat.id });
    renderConversation(
      chat,
      [testMessage(1, { chatId: chat.id }), testMessage(2, { chatId: chat.id, author: cleo }), own],
      [mark(anna, 3), mark(ben, 3), mark(cleo, 2)],
    );
    expect(await within(await findItem(own.id)).findByText('Gesehen von Ben Maier')).toBeTruthy();
    // Cleo writes: her message says she has read everything before it.
    await deliver('chat:message', testMessage(4, { chatId: chat.id, author: cleo, body: '<p>Gelesen</p>' }));
    expect(await within(messageItem(own.id)).findByText('Von allen gesehen')).toBeTruthy();
  });

  it('asks for nothing where the chat shows no read markers', async () => {
    const chat = testChat(3);
    const fetchMock = renderConversation(chat, [testMessage(1, { author: anna, chatId: chat.id })], []);
    await screen.findByRole('log');
    expect(callsTo(fetchMock, `GET /api/chats/${chat.id}/read-marks`)).toHaveLength(0);
    expect(screen.queryByTestId('message-seen')).toBeNull();
  });

  it('updates the header when a moderator renames the group or changes its picture', async () => {
    const chat = testChat(4, {
      kind: 'group',
      name: 'Lesekreis',
      partner: null,
      permissions: { can: ['view', 'messages', 'leave', 'clear'] },
    });
    renderConversation(chat, [], []);
    expect(await screen.findByRole('heading', { level: 2, name: 'Lesekreis' })).toBeTruthy();
    await deliver('chat:settings', {
      chatId: chat.id,
      name: 'Bücherfreunde',
      avatarUrl: 'https://files.test/buecher/tile.webp',
      isPublic: false,
      isMemberAllowToChat: true,
      hideMembers: false,
      moderators: [ben],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Bücherfreunde' })).toBeTruthy();
    expect(document.querySelector('img[src="https://files.test/buecher/tile.webp"]')).not.toBeNull();
  });
});

describe('the “seen by” line', () => {
  const group: Pick<Chat, 'kind'> = { kind: 'group' };
  const own = testMessage(5, { author: anna });
  const people = ['Ben', 'Cleo', 'Dora', 'Emil', 'Fritz'].map((name, index) => ({
    profileId: `0190f5a2-7c1e-7b4e-9a55-00000000a00${index}`,
    name,
    avatarUrl: null,
    lastReadSeq: 5,
  }));

  it('names up to three readers and counts the rest', () => {
    renderWithProviders(
      <SeenBy chat={group} message={own} marks={[mark(anna, 5), ...people, mark(cleo, 1)]} />,
    );
    expect(screen.getByTestId('message-seen').textContent).toBe(
      'Gesehen von Ben, Cleo, Dora und 2 weiteren Personen',
    );
  });
});

async function findItem(id: string) {
  await waitFor(() => expect(messageItem(id)).toBeTruthy());
  return messageItem(id);
}
