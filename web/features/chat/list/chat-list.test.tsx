import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentAppContext } from '../../../kernel/current-app';
import { useRealtimeConnection } from '../../../kernel/realtime';
import { expectNoAxeViolations } from '../../../test/axe';
import { callsTo, json, signInForTest, stubFetch, urlOf } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ChatBadge } from '../chat-badge';
import { deliver } from '../chat-socket.fixture';
import { anna, ben, chatApp, renderChat, testChat, testMessage } from '../chat-test-data';

vi.mock('socket.io-client', async () => (await import('../chat-socket.fixture')).fakeSocketModule());

const chatsPath = `/api/apps/${chatApp.id}/chats`;
const counterPath = `/api/apps/${chatApp.id}/messages/counter`;

const page = (data: unknown[]) => ({ data, meta: { page: 1, pages: 1, total: data.length } });

beforeEach(() => {
  signInForTest();
});

const names = () => screen.getAllByTestId('chat-name').map((name) => name.textContent);

describe('the chat list', () => {
  it('shows the chats with their last message, time and unread count, and passes axe', async () => {
    const group = testChat(2, {
      kind: 'group',
      name: 'Yoga-Runde',
      avatarUrl: 'https://files.test/yoga/tile.webp',
      partner: null,
      membersCount: 5,
      newMessageCounter: 3,
      requiredStatusId: '0190f5a2-7c1e-7b4e-9a55-000000007100',
      requiredLevel: { level: 2, name: 'Silber', points: 50 },
      lastMessage: { ...testChat(2).lastMessage!, author: anna, excerpt: 'Bis morgen!' },
    });
    stubFetch({ [`GET ${chatsPath}`]: () => json(200, page([testChat(1), group])) });
    renderChat('/akademie/chat');

    const list = await screen.findByRole('list', { name: 'Meine Chats' });
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Ben Maier');
    expect(items[0]!.textContent).toContain('Letzte Nachricht 1');
    // One's own last message says so; the unread count is named for screen readers.
    expect(items[1]!.textContent).toContain('Sie: Bis morgen!');
    expect(within(items[1]!).getByTestId('chat-unread').textContent).toContain('3 ungelesene Nachrichten');
    expect(within(items[0]!).queryByTestId('chat-unread')).toBeNull();
    // A chat that asks for a level says which.
    expect(within(items[1]!).getByTestId('chat-required-level').textContent).toBe('Ab Level 2');
    expect(within(items[0]!).queryByTestId('chat-required-level')).toBeNull();
    expect(items[0]!.getAttribute('href')).toBe(`/akademie/chat/${testChat(1).id}`);
    // The group shows its picture.
    expect(items[1]!.querySelector('img')?.getAttribute('src')).toBe('https://files.test/yoga/tile.webp');
    expect(screen.getByTestId('chat-home')).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('chat-layout'));
  });

  it('searches by name 500 ms after the last key, once', async () => {
    const fetchMock = stubFetch({
      [`GET ${chatsPath}`]: (_init, url) =>
        json(200, page(url.searchParams.get('search') === 'yoga' ? [] : [testChat(1)])),
    });
    renderChat('/akademie/chat');
    await screen.findByRole('list', { name: 'Meine Chats' });
    const search = screen.getByRole('searchbox', { name: 'Chats durchsuchen' });
    fireEvent.change(search, { target: { value: 'y' } });
    fireEvent.change(search, { target: { value: 'yog' } });
    fireEvent.change(search, { target: { value: 'yoga' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(fetchMock, `GET ${chatsPath}`)).toHaveLength(1);

    expect(await screen.findByText('Kein Chat gefunden')).toBeTruthy();
    const searches = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost').searchParams.get('search'))
      .filter(Boolean);
    expect(searches).toEqual(['yoga']);
  });

  it('says so when there is no chat yet and offers to start one', async () => {
    stubFetch({ [`GET ${chatsPath}`]: () => json(200, page([])) });
    renderChat('/akademie/chat');
    const empty = await screen.findByTestId('chat-list-empty');
    expect(within(empty).getByText('Noch keine Chats')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Chat beginnen' }).getAttribute('href')).toBe(
      '/akademie/chat/create',
    );
  });

  it('offers no new chat to someone who may start none', async () => {
    stubFetch({ [`GET ${chatsPath}`]: () => json(200, page([])) });
    renderChat('/akademie/chat', {
      ...chatApp,
      permissions: { can: ['view', 'view_profiles', 'view_posts', 'view_chats'] },
    });
    await screen.findByTestId('chat-list-empty');
    expect(screen.queryByRole('link', { name: 'Chat beginnen' })).toBeNull();
    expect(screen.queryByTestId('chat-create-link')).toBeNull();
  });

  it('moves a chat to the top with its new message and takes the unread count from the socket', async () => {
    const fetchMock = stubFetch({
      [`GET ${chatsPath}`]: () => json(200, page([testChat(1), testChat(2, { name: 'Cleo Braun' })])),
    });
    renderChat('/akademie/chat');
    await screen.findByRole('list', { name: 'Meine Chats' });
    expect(names()).toEqual(['Ben Maier', 'Cleo Braun']);

    const message = testMessage(4, {
      chatId: testChat(2).id,
      author: ben,
      body: '<p>Neu &amp; <strong>wichtig</strong></p>',
      createdAt: new Date().toISOString(),
    });
    await deliver('chat:message', message);
    await waitFor(() => expect(names()).toEqual(['Cleo Braun', 'Ben Maier']));
    expect(screen.getAllByTestId('chat-list-item')[0]!.textContent).toContain('Neu & wichtig');

    // Ben's message 4 after the read mark at 3: one unread, counted from the sequences (no count per message).
    expect(
      await within(screen.getAllByTestId('chat-list-item')[0]!).findByText('1 ungelesene Nachricht'),
    ).toBeTruthy();
    // Anna's own message (from another device) reads the chat.
    await deliver('chat:message', { ...message, id: testMessage(5).id, seq: 5, author: anna });
    await waitFor(() =>
      expect(within(screen.getAllByTestId('chat-list-item')[0]!).queryByTestId('chat-unread')).toBeNull(),
    );
    // Everything came with the events: the list is not read again.
    expect(callsTo(fetchMock, `GET ${chatsPath}`)).toHaveLength(1);
  });
});

function BadgeInShell() {
  useRealtimeConnection(chatApp.id);
  return (
    <CurrentAppContext value={chatApp}>
      <ChatBadge app={chatApp} />
    </CurrentAppContext>
  );
}

describe('the chat entry’s badge', () => {
  it('shows the app-wide unread messages and follows `chat:counter`', async () => {
    const fetchMock = stubFetch({ [`GET ${counterPath}`]: () => json(200, { messages: 2 }) });
    renderWithProviders(<BadgeInShell />, { path: '/:appSlug', url: '/akademie', host: 'app' });
    const badge = await screen.findByTestId('chat-nav-badge');
    expect(badge.textContent).toContain('2 ungelesene Nachrichten');

    await deliver('chat:counter', { chatId: testChat(1).id, newMessageCounter: 4, messages: 5 });
    await waitFor(() => expect(screen.getByTestId('chat-nav-badge').textContent).toContain('5 ungelesene'));

    // Someone else's message counts one more without asking the server.
    await deliver('chat:message', testMessage(9, { author: ben }));
    await waitFor(() => expect(screen.getByTestId('chat-nav-badge').textContent).toContain('6 ungelesene'));

    await deliver('chat:counter', { chatId: null, newMessageCounter: 0, messages: 0 });
    await waitFor(() => expect(screen.queryByTestId('chat-nav-badge')).toBeNull());
    expect(callsTo(fetchMock, `GET ${counterPath}`)).toHaveLength(1);
  });
});
