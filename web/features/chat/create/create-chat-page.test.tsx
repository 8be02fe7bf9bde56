import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentAppContext } from '../../../kernel/current-app';
import { expectNoAxeViolations } from '../../../test/axe';
import { callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { ben, chatApp, pageOf, renderChat, testChat } from '../chat-test-data';
import { cloudApp, testEntity } from '../conversation/attachments/attachment-test-data';
import { MemberMessagesPage } from '../member-messages-page';
import { pictureDialog } from '../picture-dialog.fixture';

vi.mock('socket.io-client', async () => (await import('../chat-socket.fixture')).fakeSocketModule());

// The library's lazy module: a picture dialog that hands over the cut-out the test chose.
vi.mock('../../cloud', async () => (await import('../picture-dialog.fixture')).fakeCloudModule());

const chatsPath = `/api/apps/${chatApp.id}/chats`;
const group = testChat(3, { kind: 'group', name: 'Yoga-Runde', partner: null, role: 'moderator' });

beforeEach(() => {
  signInForTest();
});

describe('a new chat', () => {
  it('offers only the kinds the app allows', async () => {
    stubFetch({ [`GET ${chatsPath}`]: () => json(200, pageOf([])) });
    renderChat('/akademie/chat/create', {
      ...chatApp,
      permissions: { can: ['view', 'view_chats', 'create_group_chat', 'create_public_group_chat'] },
    });
    await screen.findByRole('heading', { name: 'Neuer Chat' });
    expect(screen.queryByTestId('chat-kind-private')).toBeNull();
    expect(screen.getByTestId('chat-kind-group')).toBeTruthy();
    expect(screen.getByTestId('chat-kind-public')).toBeTruthy();
    expect(screen.getByTestId('chat-kind-channel')).toBeTruthy();
  });

  it('makes a channel with its name and opens it', async () => {
    const fetchMock = stubFetch({
      [`GET ${chatsPath}`]: () => json(200, pageOf([])),
      [`POST ${chatsPath}`]: () => json(201, { data: group }),
      [`GET /api/chats/${group.id}`]: () => json(200, { data: group }),
      [`GET /api/chats/${group.id}/messages`]: () => json(200, pageOf([])),
    });
    renderChat('/akademie/chat/create');
    fireEvent.click(await screen.findByRole('radio', { name: /Kanal/ }));
    fireEvent.click(screen.getByTestId('chat-create-submit'));
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${chatsPath}`)).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), {
      target: { value: '  Ankündigungen ' },
    });
    fireEvent.click(screen.getByTestId('chat-create-submit'));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${chatsPath}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST ${chatsPath}`)[0]).toEqual({
      kind: 'group',
      name: 'Ankündigungen',
      profileIds: [],
      isPublic: false,
      isMemberAllowToChat: false,
      hideMembers: false,
      avatarId: null,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Yoga-Runde' })).toBeTruthy();
  });

  it('gives a group a picture from the library, shows it, and takes it away again', async () => {
    const picture = testEntity(1);
    pictureDialog.picture = picture;
    let answer = json(400, {
      code: 'VALIDATION_FAILED',
      message: 'errors.VALIDATION_FAILED',
      errors: { avatarId: 'validation.invalidValue' },
    });
    const fetchMock = stubFetch({
      [`GET ${chatsPath}`]: () => json(200, pageOf([])),
      [`POST ${chatsPath}`]: () => answer,
      [`GET /api/chats/${group.id}`]: () => json(200, { data: group }),
      [`GET /api/chats/${group.id}/messages`]: () => json(200, pageOf([])),
    });
    renderChat('/akademie/chat/create', cloudApp);
    // A private chat has no picture of its own.
    await screen.findByRole('heading', { name: 'Neuer Chat' });
    expect(screen.queryByRole('group', { name: 'Gruppenbild' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^Gruppe/ }));
    const field = screen.getByRole('group', { name: 'Gruppenbild' });
    expect(within(field).queryByRole('img')).toBeNull();
    expect(within(field).queryByRole('button', { name: 'Bild entfernen' })).toBeNull();

    fireEvent.click(within(field).getByRole('button', { name: 'Bild wählen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gruppenbild' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zuschneiden und übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const preview = within(field).getByRole('img', { name: 'Gruppenbild' });
    expect(preview.getAttribute('src')).toBe(picture.thumbnails!.tile);
    expect(within(field).getByRole('button', { name: 'Bild ändern' })).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('chat-create'));

    // Removed before creating: none goes to the server.
    fireEvent.click(within(field).getByRole('button', { name: 'Bild entfernen' }));
    expect(within(field).queryByRole('img')).toBeNull();
    fireEvent.click(within(field).getByRole('button', { name: 'Bild wählen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Zuschneiden und übernehmen' }));
    await within(field).findByRole('img', { name: 'Gruppenbild' });

    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Yoga-Runde' } });
    fireEvent.click(screen.getByTestId('chat-create-submit'));
    // The server refuses the picture: its message stands under the field.
    expect(await within(field).findByRole('alert')).toHaveProperty(
      'textContent',
      'Dieser Wert ist hier nicht zulässig.',
    );
    answer = json(201, { data: group });
    fireEvent.click(screen.getByTestId('chat-create-submit'));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${chatsPath}`)).toHaveLength(2));
    expect(callsTo(fetchMock, `POST ${chatsPath}`)[1]).toMatchObject({
      kind: 'group',
      name: 'Yoga-Runde',
      avatarId: picture.id,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Yoga-Runde' })).toBeTruthy();
  });
});

describe('the member page’s messages', () => {
  it('opens the private chat with the member', async () => {
    const chat = testChat(1);
    const fetchMock = stubFetch({ [`POST ${chatsPath}`]: () => json(200, { data: chat }) });
    const { router } = renderRoutes(
      [
        {
          path: '/:appSlug/m/:memberId/messages',
          element: (
            <CurrentAppContext value={chatApp}>
              <MemberMessagesPage />
            </CurrentAppContext>
          ),
        },
        { path: '/:appSlug/chat/:chatId', element: <p>Chat offen</p> },
      ],
      { url: `/akademie/m/${ben.profileId}/messages`, host: 'app' },
    );
    expect(await screen.findByText('Chat offen')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/akademie/chat/${chat.id}`);
    expect(callsTo(fetchMock, `POST ${chatsPath}`)).toEqual([{ kind: 'private', profileId: ben.profileId }]);
  });

  it('says so when the chat cannot be opened', async () => {
    stubFetch({
      [`POST ${chatsPath}`]: () => json(403, { code: 'CHAT_BLOCKED', message: 'errors.CHAT_BLOCKED' }),
    });
    renderRoutes(
      [
        {
          path: '/:appSlug/m/:memberId/messages',
          element: (
            <CurrentAppContext value={chatApp}>
              <MemberMessagesPage />
            </CurrentAppContext>
          ),
        },
      ],
      { url: `/akademie/m/${ben.profileId}/messages`, host: 'app' },
    );
    expect(await screen.findByText(/Diese Person hat Sie blockiert/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zum Profil' }).getAttribute('href')).toBe(
      `/akademie/m/${ben.profileId}`,
    );
  });
});
