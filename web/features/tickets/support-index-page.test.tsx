import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { json, signInForTest, stubFetch, testApp, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ben, counts, project, projectShellRoutes, testTicket, ticketPage } from './tickets-test-data';

const shop = { appId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5b09', name: 'Laden', slug: 'laden' };
const apps = [
  {
    appId: testApp.id,
    name: testApp.name,
    slug: testApp.slug,
    counts: counts({ new: 2, work: 1, completed: 4 }),
    open: 3,
  },
  { ...shop, counts: counts({ completed: 1 }), open: 0 },
];

/** The project's owner on the service host, with the project's shell around the support screens. */
function openSupport(url: string, routes: Record<string, Route> = {}) {
  signInForTest();
  stubFetch({
    ...projectShellRoutes(),
    [`GET /api/projects/${project.id}/tickets/apps`]: () => json(200, { data: apps }),
    ...routes,
  });
  return renderRoutes(createRoutes('service'), { url });
}

// These render the whole route tree (lazy chunks included), which takes a while on a busy machine.
describe('support on the service host', { timeout: 30_000 }, () => {
  it('shows every app with its tickets per status and the open ones in all apps', async () => {
    openSupport(`/projects/${project.id}/support`);
    const [academy, shopCard] = await screen.findAllByTestId('support-app', {}, { timeout: 15_000 });
    expect(screen.getByText('3 offene Anfragen in allen Apps')).toBeTruthy();

    expect(academy!.getAttribute('href')).toBe(`/projects/${project.id}/support/a/${testApp.id}`);
    expect(within(academy!).getByText('Akademie Nord')).toBeTruthy();
    expect(within(academy!).getByText('3 offene Anfragen')).toBeTruthy();
    expect(within(academy!).getByText('Neu: 2')).toBeTruthy();
    expect(within(academy!).getByText('In Bearbeitung: 1')).toBeTruthy();
    expect(within(academy!).getByText('Pausiert: 0')).toBeTruthy();
    expect(within(academy!).getByText('Erledigt: 4')).toBeTruthy();

    expect(shopCard!.getAttribute('href')).toBe(`/projects/${project.id}/support/a/${shop.appId}`);
    expect(within(shopCard!).getByText('Keine offenen Anfragen')).toBeTruthy();
    expect(within(shopCard!).getByText('Erledigt: 1')).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('support-index'));
  });

  it('says so when the project has no apps yet', async () => {
    openSupport(`/projects/${project.id}/support`, {
      [`GET /api/projects/${project.id}/tickets/apps`]: () => json(200, { data: [] }),
    });
    expect(
      await screen.findByText('Dieses Projekt hat noch keine Apps.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('0 offene Anfragen in allen Apps')).toBeTruthy();
  });

  it('opens an app’s list from its card, with the project’s tickets of that app leading to each ticket', async () => {
    const tickets = [
      testTicket(12),
      testTicket(11, { subject: 'Passwort vergessen', requester: ben, status: 'work' }),
    ];
    const { router } = openSupport(`/projects/${project.id}/support`, {
      [`GET /api/projects/${project.id}/tickets`]: (_init, url) =>
        url.searchParams.get('appId') === testApp.id ? ticketPage(tickets) : ticketPage([]),
    });
    const [academy] = await screen.findAllByTestId('support-app', {}, { timeout: 15_000 });
    fireEvent.click(academy!);

    expect(await screen.findByRole('heading', { level: 1, name: 'Anfragen in Akademie Nord' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/projects/${project.id}/support/a/${testApp.id}`);
    expect(screen.getByText('3 offene Anfragen')).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'Pfad' });
    expect(within(trail).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe(
      `/projects/${project.id}/support`,
    );

    const row = await screen.findByRole('link', { name: /Passwort vergessen/ });
    expect(row.getAttribute('href')).toBe(`/projects/${project.id}/support/ticket/${tickets[1]!.id}`);
    expect(within(row).getByText('#11 · Ben Maier · Akademie Nord')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('ticket-row')).toHaveLength(2));
    await expectNoAxeViolations(screen.getByTestId('support-list'));
  });
});
