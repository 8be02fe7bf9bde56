import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Chat } from '../../../../contracts/chat';
import { CurrentAppContext } from '../../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { anna, ben, chatApp, pageOf, testChat } from '../chat-test-data';
import { ChatMembers } from './chat-members';

const group = (can: Chat['permissions']['can']) =>
  testChat(5, { kind: 'group', name: 'Lesekreis', partner: null, role: 'moderator', permissions: { can } });

const member = (person: typeof anna, role: 'member' | 'moderator') => ({
  ...person,
  role,
  joinedAt: new Date().toISOString(),
});

beforeEach(() => {
  signInForTest();
});

function renderMembers(chat: Chat) {
  let members = [member(anna, 'moderator'), member(ben, 'member')];
  const profilesPath = `/api/chats/${chat.id}/profiles`;
  const fetchMock = stubFetch({
    [`GET ${profilesPath}`]: () => json(200, pageOf(members)),
    [`GET /api/chats/${chat.id}`]: () => json(200, { data: chat }),
    [`DELETE ${profilesPath}/${ben.profileId}`]: () => {
      members = members.filter((person) => person.profileId !== ben.profileId);
      return new Response(null, { status: 204 });
    },
  });
  renderWithProviders(
    <CurrentAppContext value={chatApp}>
      <ChatMembers chat={chat} />
    </CurrentAppContext>,
    { path: '/:appSlug/chat/:chatId/edit', url: `/akademie/chat/${chat.id}/edit`, host: 'app' },
  );
  return fetchMock;
}

describe('the group’s members', () => {
  it('lets a moderator take someone else out, after asking', async () => {
    const chat = group(['view', 'messages', 'leave', 'clear', 'edit', 'add_profile', 'delete_profile']);
    const fetchMock = renderMembers(chat);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByTestId('chat-remove-member')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Ben Maier aus dem Chat entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied entfernen?' });
    expect(within(dialog).getByText(/Ben Maier verlässt den Chat/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Aus dem Chat entfernen/ }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `DELETE /api/chats/${chat.id}/profiles/${ben.profileId}`)).toHaveLength(1),
    );
    expect(await screen.findByText('Ben Maier wurde aus dem Chat entfernt.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Ben Maier')).toBeNull());
  });

  it('shows no remove button without the ability', async () => {
    renderMembers(group(['view', 'messages', 'leave', 'clear']));
    await screen.findByText('Ben Maier');
    expect(screen.queryByTestId('chat-remove-member')).toBeNull();
  });
});
