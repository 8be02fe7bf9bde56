import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { CurrentAppContext } from '../../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch, urlOf } from '../../../test/fixtures';
import { expectNoAxeViolations } from '../../../test/axe';
import { renderWithProviders } from '../../../test/render';
import {
  countersAnswer,
  countersPath,
  listPage,
  memberApp,
  notificationsPath,
  testNotification,
} from '../notifications-test-data';
import { NotificationsPage } from './notifications-page';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.hash}`}</p>;
}

function renderPage(url = '/akademie/notifications') {
  return renderWithProviders(
    <CurrentAppContext value={memberApp}>
      <NotificationsPage />
    </CurrentAppContext>,
    {
      path: '/:appSlug/notifications',
      url,
      host: 'app',
      routes: [{ path: '/:appSlug/communities/p/:postSlug', element: <Where /> }],
    },
  );
}

const sentences = () => screen.getAllByTestId('notification-sentence').map((element) => element.textContent);
const queriesOf = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === notificationsPath)
    .map((url) => url.search);

describe('notifications page', () => {
  it('lists 20 items at a time and appends the next page', async () => {
    signInForTest();
    const first = Array.from({ length: 20 }, (_, index) => testNotification(index + 1, { isRead: true }));
    const second = [testNotification(21, { type: 'mention', isRead: true })];
    const fetchMock = stubFetch({
      [`GET ${countersPath}`]: countersAnswer(0),
      [`GET ${notificationsPath}`]: (_init, url) =>
        json(
          200,
          url.searchParams.get('page') === '2' ? listPage(second, 2, 2, 21) : listPage(first, 1, 2, 21),
        ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20));

    fireEvent.click(screen.getByRole('button', { name: 'Weitere laden' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(21));
    expect(sentences().at(-1)).toBe('Anna Schmidt hat Sie in „Willkommen“ erwähnt');
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).toBeNull();
    expect(queriesOf(fetchMock)).toEqual(['?page=1', '?page=2']);
    // Nothing unread: nothing to mark.
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('filters the unread ones and says when all is read', async () => {
    signInForTest();
    let unread = 1;
    const fetchMock = stubFetch({
      [`GET ${countersPath}`]: () => json(200, { notifications: unread }),
      [`GET ${notificationsPath}`]: (_init, url) => {
        const onlyUnread = url.searchParams.get('unread') === 'true';
        const items = [testNotification(1, { isRead: unread === 0 }), testNotification(2, { isRead: true })];
        return json(200, listPage(onlyUnread ? items.filter((item) => !item.isRead) : items));
      },
      [`PATCH ${notificationsPath}/read`]: () => {
        unread = 0;
        return new Response(null, { status: 204 });
      },
    });
    const { container } = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));

    fireEvent.click(within(container).getByRole('radio', { name: 'Ungelesen' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(1));
    expect(queriesOf(fetchMock)).toContain('?page=1&unread=true');
    expect(screen.getByRole('img', { name: 'Ungelesen' })).toBeTruthy();
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    expect(await screen.findByText('Alles gelesen')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${notificationsPath}/read`)).toHaveLength(1);
  });

  it('opens the filter from the address and an item’s post in the communities', async () => {
    signInForTest();
    const item = testNotification(1, {
      post: {
        id: testNotification(1).post!.id,
        slug: 'fragen',
        name: 'Fragen',
        container: 'communities',
        spaceSlug: null,
      },
    });
    const fetchMock = stubFetch({
      [`GET ${countersPath}`]: countersAnswer(1),
      [`GET ${notificationsPath}`]: () => json(200, listPage([item])),
      [`PATCH /api/notifications/${item.id}/read`]: () => new Response(null, { status: 204 }),
    });
    renderPage('/akademie/notifications?filter=unread');
    const link = await screen.findByRole('link', { name: /Anna Schmidt gefällt Ihr Beitrag „Fragen“/ });
    expect(queriesOf(fetchMock)).toEqual(['?page=1&unread=true']);
    fireEvent.click(link);
    expect((await screen.findByTestId('where')).textContent).toBe('/akademie/communities/p/fragen');
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/notifications/${item.id}/read`)).toHaveLength(1),
    );
  });

  it('tells someone without a profile in the app that there is no list for them', async () => {
    signInForTest();
    stubFetch({
      [`GET ${countersPath}`]: () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
      [`GET ${notificationsPath}`]: () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    });
    renderPage();
    expect(await screen.findByText('Keine Benachrichtigungen in dieser App')).toBeTruthy();
  });
});
