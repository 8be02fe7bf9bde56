import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TicketStatus } from '../../../contracts/tickets';
import { signInForTest, stubFetch, testApp, urlOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TicketList } from './ticket-list';
import type { TicketListScope } from './tickets-api';
import { ben, project, testTicket, ticketPage } from './tickets-test-data';

const projectTickets = `/api/projects/${project.id}/tickets`;
const mine = `/api/apps/${testApp.id}/tickets/my`;

const tickets = [
  testTicket(12, { subject: 'Rechnung fehlt', status: 'new' }),
  testTicket(11, { subject: 'Passwort vergessen', status: 'work', requester: ben }),
  testTicket(10, { subject: 'Kurs verschoben', status: 'completed' }),
];

function renderList(scope: TicketListScope, showRequester: boolean) {
  return renderWithProviders(
    <TicketList
      scope={scope}
      linkOf={(ticket) => `/tickets/${ticket.number}`}
      showRequester={showRequester}
      empty="Nichts da."
    />,
  );
}

/** The query strings the list asked `path` with, in order. */
function asked(fetchMock: ReturnType<typeof stubFetch>, path: string): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.search);
}

const rows = () => screen.getAllByTestId('ticket-row');

beforeEach(() => {
  signInForTest();
});

describe('ticket list', () => {
  it('shows the team who asked in which app, and filters by the status tab it asks the server for', async () => {
    const fetchMock = stubFetch({
      [`GET ${projectTickets}`]: (_init, url) => {
        const status = url.searchParams.get('status') as TicketStatus | null;
        return ticketPage(tickets.filter((ticket) => status === null || ticket.status === status));
      },
    });
    renderList({ kind: 'project', projectId: project.id, appId: testApp.id }, true);

    const first = await screen.findByRole('link', { name: /Rechnung fehlt/ });
    expect(first.getAttribute('href')).toBe('/tickets/12');
    expect(within(first).getByText('#12 · Anna Beispiel · Akademie Nord')).toBeTruthy();
    expect(within(first).getByTestId('ticket-status-badge').textContent).toBe('Neu');
    expect(within(rows()[1]!).getByText('#11 · Ben Maier · Akademie Nord')).toBeTruthy();
    expect(rows()).toHaveLength(3);

    fireEvent.click(screen.getByRole('tab', { name: 'In Bearbeitung' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Passwort vergessen');
    expect(screen.getByRole('tab', { name: 'In Bearbeitung' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'Alle' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(asked(fetchMock, projectTickets)).toEqual([
      `?page=1&appId=${testApp.id}`,
      `?page=1&status=work&appId=${testApp.id}`,
    ]);
  });

  it('asks for the page chosen, and starts again at page 1 on another tab', async () => {
    const fetchMock = stubFetch({
      [`GET ${mine}`]: (_init, url) =>
        url.searchParams.get('page') === '2'
          ? ticketPage([testTicket(1, { subject: 'Die erste Frage' })], 2, 2, 21)
          : ticketPage(tickets, 1, 2, 21),
    });
    renderList({ kind: 'mine', appId: testApp.id }, false);
    await screen.findByRole('link', { name: /Rechnung fehlt/ });

    fireEvent.click(screen.getByRole('button', { name: 'Seite 2' }));
    expect(await screen.findByRole('link', { name: /Die erste Frage/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Rechnung fehlt/ })).toBeNull();
    expect(asked(fetchMock, mine)).toEqual(['?page=1', '?page=2']);

    fireEvent.click(screen.getByRole('tab', { name: 'Erledigt' }));
    await waitFor(() =>
      expect(asked(fetchMock, mine)).toEqual(['?page=1', '?page=2', '?page=1&status=completed']),
    );
  });

  it('shows a member the number of each request and not their own name', async () => {
    stubFetch({ [`GET ${mine}`]: () => ticketPage(tickets) });
    renderList({ kind: 'mine', appId: testApp.id }, false);

    const first = await screen.findByRole('link', { name: /Rechnung fehlt/ });
    expect(within(first).getByText('#12')).toBeTruthy();
    expect(within(first).getByText('Anfrage #12')).toBeTruthy();
    expect(screen.queryByText(/Anna Beispiel/)).toBeNull();
    // One page only: no pagination.
    expect(screen.queryByRole('button', { name: 'Seite 1' })).toBeNull();
  });

  it('says so when a tab has no tickets', async () => {
    stubFetch({
      [`GET ${mine}`]: (_init, url) =>
        ticketPage(url.searchParams.get('status') === 'on_pause' ? [] : tickets),
    });
    renderList({ kind: 'mine', appId: testApp.id }, false);
    await screen.findByRole('link', { name: /Rechnung fehlt/ });
    expect(screen.queryByTestId('ticket-list-empty')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Pausiert' }));
    expect((await screen.findByTestId('ticket-list-empty')).textContent).toBe('Nichts da.');
    expect(screen.queryByTestId('ticket-row')).toBeNull();
  });
});
