import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../../contracts/apps';
import { createRoutes } from '../../app/routes';
import { installSessionHandling } from '../../kernel/session/session';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, testApp, urlOf, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import {
  appPath,
  inboxServer,
  moderatorApp,
  report,
  reportedComment,
  testItem,
  anna,
  uuid,
} from './moderation-test-data';

const routerWith =
  (app: App): Route =>
  () =>
    json(200, { type: 'app', entity: null, app });

let uninstall: () => void = () => {};
beforeEach(() => {
  uninstall = installSessionHandling();
  signInForTest();
});
afterEach(() => {
  uninstall();
});

function open(routes: Record<string, Route>, url = '/akademie/settings/moderation', app = moderatorApp) {
  const fetchMock = stubFetch({ 'GET /api/router': routerWith(app), ...routes });
  const view = renderRoutes(createRoutes('app'), { url, host: 'app' });
  return { fetchMock, ...view };
}

const counts = () =>
  ['inbox', 'approved', 'rejected'].map((status) => screen.getByTestId(`count-${status}`).textContent);

describe('moderation inbox', () => {
  it('lists the items with what was posted, why, the latest reports, and the counters', async () => {
    const held = testItem(1);
    const comment = reportedComment(2);
    const server = inboxServer([held, comment, testItem(3, { status: 'approved' })]);
    open(server.routes);

    // The first screen of a file waits for the app's routes and the lazy chunk to load.
    const post = await screen.findByTestId(`moderation-item-${held.id}`, {}, { timeout: 15_000 });
    expect(within(post).getByRole('heading', { name: 'Hallo zusammen' })).toBeTruthy();
    expect(within(post).getByText('Anna Schmidt')).toBeTruthy();
    expect(within(post).getByText(/in Yoga am Morgen/)).toBeTruthy();
    expect(within(post).getByText('Vorab-Prüfung')).toBeTruthy();
    expect(
      within(post).getByRole('link', { name: 'Beitrag in der Community ansehen' }).getAttribute('href'),
    ).toBe('/akademie/groups/g/yoga-am-morgen/p/hallo-1');

    const reported = screen.getByTestId(`moderation-item-${comment.id}`);
    expect(within(reported).getByRole('heading', { name: 'Kommentar zu „Wochenplan“' })).toBeTruthy();
    expect(within(reported).getByText('Gemeldet (3)')).toBeTruthy();
    expect(within(reported).getByText('Beleidigend')).toBeTruthy();
    expect(within(reported).getByText('Das ist beleidigend.')).toBeTruthy();
    expect(within(reported).getByText('Themenfremd')).toBeTruthy();
    expect(within(reported).getByRole('button', { name: 'Meldungen anzeigen (3)' })).toBeTruthy();

    await waitFor(() => expect(counts()).toEqual(['2', '1', '0']));
    // The posts tab names what waits.
    expect(screen.getByRole('tab', { name: /Beiträge.*2 offene Einträge/ })).toBeTruthy();
    expect(screen.getByTestId('settings-nav-contentModeration').getAttribute('href')).toBe(
      '/akademie/settings/moderation',
    );
    await expectNoAxeViolations(screen.getByTestId('moderation-page'));
  }, 40_000);

  it('approving takes the item out of the list and moves the counters at once, then reads them again', async () => {
    const held = testItem(1);
    const other = testItem(2, {
      entity: { ...testItem(2).entity, post: { ...testItem(2).entity.post, name: 'Zweiter' } },
    });
    const server = inboxServer([held, other]);
    let answerApprove: () => void = () => {};
    const approved = new Promise<void>((resolve) => {
      answerApprove = resolve;
    });
    const approve = server.routes[`POST /api/moderation/${held.id}/approve`]!;
    const { fetchMock } = open({
      ...server.routes,
      [`POST /api/moderation/${held.id}/approve`]: async (init, url) => {
        await approved;
        return approve(init, url);
      },
    });
    const item = await screen.findByTestId(`moderation-item-${held.id}`);
    await waitFor(() => expect(counts()).toEqual(['2', '0', '0']));
    const countersBefore = callsTo(fetchMock, `GET ${appPath}/moderation/counters`).length;

    fireEvent.click(within(item).getByRole('button', { name: 'Freigeben' }));
    // Before the server answers: gone from the list, counted as approved.
    await waitFor(() => expect(screen.queryByTestId(`moderation-item-${held.id}`)).toBeNull());
    expect(counts()).toEqual(['1', '1', '0']);
    expect(screen.getByTestId(`moderation-item-${other.id}`)).toBeTruthy();

    answerApprove();
    expect(await screen.findByText('Freigegeben. Der Inhalt ist wieder für alle sichtbar.')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/moderation/${held.id}/approve`)).toHaveLength(1);
    await waitFor(() =>
      expect(callsTo(fetchMock, `GET ${appPath}/moderation/counters`).length).toBeGreaterThan(countersBefore),
    );
    expect(counts()).toEqual(['1', '1', '0']);
    expect(server.state.items.find((entry) => entry.id === held.id)?.status).toBe('approved');
  });

  it('puts the item back when the server refuses the decision', async () => {
    const held = testItem(1);
    const server = inboxServer([held]);
    open({
      ...server.routes,
      [`POST /api/moderation/${held.id}/approve`]: () =>
        json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    });
    const item = await screen.findByTestId(`moderation-item-${held.id}`);
    fireEvent.click(within(item).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(screen.getByTestId(`moderation-item-${held.id}`)).toBeTruthy());
    await waitFor(() => expect(counts()).toEqual(['1', '0', '0']));
  });

  it('rejecting asks for a reason, sends it, and the item leaves the list', async () => {
    const comment = reportedComment(2);
    const server = inboxServer([comment]);
    const { fetchMock } = open(server.routes);
    const item = await screen.findByTestId(`moderation-item-${comment.id}`);

    fireEvent.click(within(item).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kommentar ablehnen' });
    fireEvent.click(within(dialog).getByTestId('reject-submit'));
    expect(await within(dialog).findByText('Bitte geben Sie eine Begründung an.')).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE /api/moderation/${comment.id}/approve`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Begründung/ }), {
      target: { value: '  Werbung für ein externes Angebot.  ' },
    });
    fireEvent.click(within(dialog).getByTestId('reject-submit'));
    await waitFor(() => expect(screen.queryByTestId(`moderation-item-${comment.id}`)).toBeNull());
    await waitFor(() =>
      expect(callsTo(fetchMock, `DELETE /api/moderation/${comment.id}/approve`)).toEqual([
        { reason: 'Werbung für ein externes Angebot.' },
      ]),
    );
    await waitFor(() => expect(counts()).toEqual(['0', '0', '1']));
    expect(await screen.findByText('Alles erledigt')).toBeTruthy();
  });

  it('switches the filters and asks for that status', async () => {
    const decided = testItem(3, {
      status: 'approved',
      isHidden: false,
      decidedBy: anna,
      decidedAt: '2026-03-14T09:30:00.000Z',
    });
    const rejected = testItem(4, {
      status: 'rejected',
      reason: 'Doppelt gepostet.',
      decidedBy: anna,
      decidedAt: '2026-03-14T10:30:00.000Z',
      cause: 'reports',
      reportsCount: 1,
      latestReports: [report(anna, 'spam')],
    });
    const server = inboxServer([testItem(1), decided, rejected]);
    const { fetchMock, router } = open(server.routes);
    await screen.findByTestId(`moderation-item-${testItem(1).id}`);

    fireEvent.click(screen.getByRole('tab', { name: /Freigegeben/ }));
    const approvedItem = await screen.findByTestId(`moderation-item-${decided.id}`);
    expect(router.state.location.search).toBe('?status=approved');
    expect(within(approvedItem).getByText(/Freigegeben von Anna Schmidt/)).toBeTruthy();
    // An approved item can still be rejected, not approved again.
    expect(within(approvedItem).queryByRole('button', { name: 'Freigeben' })).toBeNull();
    expect(within(approvedItem).getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
    expect(screen.queryByTestId(`moderation-item-${testItem(1).id}`)).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /Abgelehnt/ }));
    const rejectedItem = await screen.findByTestId(`moderation-item-${rejected.id}`);
    expect(within(rejectedItem).getByText('Begründung: Doppelt gepostet.')).toBeTruthy();
    expect(within(rejectedItem).getByRole('button', { name: 'Freigeben' })).toBeTruthy();

    const statuses = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .filter((url) => url.pathname === `${appPath}/moderation`)
      .map((url) => `${url.searchParams.get('tab')}:${url.searchParams.get('status')}`);
    expect(statuses).toEqual(['post:inbox', 'post:approved', 'post:rejected']);
  });

  it('shows all reports of an item on demand', async () => {
    const comment = reportedComment(2);
    const server = inboxServer([comment]);
    open({
      ...server.routes,
      [`GET /api/moderation/${comment.id}/reports`]: () =>
        json(200, {
          data: [...comment.latestReports, report(anna, 'other', 'Vierte Meldung', 200)],
          meta: { page: 1, pages: 1, total: 4 },
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Meldungen anzeigen (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meldungen' });
    expect(await within(dialog).findByText('Vierte Meldung')).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows the app team its tickets in the ticket tab, each opened in the app; moderators see no such tab', async () => {
    const ticket = {
      id: uuid(7001),
      number: 12,
      appId: testApp.id,
      appName: testApp.name,
      appSlug: testApp.slug,
      projectId: uuid(7002),
      subject: 'Rechnung fehlt',
      status: 'new' as const,
      chatId: uuid(7003),
      requester: anna,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      statusChangedAt: '2026-11-20T10:00:00.000Z',
      firstResponseAt: null,
      completedAt: null,
      clocks: {
        firstResponse: {
          targetMinutes: 0,
          elapsedSeconds: 0,
          remainingSeconds: null,
          state: 'running' as const,
          isOverdue: false,
        },
        resolution: {
          targetMinutes: 0,
          elapsedSeconds: 0,
          remainingSeconds: null,
          state: 'running' as const,
          isOverdue: false,
        },
      },
      satisfaction: null,
      isSatisfactionAsked: false,
      isInChat: false,
      permissions: { can: ['view' as const, 'join' as const, 'status' as const] },
    };
    const server = inboxServer([testItem(1)]);
    const team: App = {
      ...moderatorApp,
      permissions: { can: [...moderatorApp.permissions.can, 'tickets'] },
    };
    const { fetchMock } = open(
      {
        ...server.routes,
        [`GET ${appPath}/tickets`]: () =>
          json(200, { data: [ticket], meta: { page: 1, pages: 1, total: 1 } }),
      },
      '/akademie/settings/moderation?tab=ticket',
      team,
    );
    const row = await screen.findByRole('link', { name: /Rechnung fehlt/ }, { timeout: 15_000 });
    expect(row.getAttribute('href')).toBe(`/akademie/settings/moderation/tickets/${ticket.id}`);
    expect(screen.getByRole('tab', { name: /Support-Tickets/ }).getAttribute('aria-selected')).toBe('true');
    // The ticket tab asks the tickets, not the moderation items.
    expect(callsTo(fetchMock, `GET ${appPath}/moderation`)).toHaveLength(0);
  });

  it('gives moderators without the tickets ability the posts tab only', async () => {
    const server = inboxServer([testItem(1)]);
    open(server.routes, '/akademie/settings/moderation?tab=ticket');
    expect(await screen.findByRole('tab', { name: /Beiträge/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /Support-Tickets/ })).toBeNull();
    expect(screen.getByRole('tab', { name: /Beiträge/ }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('moderation settings', () => {
  it('checks the numbers before saving and saves only what changed', async () => {
    const server = inboxServer([]);
    const { fetchMock } = open(server.routes, '/akademie/settings/moderation?tab=settings');
    const reports = await screen.findByRole('textbox', { name: /Meldungen bis zum Verbergen/ });
    const firstPosts = screen.getByRole('textbox', { name: /Erste Beiträge vorab prüfen/ });

    fireEvent.change(reports, { target: { value: '' } });
    fireEvent.change(firstPosts, { target: { value: '1001' } });
    fireEvent.submit(screen.getByTestId('moderation-settings-form'));
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(screen.getByText('Der Wert darf höchstens 1000 betragen.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${appPath}/moderation/settings`)).toHaveLength(0);

    fireEvent.change(reports, { target: { value: '5' } });
    fireEvent.change(firstPosts, { target: { value: '2' } });
    fireEvent.submit(screen.getByTestId('moderation-settings-form'));
    expect(await screen.findByText('Die Moderationseinstellungen wurden gespeichert.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${appPath}/moderation/settings`)).toEqual([
      { reportsToHide: 5, premoderateFirstPosts: 2 },
    ]);
    expect(screen.getByText('Alle Änderungen sind gespeichert.')).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('moderation-page'));
  });

  it('shows the server’s field errors at their fields', async () => {
    const server = inboxServer([]);
    open(
      {
        ...server.routes,
        [`PATCH ${appPath}/moderation/settings`]: () =>
          json(400, {
            code: 'VALIDATION',
            message: 'errors.VALIDATION',
            errors: { postsPerHour: 'validation.maxNumber' },
          }),
      },
      '/akademie/settings/moderation?tab=settings',
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Beiträge pro Stunde/ }), {
      target: { value: '30' },
    });
    fireEvent.submit(screen.getByTestId('moderation-settings-form'));
    const field = await screen.findByRole('textbox', { name: /Beiträge pro Stunde/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  });
});

describe('moderation in the settings menu', () => {
  it('is listed only for callers with the moderation ability', async () => {
    stubFetch({
      'GET /api/router': routerWith({
        ...testApp,
        permissions: { can: ['view', 'edit', 'settings_app', 'onboarding'] },
      }),
      'GET /api/timezones': () => json(200, { data: [] }),
    });
    const { router } = renderRoutes(createRoutes('app'), {
      url: '/akademie/settings/moderation',
      host: 'app',
    });
    expect(await screen.findByTestId('general-settings-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/akademie/settings/general');
    expect(screen.queryByTestId('settings-nav-contentModeration')).toBeNull();
    expect(screen.getByTestId('settings-nav-onboarding')).toBeTruthy();
  });
});
