import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TicketDetail } from '../../../contracts/tickets';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { appShellRoutes, memberApp, supportChatRoutes, testTicket, ticketOf } from './tickets-test-data';

beforeEach(() => {
  signInForTest();
});

/** Anna opens her request `ticket` in the app. */
function openRequest(ticket: TicketDetail, routes: Record<string, Route> = {}) {
  const fetchMock = stubFetch({
    ...appShellRoutes(memberApp),
    [`GET /api/tickets/${ticket.id}`]: () => json(200, { data: ticket }),
    ...supportChatRoutes(ticket),
    ...routes,
  });
  const view = renderRoutes(createRoutes('app'), { url: `/akademie/requests/${ticket.id}`, host: 'app' });
  return { fetchMock, ...view };
}

/** The first screen of a file waits for the app's routes and the lazy chunks to load. */
const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

const completed = testTicket(4, {
  subject: 'Zugang gesperrt',
  status: 'completed',
  completedAt: '2026-11-21T10:00:00.000Z',
  isSatisfactionAsked: true,
});

describe('a member’s request', { timeout: 30_000 }, () => {
  it('shows the request with its status and the conversation, without the question while it is open', async () => {
    const open = testTicket(3, { status: 'work' });
    openRequest(open);
    await findHeading('Rechnung fehlt');
    expect(screen.getByTestId('ticket-status-badge').textContent).toBe('In Bearbeitung');
    expect(screen.getByText('Anfrage #3')).toBeTruthy();
    expect(await screen.findByTestId('support-conversation')).toBeTruthy();
    expect(screen.queryByTestId('satisfaction-question')).toBeNull();
    expect(screen.getByRole('link', { name: /Alle Anfragen/ }).getAttribute('href')).toBe(
      '/akademie/requests',
    );
    await expectNoAxeViolations(screen.getByTestId('request-page'));
  });

  it('asks how satisfied the member is once it is completed, sends rating and comment, then only thanks', async () => {
    const rated: TicketDetail = {
      ...completed,
      isSatisfactionAsked: false,
      satisfaction: { rating: 4, comment: 'Schnelle Hilfe, danke.' },
    };
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { fetchMock } = openRequest(completed, {
      [`POST /api/tickets/${completed.id}/satisfaction`]: async () => {
        await answered;
        return json(200, { data: ticketOf(rated) });
      },
    });
    await findHeading('Zugang gesperrt');
    const question = screen.getByTestId('satisfaction-question');
    expect(within(question).getByText('Wie zufrieden sind Sie mit der Hilfe?')).toBeTruthy();
    const send = within(question).getByRole('button', { name: 'Bewertung senden' });
    // Nothing to send before a rating is chosen.
    expect(send.hasAttribute('disabled')).toBe(true);

    // A pointer picks a star by its label.
    const four = within(question).getByRole<HTMLInputElement>('radio', { name: '4' });
    fireEvent.click(four.labels![0]!);
    fireEvent.change(within(question).getByRole('textbox', { name: /Möchten Sie noch etwas sagen/ }), {
      target: { value: 'Schnelle Hilfe, danke.' },
    });
    fireEvent.click(send);
    await waitFor(() =>
      expect(callsTo(fetchMock, `POST /api/tickets/${completed.id}/satisfaction`)).toEqual([
        { rating: 4, comment: 'Schnelle Hilfe, danke.' },
      ]),
    );
    // The question stays until the server took the answer.
    expect(screen.getByTestId('satisfaction-question')).toBeTruthy();

    answer();
    expect(await screen.findByText('Vielen Dank für Ihre Bewertung!')).toBeTruthy();
    expect(screen.queryByTestId('satisfaction-question')).toBeNull();
  });

  it('sends a rating without a comment when none was written', async () => {
    const { fetchMock } = openRequest(completed, {
      [`POST /api/tickets/${completed.id}/satisfaction`]: () =>
        json(200, {
          data: ticketOf({
            ...completed,
            isSatisfactionAsked: false,
            satisfaction: { rating: 2, comment: null },
          }),
        }),
    });
    await findHeading('Zugang gesperrt');
    // The keyboard picks the focused star with Space.
    fireEvent.keyDown(screen.getByRole('radio', { name: '2' }), { key: ' ' });
    fireEvent.change(screen.getByRole('textbox', { name: /Möchten Sie noch etwas sagen/ }), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect(await screen.findByTestId('satisfaction-thanks')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/tickets/${completed.id}/satisfaction`)).toEqual([{ rating: 2 }]);
  });

  it('does not ask when the app switched the question off', async () => {
    openRequest({ ...completed, isSatisfactionAsked: false });
    await findHeading('Zugang gesperrt');
    expect(screen.getByTestId('ticket-status-badge').textContent).toBe('Erledigt');
    expect(await screen.findByTestId('support-conversation')).toBeTruthy();
    expect(screen.queryByTestId('satisfaction-question')).toBeNull();
    expect(screen.queryByTestId('satisfaction-thanks')).toBeNull();
  });

  it('says a request is missing when the server does not know it', async () => {
    const gone = testTicket(9);
    stubFetch({
      ...appShellRoutes(memberApp),
      [`GET /api/tickets/${gone.id}`]: () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    });
    renderRoutes(createRoutes('app'), { url: `/akademie/requests/${gone.id}`, host: 'app' });
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe(
      'Diese Anfrage gibt es nicht oder Sie dürfen sie nicht sehen.',
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
