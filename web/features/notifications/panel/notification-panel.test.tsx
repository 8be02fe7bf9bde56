import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import type { App } from '../../../../contracts/apps';
import { CurrentAppContext } from '../../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { expectNoAxeViolations } from '../../../test/axe';
import { renderWithProviders } from '../../../test/render';
import { hasNotifications, NotificationBell } from '../bell/notification-bell';
import {
  anna,
  ben,
  countersAnswer,
  countersPath,
  listPage,
  memberApp,
  notificationsPath,
  testNotification,
} from '../notifications-test-data';

const commentId = '0190f5a2-7c1e-7b4e-9a55-000000000077';
const items = [
  testNotification(1, {
    type: 'new_comment',
    actorsCount: 3,
    actors: [anna, ben],
    commentId,
  }),
  testNotification(2, { isRead: true }),
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.hash}`}</p>;
}

function renderBell(app: App = memberApp) {
  return renderWithProviders(
    <CurrentAppContext value={app}>
      <NotificationBell app={app} />
    </CurrentAppContext>,
    {
      path: '/:appSlug',
      url: '/akademie',
      host: 'app',
      routes: [
        { path: '/:appSlug/groups/g/:spaceSlug/p/:postSlug', element: <Where /> },
        { path: '/:appSlug/notifications', element: <Where /> },
      ],
    },
  );
}

function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Opens the panel as the keyboard does: the bell has the focus and is pressed. */
async function openPanel() {
  const bell = await screen.findByRole('button', { name: /^Benachrichtigungen/ });
  bell.focus();
  fireEvent.click(bell);
  return screen.findByTestId('notification-panel');
}

describe('notification bell', () => {
  it('names the bell with the unread count and caps the badge at 99+', async () => {
    signInForTest();
    stubFetch({ [`GET ${countersPath}`]: countersAnswer(3) });
    const { unmount } = renderBell();
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen, 3 ungelesen' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
    unmount();

    stubFetch({ [`GET ${countersPath}`]: countersAnswer(120) });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen, 120 ungelesen' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
  });

  it('has no badge without unread items', async () => {
    signInForTest();
    const fetchMock = stubFetch({ [`GET ${countersPath}`]: countersAnswer(0) });
    renderBell();
    await waitFor(() => expect(callsTo(fetchMock, `GET ${countersPath}`)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Benachrichtigungen' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('shows only for signed-in members with a profile, as themselves and not blocked', () => {
    const viewer = memberApp.viewer!;
    expect(hasNotifications(memberApp, true)).toBe(true);
    expect(hasNotifications(memberApp, false)).toBe(false);
    expect(hasNotifications({ ...memberApp, viewer: null }, true)).toBe(false);
    expect(hasNotifications({ ...memberApp, masqueradeProfileId: viewer.profileId }, true)).toBe(false);
    expect(hasNotifications({ ...memberApp, viewer: { ...viewer, sanction: 'blocked' } }, true)).toBe(false);
    expect(hasNotifications({ ...memberApp, viewer: { ...viewer, sanction: 'punished' } }, true)).toBe(true);
    expect(hasNotifications(null, true)).toBe(false);
  });
});

describe('notification panel', () => {
  it('lists the latest items with their unread mark, and Escape gives the focus back to the bell', async () => {
    signInForTest();
    stubFetch({
      [`GET ${countersPath}`]: countersAnswer(1),
      [`GET ${notificationsPath}`]: () => json(200, listPage(items)),
    });
    renderBell();
    const panel = await openPanel();
    const rows = await within(panel).findAllByTestId('notification-item');
    expect(rows.map((row) => within(row).getByTestId('notification-sentence').textContent)).toEqual([
      'Anna Schmidt und 2 weitere haben „Willkommen“ kommentiert',
      'Anna Schmidt gefällt Ihr Beitrag „Willkommen“',
    ]);
    // Unread is said, not only shown in colour.
    expect(within(rows[0]!).getByRole('img', { name: 'Ungelesen' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('img', { name: 'Ungelesen' })).toBeNull();
    expect(rows[0]!.getAttribute('href')).toBe(
      `/akademie/groups/g/yoga-am-morgen/p/willkommen-1#comment-${commentId}`,
    );
    expect(within(panel).getByRole('link', { name: 'Alle anzeigen' }).getAttribute('href')).toBe(
      '/akademie/notifications',
    );
    await expectNoAxeViolations(document.body);

    const bell = screen.getByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    // The focus is trapped in the panel; Escape closes it and returns to the bell.
    const dialog = screen.getByRole('dialog', { name: 'Benachrichtigungen, 1 ungelesen' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(bell));
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks an item read at once when it is opened and goes to its comment', async () => {
    signInForTest();
    const answer = deferred();
    const fetchMock = stubFetch({
      [`GET ${countersPath}`]: countersAnswer(1),
      [`GET ${notificationsPath}`]: () => json(200, listPage(items)),
      [`PATCH /api/notifications/${items[0]!.id}/read`]: () => answer.promise,
    });
    renderBell();
    const panel = await openPanel();
    const [first] = await within(panel).findAllByTestId('notification-item');
    fireEvent.click(first!);

    expect((await screen.findByTestId('where')).textContent).toBe(
      `/akademie/groups/g/yoga-am-morgen/p/willkommen-1#comment-${commentId}`,
    );
    expect(callsTo(fetchMock, `PATCH /api/notifications/${items[0]!.id}/read`)).toHaveLength(1);
    // Before the server answered, the badge is gone and the panel closed.
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(screen.queryByTestId('notification-panel')).toBeNull();
    answer.resolve(new Response(null, { status: 204 }));
  });

  it('puts an item back to unread when the server refuses', async () => {
    signInForTest();
    stubFetch({
      [`GET ${countersPath}`]: countersAnswer(1),
      [`GET ${notificationsPath}`]: () => json(200, listPage([testNotification(1, { post: null })])),
      [`PATCH /api/notifications/${testNotification(1).id}/read`]: () =>
        json(500, { code: '50000', message: 'errors.generic' }),
    });
    renderBell();
    const panel = await openPanel();
    // Without a post to open, an unread item is a button that marks it read.
    const item = await within(panel).findByRole('button', { name: /Anna Schmidt gefällt Ihr Beitrag/ });
    fireEvent.click(item);
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('1'));
    expect(within(panel).getByRole('img', { name: 'Ungelesen' })).toBeTruthy();
  });

  it('marks everything read', async () => {
    signInForTest();
    let unread = 2;
    const fetchMock = stubFetch({
      [`GET ${countersPath}`]: () => json(200, { notifications: unread }),
      [`GET ${notificationsPath}`]: () =>
        json(200, listPage(unread > 0 ? [testNotification(1), testNotification(2)] : [])),
      [`PATCH ${notificationsPath}/read`]: () => {
        unread = 0;
        return new Response(null, { status: 204 });
      },
    });
    renderBell();
    const panel = await openPanel();
    await within(panel).findAllByTestId('notification-item');
    expect(within(panel).getAllByRole('img', { name: 'Ungelesen' })).toHaveLength(2);

    fireEvent.click(within(panel).getByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() => expect(within(panel).queryAllByRole('img', { name: 'Ungelesen' })).toHaveLength(0));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(callsTo(fetchMock, `PATCH ${notificationsPath}/read`)).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(panel).getByRole('button', { name: 'Alle als gelesen markieren' }).hasAttribute('disabled'),
      ).toBe(true),
    );
  });

  it('leads to the whole list', async () => {
    signInForTest();
    stubFetch({
      [`GET ${countersPath}`]: countersAnswer(0),
      [`GET ${notificationsPath}`]: () => json(200, listPage([])),
    });
    renderBell();
    const panel = await openPanel();
    expect(await within(panel).findByText('Noch keine Benachrichtigungen')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('link', { name: 'Alle anzeigen' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/akademie/notifications');
    expect(screen.queryByTestId('notification-panel')).toBeNull();
  });
});
