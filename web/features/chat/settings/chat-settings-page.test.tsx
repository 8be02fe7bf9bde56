import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatSettingsDefaults, type ChatSettings } from '../../../../contracts/chat-settings';
import type { App } from '../../../../contracts/apps';
import { createRoutes } from '../../../app/routes';
import { CurrentAppContext } from '../../../kernel/current-app';
import { installSessionHandling } from '../../../kernel/session/session';
import { useUiStore } from '../../../kernel/ui-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch, testApp } from '../../../test/fixtures';
import { renderRoutes, renderWithProviders } from '../../../test/render';
import { ChatSettingsPage } from './chat-settings-page';
import { chatSettingsChangesOf } from './chat-settings-values';

const path = `/api/apps/${testApp.id}/chat-settings`;
const managerApp: App = { ...testApp, permissions: { can: ['view', 'view_chats', 'edit', 'settings_app'] } };

let uninstall: () => void = () => {};
beforeEach(() => {
  uninstall = installSessionHandling();
  signInForTest();
});
afterEach(() => {
  uninstall();
  useUiStore.setState({ isMobile: false });
});

/** The settings screen alone (the settings' layout and menu are app-settings' tests, and one below). */
const renderSettings = ({ phone = false } = {}) => {
  useUiStore.setState({ isMobile: phone });
  return renderWithProviders(
    <CurrentAppContext value={managerApp}>
      <main>
        <ChatSettingsPage />
      </main>
    </CurrentAppContext>,
    { path: '/:appSlug/settings/chat', url: '/akademie/settings/chat', host: 'app' },
  );
};

const checkbox = (kind: string, name: string) =>
  within(screen.getByTestId(`chat-creators-${kind}`)).getByRole<HTMLInputElement>('checkbox', { name });

describe('chat settings', () => {
  it('shows who starts which chat and saves only what changed', async () => {
    let saved: ChatSettings = { ...chatSettingsDefaults };
    const fetchMock = stubFetch({
      [`GET ${path}`]: () => json(200, { data: saved }),
      [`PATCH ${path}`]: (init) => {
        saved = { ...saved, ...(bodyOf(init) as Partial<ChatSettings>) };
        return json(200, { data: saved });
      },
    });
    const { container } = renderSettings();
    await screen.findByTestId('chat-settings-form');
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(checkbox('private', 'Mitglieder').checked).toBe(true);
    expect(checkbox('public', 'Mitglieder').checked).toBe(false);
    expect(checkbox('public', 'Moderatoren').checked).toBe(true);
    expect(screen.getAllByText('Admins: immer')).toHaveLength(3);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Lesebestätigungen anzeigen/ }).checked).toBe(
      false,
    );
    await expectNoAxeViolations(container);

    fireEvent.click(checkbox('private', 'Mitglieder'));
    fireEvent.click(screen.getByRole('switch', { name: /Lesebestätigungen anzeigen/ }));
    fireEvent.click(
      within(screen.getByTestId('chat-settings-save-bar')).getByRole('button', { name: /speichern/i }),
    );
    await waitFor(() => expect(callsTo(fetchMock, `PATCH ${path}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `PATCH ${path}`)[0]).toEqual({
      privateChatCreators: ['moderator'],
      readMarkers: true,
    });
    expect(await screen.findByText('Die Chat-Einstellungen wurden gespeichert.')).toBeTruthy();
    await waitFor(() => expect(checkbox('private', 'Mitglieder').checked).toBe(false));
  });

  it('warns on a phone when a role may start public groups but no group chats, and discards', async () => {
    const fetchMock = stubFetch({ [`GET ${path}`]: () => json(200, { data: chatSettingsDefaults }) });
    renderSettings({ phone: true });
    await screen.findByTestId('chat-settings-form');
    expect(screen.queryByTestId('chat-public-needs-group')).toBeNull();
    fireEvent.click(checkbox('group', 'Moderatoren'));
    expect(await screen.findByTestId('chat-public-needs-group')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Verwerfen/ }));
    expect(checkbox('group', 'Moderatoren').checked).toBe(true);
    expect(screen.queryByTestId('chat-public-needs-group')).toBeNull();
    expect(callsTo(fetchMock, `PATCH ${path}`)).toHaveLength(0);
  });

  it('says so when the settings cannot be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({
      [`GET ${path}`]: () =>
        fail
          ? json(500, { code: 'INTERNAL', message: 'errors.generic' })
          : json(200, { data: chatSettingsDefaults }),
    });
    renderSettings();
    expect(await screen.findByTestId('chat-settings-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('chat-settings-form')).toBeTruthy();
  });

  it('is a section of the app settings for the app’s managers only', async () => {
    stubFetch({
      'GET /api/router': () => json(200, { type: 'app', entity: null, app: managerApp }),
      [`GET ${path}`]: () => json(200, { data: chatSettingsDefaults }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/settings/chat', host: 'app' });
    expect(await screen.findByTestId('chat-settings-form')).toBeTruthy();
    expect(screen.getByTestId('settings-nav-chat').getAttribute('href')).toBe('/akademie/settings/chat');
  });
});

describe('chat settings changes', () => {
  it('compares role lists by what they mean and sends them in order', () => {
    const values: ChatSettings = {
      ...chatSettingsDefaults,
      groupChatCreators: ['moderator', 'member'],
      publicGroupChatCreators: ['moderator', 'member'],
      voiceMessages: true,
    };
    expect(chatSettingsChangesOf(chatSettingsDefaults, values)).toEqual({
      publicGroupChatCreators: ['member', 'moderator'],
      voiceMessages: true,
    });
    expect(chatSettingsChangesOf(chatSettingsDefaults, { ...chatSettingsDefaults })).toEqual({});
  });
});
