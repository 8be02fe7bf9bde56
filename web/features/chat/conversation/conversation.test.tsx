import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat } from '../../../../contracts/chat';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import { expectNoAxeViolations } from '../../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch, type Route } from '../../../test/fixtures';
import { deliver } from '../chat-socket.fixture';
import { anna, ben, chatApp, cleo, pageOf, renderChat, testChat, testMessage } from '../chat-test-data';

vi.mock('socket.io-client', async () => (await import('../chat-socket.fixture')).fakeSocketModule());

const chat = testChat(1);
const chatsPath = `/api/apps/${chatApp.id}/chats`;
const chatPath = `/api/chats/${chat.id}`;
const messagesPath = `/api/chats/${chat.id}/messages`;
const url = `/akademie/chat/${chat.id}`;

beforeEach(() => {
  signInForTest();
});

function renderConversation(
  messages: ChatMessage[],
  { chat: shown = chat, routes = {} }: { chat?: Chat; routes?: Record<string, Route> } = {},
) {
  const fetchMock = stubFetch({
    [`GET ${chatsPath}`]: () => json(200, pageOf([shown])),
    [`GET /api/chats/${shown.id}`]: () => json(200, { data: shown }),
    [`GET /api/chats/${shown.id}/messages`]: () => json(200, pageOf([...messages].reverse())),
    'PATCH /api/chats/read': () => new Response(null, { status: 204 }),
    [`POST /api/chats/${shown.id}/typing`]: () => new Response(null, { status: 204 }),
    ...routes,
  });
  renderChat(`/akademie/chat/${shown.id}`);
  return fetchMock;
}

const log = () => screen.findByRole('log', { name: `Nachrichten in ${chat.name}` });
const bodies = () => screen.getAllByTestId('chat-message-body').map((element) => element.textContent);
const field = () => screen.getByRole('textbox', { name: 'Nachricht an Ben Maier' });

function typeAndEnterIn(target: HTMLElement, text: string) {
  fireEvent.change(target, { target: { value: text } });
  fireEvent.keyDown(target, { key: 'Enter' });
}

const typeAndEnter = (text: string) => typeAndEnterIn(field(), text);

