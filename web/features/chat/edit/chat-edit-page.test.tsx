import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat, ChatGroupPatchBody } from '../../../../contracts/chat';
import type { App } from '../../../../contracts/apps';
import { CurrentAppContext } from '../../../kernel/current-app';
import { expectNoAxeViolations } from '../../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { anna, ben, pageOf, testChat } from '../chat-test-data';
import { cloudApp, testEntity } from '../conversation/attachments/attachment-test-data';
import { ChatEditPage } from './chat-edit-page';
import { pictureDialog } from '../picture-dialog.fixture';

// The library's lazy module: a picture dialog that hands over the cut-out the test chose.
vi.mock('../../cloud', async () => (await import('../picture-dialog.fixture')).fakeCloudModule());

const savedPicture = 'https://files.test/blobs/gruppe/tile.webp?sig=1';

const group = (overrides: Partial<Chat> = {}) =>
  testChat(5, {
    kind: 'group',
    name: 'Lesekreis',
    partner: null,
    role: 'moderator',
    moderators: [anna],
    membersCount: 2,
    permissions: { can: ['view', 'messages', 'leave', 'clear', 'edit', 'add_profile', 'delete_profile'] },
    ...overrides,
  });

beforeEach(() => {
  signInForTest();
});

/** The edit page of `chat`; a save answers the chat with the picture the request chose. */
function renderEdit(chat: Chat, app: App = cloudApp) {
  const fetchMock = stubFetch({
    [`GET /api/chats/${chat.id}`]: () => json(200, { data: chat }),
    [`GET /api/chats/${chat.id}/profiles`]: () =>
      json(
        200,
        pageOf([anna, ben].map((person) => ({ ...person, role: 'member', joinedAt: chat.createdAt }))),
      ),
    [`PATCH /api/chats/${chat.id}/group`]: (init) => {
      const patch = bodyOf(init) as ChatGroupPatchBody;
      const avatarUrl =
        patch.avatarId === undefined
          ? chat.avatarUrl
          : patch.avatarId && `https://files.test/${patch.avatarId}`;
      return json(200, { data: { ...chat, avatarUrl } });
    },
  });
  renderWithProviders(
    <CurrentAppContext value={app}>
      <ChatEditPage />
    </CurrentAppContext>,
    { path: '/:appSlug/chat/:chatId/edit', url: `/akademie/chat/${chat.id}/edit`, host: 'app' },
  );
  return fetchMock;
}

const patchesOf = (fetchMock: ReturnType<typeof stubFetch>, chat: Chat) =>
  callsTo(fetchMock, `PATCH /api/chats/${chat.id}/group`);

describe('a group’s picture in its settings', () => {
  it('shows the picture the group has, and removes it with the save', async () => {
    const chat = group({ avatarUrl: savedPicture });
    const fetchMock = renderEdit(chat);
    const field = await screen.findByRole('group', { name: 'Gruppenbild' });
    expect(within(field).getByRole('img', { name: 'Gruppenbild' }).getAttribute('src')).toBe(savedPicture);
    const save = screen.getByTestId('chat-edit-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    await expectNoAxeViolations(screen.getByTestId('chat-edit'));

    fireEvent.click(within(field).getByRole('button', { name: 'Bild entfernen' }));
    expect(within(field).queryByRole('img')).toBeNull();
    // The focus stays in the field, on the way to a new picture.
    expect(document.activeElement).toBe(within(field).getByRole('button', { name: 'Bild wählen' }));
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(patchesOf(fetchMock, chat)).toEqual([{ avatarId: null }]));
    expect(await screen.findByText('Die Einstellungen sind gespeichert.')).toBeTruthy();
    expect(within(field).queryByRole('img')).toBeNull();
  });

  it('sends a newly chosen picture, and only that', async () => {
    const picture = testEntity(2);
    pictureDialog.picture = picture;
    const chat = group();
    const fetchMock = renderEdit(chat);
    const field = await screen.findByRole('group', { name: 'Gruppenbild' });
    expect(within(field).queryByRole('img')).toBeNull();
    fireEvent.click(within(field).getByRole('button', { name: 'Bild wählen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gruppenbild' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zuschneiden und übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(field).getByRole('img', { name: 'Gruppenbild' }).getAttribute('src')).toBe(
      picture.thumbnails!.tile,
    );
    await expectNoAxeViolations(screen.getByTestId('chat-edit'));
    fireEvent.click(screen.getByTestId('chat-edit-save'));
    await waitFor(() => expect(patchesOf(fetchMock, chat)).toEqual([{ avatarId: picture.id }]));
    // Saved: the field shows the chat's picture as the server answered it.
    await waitFor(() =>
      expect(within(field).getByRole('img', { name: 'Gruppenbild' }).getAttribute('src')).toBe(
        `https://files.test/${picture.id}`,
      ),
    );
    expect(screen.getByTestId('chat-edit-save').hasAttribute('disabled')).toBe(true);
  });

  it('leaves the picture alone when something else changes', async () => {
    const chat = group({ avatarUrl: savedPicture });
    const fetchMock = renderEdit(chat);
    fireEvent.change(await screen.findByTestId('chat-edit-name'), { target: { value: 'Lesekreis Nord' } });
    fireEvent.click(screen.getByTestId('chat-edit-save'));
    await waitFor(() => expect(patchesOf(fetchMock, chat)).toEqual([{ name: 'Lesekreis Nord' }]));
  });
});
