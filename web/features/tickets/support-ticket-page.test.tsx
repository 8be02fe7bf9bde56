import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TicketDetail } from '../../../contracts/tickets';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, routerAnswer, signInForTest, stubFetch, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import {
  annaContact,
  project,
  projectShellRoutes,
  supportChatRoutes,
  teamCan,
  testTicket,
  ticketOf,
} from './tickets-test-data';

const ticket = testTicket(12, { permissions: { can: teamCan }, contact: annaContact });
const ticketUrl = `/projects/${project.id}/support/ticket/${ticket.id}`;

/** The project's owner opens `current` on the service host, its app read for the conversation beside it. */
function openTicket(current: TicketDetail, routes: Record<string, Route> = {}, url = ticketUrl) {
  signInForTest();
  const fetchMock = stubFetch({
    ...projectShellRoutes(),
    [`GET /api/tickets/${current.id}`]: () => json(200, { data: current }),
    'GET /api/router': routerAnswer(),
    ...supportChatRoutes(current),
    ...routes,
  });
  const view = renderRoutes(createRoutes('service'), { url });
  return { fetchMock, ...view };
}

/** The first screen of a file waits for the project's routes and the lazy chunks to load. */
const findTicket = () =>
  screen.findByRole('heading', { level: 1, name: 'Rechnung fehlt' }, { timeout: 15_000 });

/** Holds an answer until the test lets it go. */
function held() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

// These render the whole route tree (lazy chunks included), which takes a while on a busy machine.
describe('a ticket on the service host', { timeout: 30_000 }, () => {
  it('enters the ticket’s chat on first sight, then shows the conversation', async () => {
    const outside = { ...ticket, isInChat: false };
    const join = held();
    const { fetchMock } = openTicket(outside, {
      [`POST /api/tickets/${ticket.id}/join`]: async () => {
        await join.gate;
        return json(200, { data: ticketOf({ ...outside, isInChat: true }) });
      },
    });
    await findTicket();
    expect(screen.getByText('Das Gespräch wird geöffnet …')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/tickets/${ticket.id}/join`)).toHaveLength(1));
    expect(screen.queryByTestId('support-conversation')).toBeNull();

    join.release();
    expect(await screen.findByTestId('support-conversation')).toBeTruthy();
    expect(screen.queryByText('Das Gespräch wird geöffnet …')).toBeNull();
    expect(callsTo(fetchMock, `POST /api/tickets/${ticket.id}/join`)).toHaveLength(1);
  });

  it('does not join a chat it is already in', async () => {
    const { fetchMock } = openTicket(ticket);
    await findTicket();
    expect(await screen.findByTestId('support-conversation')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/tickets/${ticket.id}/join`)).toHaveLength(0);
  });

  it('tells the team member when the chat could not be entered', async () => {
    openTicket(
      { ...ticket, isInChat: false },
      {
        [`POST /api/tickets/${ticket.id}/join`]: () =>
          json(403, { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }),
      },
    );
    await findTicket();
    expect(
      await screen.findByText('Das Gespräch konnte nicht geöffnet werden. Laden Sie die Seite bitte neu.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('support-conversation')).toBeNull();
  });

  it('changes the status with the control, the badge following the server’s answer', async () => {
    const patch = held();
    const { fetchMock } = openTicket(ticket, {
      [`PATCH /api/tickets/${ticket.id}/status`]: async () => {
        await patch.gate;
        return json(200, { data: ticketOf({ ...ticket, status: 'on_pause' }) });
      },
    });
    await findTicket();
    const badge = () => screen.getAllByTestId('ticket-status-badge')[0]!;
    expect(badge().textContent).toBe('Neu');
    const control = screen.getByTestId('ticket-status-control');
    expect(screen.getByRole('radiogroup', { name: 'Status der Anfrage' })).toBeTruthy();

    fireEvent.click(within(control).getByRole('radio', { name: 'Pausiert' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/tickets/${ticket.id}/status`)).toEqual([{ status: 'on_pause' }]),
    );
    expect(badge().textContent).toBe('Neu');

    patch.release();
    await waitFor(() => expect(badge().textContent).toBe('Pausiert'));
    expect(badge().getAttribute('data-status')).toBe('on_pause');
    expect(within(control).getByRole<HTMLInputElement>('radio', { name: 'Pausiert' }).checked).toBe(true);
    await expectNoAxeViolations(screen.getByTestId('support-ticket'));
  });

  it('offers no status control without the status ability', async () => {
    openTicket({ ...ticket, permissions: { can: ['view', 'join'] } });
    await findTicket();
    expect(screen.getByTestId('ticket-status-badge').textContent).toBe('Neu');
    expect(screen.getByTestId('ticket-clocks')).toBeTruthy();
    expect(screen.queryByTestId('ticket-status-control')).toBeNull();
  });

  it('shows a short contact card on the ticket that leads to the full one', async () => {
    const { router } = openTicket(ticket);
    await findTicket();
    const card = screen.getByTestId('ticket-contact');
    expect(within(card).getByText('Anna Beispiel')).toBeTruthy();
    expect(within(card).queryByText('anna@beispiel.de')).toBeNull();
    const more = within(card).getByRole('link', { name: 'Kontaktdaten anzeigen' });
    const full = `${ticketUrl}/${annaContact.profileId}`;
    expect(more.getAttribute('href')).toBe(full);

    fireEvent.click(more);
    await waitFor(() => expect(router.state.location.pathname).toBe(full));
    expect(await screen.findByRole('link', { name: 'anna@beispiel.de' })).toBeTruthy();
  });

  it('shows the full contact card on the member’s address', async () => {
    openTicket(ticket, {}, `${ticketUrl}/${annaContact.profileId}`);
    await findTicket();
    const card = screen.getByTestId('ticket-contact');
    expect(within(card).getByRole('link', { name: 'anna@beispiel.de' }).getAttribute('href')).toBe(
      'mailto:anna@beispiel.de',
    );
    expect(within(card).getByText('Mitglied seit 01.03.2025')).toBeTruthy();
    expect(within(card).getByText('2 offen, 5 insgesamt')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Kontakt öffnen' }).getAttribute('href')).toBe(
      `/projects/${project.id}/contacts/${annaContact.profileId}`,
    );
    expect(within(card).queryByRole('link', { name: 'Kontaktdaten anzeigen' })).toBeNull();
  });

  it('says a ticket is missing when the server does not know it, with the way back', async () => {
    openTicket(ticket, {
      [`GET /api/tickets/${ticket.id}`]: () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    });
    const missing = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(
      within(missing).getByText('Diese Anfrage gibt es nicht oder Sie dürfen sie nicht sehen.'),
    ).toBeTruthy();
    expect(within(missing).getByRole('link', { name: 'Zurück zum Support' }).getAttribute('href')).toBe(
      `/projects/${project.id}/support`,
    );
  });
});
