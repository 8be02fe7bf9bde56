import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { signInForTest, stubFetch, testApp } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { appShellRoutes, memberApp, testTicket, ticketPage } from './tickets-test-data';

beforeEach(() => {
  signInForTest();
});

// The first screen of a file waits for the app's routes and the lazy chunk to load.
describe('my requests', { timeout: 30_000 }, () => {
  it('lists the member’s own requests, each leading to its page, and offers a new one', async () => {
    const mine = [
      testTicket(2, { subject: 'Kurs verschoben', status: 'work' }),
      testTicket(1, { status: 'completed' }),
    ];
    stubFetch({
      ...appShellRoutes(memberApp),
      [`GET /api/apps/${testApp.id}/tickets/my`]: () => ticketPage(mine),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/requests', host: 'app' });

    const first = await screen.findByRole('link', { name: /Kurs verschoben/ }, { timeout: 15_000 });
    expect(first.getAttribute('href')).toBe(`/akademie/requests/${mine[0]!.id}`);
    expect(within(first).getByText('Anfrage #2')).toBeTruthy();
    expect(within(first).getByTestId('ticket-status-badge').textContent).toBe('In Bearbeitung');
    const second = screen.getByRole('link', { name: /Rechnung fehlt/ });
    expect(within(second).getByTestId('ticket-status-badge').textContent).toBe('Erledigt');
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Anfragen' })).toBeTruthy();
    expect(screen.getByTestId('request-new').getAttribute('href')).toBe('/akademie/requests/new');
    await expectNoAxeViolations(screen.getByTestId('my-requests'));
  });

  it('tells a member without requests that there are none yet', async () => {
    stubFetch({
      ...appShellRoutes(memberApp),
      [`GET /api/apps/${testApp.id}/tickets/my`]: () => ticketPage([]),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/requests', host: 'app' });
    expect((await screen.findByTestId('ticket-list-empty', {}, { timeout: 15_000 })).textContent).toBe(
      'Sie haben noch keine Anfragen gestellt.',
    );
  });
});