/** A promise the test resolves: the server's answer held back. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('a conversation', () => {
  it('shows the messages oldest first with day separators, own ones marked, and passes axe', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    yesterday.setHours(18, 0, 0, 0);
    renderConversation([
      testMessage(1, { createdAt: yesterday.toISOString(), body: '<p>Gestern <em>Abend</em></p>' }),
      testMessage(2),
      testMessage(3),
      testMessage(4, { author: anna, body: '<p>Hallo Ben</p>', permissions: { can: ['edit', 'delete'] } }),
    ]);
    const messages = await log();
    expect(bodies()).toEqual(['Gestern Abend', 'Nachricht 2', 'Nachricht 3', 'Hallo Ben']);
    expect(
      within(messages)
        .getAllByTestId('day-separator')
        .map((day) => day.textContent),
    ).toEqual(['Gestern', 'Heute']);
    const items = within(messages).getAllByTestId('chat-message');
    // Ben's two messages of today are one run: his name shows once, the second says it to screen readers only.
    expect(items[1]!.hasAttribute('data-first')).toBe(true);
    expect(items[2]!.hasAttribute('data-first')).toBe(false);
    expect(items[3]!.hasAttribute('data-own')).toBe(true);
    expect(items[1]!.hasAttribute('data-own')).toBe(false);
    expect(screen.getByRole('heading', { level: 2, name: 'Ben Maier' })).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('chat-layout'));
  });

  it('sends with Enter, shows the message at once and once the server has it, never twice', async () => {
    const answer = deferred<Response>();
    const fetchMock = renderConversation([testMessage(1)], {
      routes: { [`POST ${messagesPath}`]: () => answer.promise },
    });
    await log();
    // Shift+Enter breaks the line instead of sending.
    fireEvent.change(field(), { target: { value: 'Erste Zeile' } });
    fireEvent.keyDown(field(), { key: 'Enter', shiftKey: true });
    expect(callsTo(fetchMock, `POST ${messagesPath}`)).toHaveLength(0);

    typeAndEnter('Kommst du <morgen>?\nUm 9');
    const pending = await screen.findByTestId('chat-message-pending');
    expect(pending.textContent).toContain('Kommst du <morgen>?');
    expect(pending.textContent).toContain('wird gesendet');
    expect((field() as HTMLTextAreaElement).value).toBe('');
    const [sent] = callsTo(fetchMock, `POST ${messagesPath}`);
    expect(sent?.body).toBe('<p>Kommst du &lt;morgen&gt;?<br>Um 9</p>');
    expect(sent?.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.replyToMessageId).toBeNull();

    const stored = testMessage(2, {
      author: anna,
      clientId: String(sent?.clientId),
      body: String(sent?.body),
      createdAt: new Date().toISOString(),
    });
    // The socket may bring it before the answer does: still one message.
    await deliver('chat:message', stored);
    answer.resolve(json(201, { data: stored }));
    await waitFor(() => expect(screen.queryByTestId('chat-message-pending')).toBeNull());
    expect(bodies()).toEqual(['Nachricht 1', 'Kommst du <morgen>?Um 9']);
  });

  it('offers the group’s members after @, puts the picked name in the text and sends it as a mention', async () => {
    const group = testChat(5, { kind: 'group', name: 'Wandergruppe', partner: null, membersCount: 3 });
    const groupMessages = `/api/chats/${group.id}/messages`;
    const searched: (string | null)[] = [];
    const fetchMock = renderConversation([], {
      chat: group,
      routes: {
        [`GET /api/chats/${group.id}/profiles`]: (_init, address) => {
          searched.push(address.searchParams.get('search'));
          const members = [anna, cleo].map((person) => ({
            ...person,
            role: 'member',
            joinedAt: group.createdAt,
          }));
          return json(200, pageOf(members));
        },
        [`POST ${groupMessages}`]: (init) =>
          json(201, {
            data: testMessage(9, { chatId: group.id, author: anna, body: String(bodyOf(init).body) }),
          }),
      },
    });
    const groupField = await screen.findByRole('textbox', { name: 'Nachricht an Wandergruppe' });
    fireEvent.change(groupField, { target: { value: 'Hallo @Cl' } });
    const list = await screen.findByRole('listbox', { name: 'Mitglieder erwähnen' });
    // The caller is not offered; the field names the highlighted person for screen readers.
    expect(within(list).getAllByRole('option')).toEqual([
      within(list).getByRole('option', { name: 'Cleo Braun' }),
    ]);
    expect(groupField.getAttribute('aria-activedescendant')).toBe(within(list).getByRole('option').id);
    expect(searched).toEqual(['Cl']);

    fireEvent.keyDown(groupField, { key: 'Enter' });
    expect((groupField as HTMLTextAreaElement).value).toBe('Hallo @Cleo Braun ');
    expect(screen.queryByRole('listbox', { name: 'Mitglieder erwähnen' })).toBeNull();
    expect(callsTo(fetchMock, `POST ${groupMessages}`)).toHaveLength(0);

    typeAndEnterIn(groupField, 'Hallo @Cleo Braun, kommst du?');
    await waitFor(() => expect(callsTo(fetchMock, `POST ${groupMessages}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST ${groupMessages}`)[0]?.body).toBe(
      `<p>Hallo <span data-type="mention" data-id="${cleo.profileId}" data-label="Cleo Braun">@Cleo Braun</span>, kommst du?</p>`,
    );
  });

  it('keeps a failed message with a retry that sends the same client id', async () => {
    let attempts = 0;
    const fetchMock = renderConversation([testMessage(1)], {
      routes: {
        [`POST ${messagesPath}`]: (init) => {
          attempts += 1;
          if (attempts === 1) {
            return json(503, { code: 'SERVICE_UNAVAILABLE', message: 'errors.generic' });
          }
          const body = bodyOf(init);
          return json(201, {
            data: testMessage(2, { author: anna, clientId: String(body.clientId), body: String(body.body) }),
          });
        },
      },
    });
    await log();
    typeAndEnter('Hallo?');
    const failed = await screen.findByText(/Nicht gesendet/);
    expect(failed).toBeTruthy();
    fireEvent.click(screen.getByTestId('message-retry'));
    await waitFor(() => expect(screen.queryByTestId('chat-message-pending')).toBeNull());
    const calls = callsTo(fetchMock, `POST ${messagesPath}`);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.clientId).toBe(calls[0]?.clientId);
    expect(bodies().filter((text) => text === 'Hallo?')).toHaveLength(1);
  });

  it('shows a message of the socket as it arrives and marks the chat read; other chats’ stay out', async () => {
    const fetchMock = renderConversation([testMessage(1)]);
    await log();
    await deliver('chat:message', testMessage(2, { chatId: testChat(9).id, body: '<p>Anderswo</p>' }));
    await deliver('chat:message', testMessage(3, { body: '<p>Bin gleich da</p>' }));
    await waitFor(() => expect(bodies()).toEqual(['Nachricht 1', 'Bin gleich da']));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/chats/read')).toEqual([{ chatIds: [chat.id] }]),
    );
  });

  it('says who is typing until their message comes', async () => {
    renderConversation([testMessage(1)]);
    await log();
    await deliver('chat:typing', { chatId: chat.id, person: ben });
    expect((await screen.findByTestId('typing-line')).textContent).toBe('Ben Maier schreibt …');
    await deliver('chat:typing', { chatId: chat.id, person: cleo });
    await waitFor(() =>
      expect(screen.getByTestId('typing-line').textContent).toBe('Ben Maier und Cleo Braun schreiben …'),
    );
    await deliver('chat:message', testMessage(2));
    await waitFor(() => expect(screen.getByTestId('typing-line').textContent).toBe('Cleo Braun schreibt …'));
  });

  it('answers a message through its menu', async () => {
    const fetchMock = renderConversation([testMessage(1)], {
      routes: {
        [`POST ${messagesPath}`]: (init) =>
          json(201, {
            data: testMessage(2, { author: anna, clientId: String(bodyOf(init).clientId) }),
          }),
      },
    });
    await log();
    fireEvent.click(screen.getByRole('button', { name: 'Aktionen für die Nachricht von Ben Maier' }));
    fireEvent.click(await screen.findByTestId('message-reply'));
    expect((await screen.findByTestId('composer-reply')).textContent).toContain('Antwort an Ben Maier');
    typeAndEnter('Gern');
    await waitFor(() => expect(callsTo(fetchMock, `POST ${messagesPath}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST ${messagesPath}`)[0]?.replyToMessageId).toBe(testMessage(1).id);
    expect(screen.queryByTestId('composer-reply')).toBeNull();
  });
});

describe('what a conversation offers by ability', () => {
  it('offers edit and delete only where `permissions.can` has them', async () => {
    renderConversation([
      testMessage(1),
      testMessage(2, { author: anna, permissions: { can: ['edit', 'delete'] } }),
    ]);
    await log();
    const [theirs, own] = screen.getAllByTestId('chat-message');
    fireEvent.click(within(theirs!).getByTestId('message-menu'));
    expect(await screen.findByTestId('message-reply')).toBeTruthy();
    expect(screen.queryByTestId('message-edit')).toBeNull();
    expect(screen.queryByTestId('message-delete')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('message-reply')).toBeNull());

    fireEvent.click(within(own!).getByTestId('message-menu'));
    expect(await screen.findByTestId('message-edit')).toBeTruthy();
    expect(screen.getByTestId('message-delete')).toBeTruthy();
  });

  it('replaces the composer by a note in a channel where the member may not write, with no message menu', async () => {
    const channel = testChat(1, {
      kind: 'group',
      name: 'Ankündigungen',
      partner: null,
      isMemberAllowToChat: false,
      membersCount: 40,
      permissions: { can: ['view', 'leave'] },
    });
    renderConversation([testMessage(1)], { chat: channel });
    expect(await screen.findByTestId('composer-note')).toBeTruthy();
    expect(screen.getByTestId('composer-note').textContent).toContain('In diesem Kanal schreiben nur');
    expect(screen.queryByRole('textbox')).toBeNull();
    await screen.findByRole('log', { name: 'Nachrichten in Ankündigungen' });
    expect(screen.queryByTestId('message-menu')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Chat-Aktionen' }));
    expect(await screen.findByTestId('chat-menu-leave')).toBeTruthy();
    expect(screen.queryByTestId('chat-menu-delete')).toBeNull();
    expect(screen.queryByTestId('chat-menu-clear')).toBeNull();
    expect(screen.queryByTestId('chat-menu-edit')).toBeNull();
  });

  it('shows a private chat the caller blocked without a composer, and unblocks it', async () => {
    let blocked = true;
    const fetchMock = stubFetch({
      [`GET ${chatsPath}`]: () => json(200, pageOf([testChat(1, { isBlocked: blocked })])),
      [`GET ${chatPath}`]: () =>
        json(200, {
          data: testChat(1, {
            isBlocked: blocked,
            permissions: { can: blocked ? ['view', 'unblock'] : ['view', 'messages', 'block'] },
          }),
        }),
      [`GET ${messagesPath}`]: () => json(200, pageOf([testMessage(1)])),
      [`DELETE /api/chats/${chat.id}/block`]: () => {
        blocked = false;
        return new Response(null, { status: 204 });
      },
    });
    renderChat(url);
    expect((await screen.findByTestId('composer-note')).textContent).toContain(
      'Sie haben Ben Maier blockiert.',
    );
    expect(screen.queryByRole('textbox', { name: 'Nachricht an Ben Maier' })).toBeNull();
    fireEvent.click(screen.getByTestId('chat-unblock'));
    expect(await screen.findByRole('textbox', { name: 'Nachricht an Ben Maier' })).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE /api/chats/${chat.id}/block`)).toHaveLength(1);
  });
});
