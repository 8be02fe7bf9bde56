import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CurrentAppContext } from '../../../kernel/current-app';
import { useRealtimeConnection } from '../../../kernel/realtime';
import { callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import {
  countersAnswer,
  countersPath,
  listPage,
  memberApp,
  notificationsPath,
  testNotification,
} from '../notifications-test-data';
import { NotificationBell } from './notification-bell';

// A socket that is connected at once and whose events the test sends: the real realtime module reads them.
const socket = vi.hoisted(() => ({
  deliver: null as ((event: string, payload: unknown) => void) | null,
  connected: null as (() => void) | null,
}));
vi.mock('socket.io-client', () => ({
  io: () => ({
    connected: true,
    onAny: (listener: (event: string, payload: unknown) => void) => {
      socket.deliver = listener;
    },
    recovered: false,
    on: (event: string, handler: () => void) => {
      if (event === 'connect') {
        socket.connected = handler;
      }
    },
    emit: () => undefined,
    disconnect: () => {
      socket.deliver = null;
    },
  }),
}));

/** The bell with the app's socket open, as in the app shell. */
function BellInShell() {
  useRealtimeConnection(memberApp.id);
  return <NotificationBell app={memberApp} />;
}

async function send(event: string, payload: unknown) {
  await waitFor(() => expect(socket.deliver).not.toBeNull());
  act(() => socket.deliver?.(event, payload));
}

describe('notification bell, live', () => {
  it('rises with the realtime `counters` event and ignores the community’s post counters', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${countersPath}`]: countersAnswer(2),
      [`GET ${notificationsPath}`]: () => json(200, listPage([testNotification(1)])),
    });
    renderWithProviders(
      <CurrentAppContext value={memberApp}>
        <BellInShell />
      </CurrentAppContext>,
      { path: '/:appSlug', url: '/akademie', host: 'app' },
    );
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');

    await send('counters', { notifications: 3 });
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen, 3 ungelesen' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');

    await send('counters', { posts: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');

    await send('counters', { notifications: 250 });
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('99+'));

    await send('counters', { notifications: 0 });
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(screen.getByRole('button', { name: 'Benachrichtigungen' })).toBeTruthy();
    // The badge comes with the event: the counters are not asked for again.
    expect(callsTo(fetchMock, `GET ${countersPath}`)).toHaveLength(1);
  });

  it('reads the badge again once the socket connects (an event before it listened is not lost)', async () => {
    signInForTest();
    let unread = 1;
    const fetchMock = stubFetch({ [`GET ${countersPath}`]: () => json(200, { notifications: unread }) });
    renderWithProviders(
      <CurrentAppContext value={memberApp}>
        <BellInShell />
      </CurrentAppContext>,
      { path: '/:appSlug', url: '/akademie', host: 'app' },
    );
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' })).toBeTruthy();
    unread = 2;
    await waitFor(() => expect(socket.connected).not.toBeNull());
    act(() => socket.connected?.());
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' })).toBeTruthy();
    expect(callsTo(fetchMock, `GET ${countersPath}`)).toHaveLength(2);
  });

  it('reads an open list again when the badge changes', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${countersPath}`]: countersAnswer(1),
      [`GET ${notificationsPath}`]: () => json(200, listPage([testNotification(1)])),
    });
    renderWithProviders(
      <CurrentAppContext value={memberApp}>
        <BellInShell />
      </CurrentAppContext>,
      { path: '/:appSlug', url: '/akademie', host: 'app' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' }));
    await screen.findByTestId('notification-item');
    expect(callsTo(fetchMock, `GET ${notificationsPath}`)).toHaveLength(1);

    await send('counters', { notifications: 2 });
    await waitFor(() => expect(callsTo(fetchMock, `GET ${notificationsPath}`)).toHaveLength(2));
  });
});
