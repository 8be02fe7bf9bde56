import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouterApp } from '../../../contracts/router';
import { createRoutes } from '../../app/routes';
import { installSessionHandling } from '../../kernel/session/session';
import { useUiStore } from '../../kernel/ui-store';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, testApp, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { openedAnswer, requestingMember, requestTicket, ticketsPath } from './request-test-data';

const appPath = `/api/apps/${testApp.id}`;
const mine = [requestTicket(2, { status: 'work' }), requestTicket(1, { status: 'completed' })];
const opened = requestTicket(3, { subject: 'Kurs verschoben' });

/** The app's help desk home (with the widget beside it) and what the widget asks. */
function helpdeskServer(app: RouterApp): Record<string, Route> {
  return {
    'GET /api/router': () => json(200, { type: 'app', entity: null, app }),
    [`GET ${appPath}/helpdesk/categories`]: () => json(200, { data: [], permissions: { can: ['view'] } }),
    [`GET ${appPath}/helpdesk/articles/popular`]: () => json(200, { data: [] }),
    [`GET ${appPath}/notifications/counters`]: () => json(200, { notifications: 0 }),
    [`GET ${ticketsPath}/my`]: () => json(200, { data: mine, meta: { page: 1, pages: 1, total: 2 } }),
    [`POST ${ticketsPath}`]: openedAnswer(opened),
  };
}

function open(app: RouterApp, url = '/akademie/helpdesk', routes: Record<string, Route> = {}) {
  const fetchMock = stubFetch({ ...helpdeskServer(app), ...routes });
  const view = renderRoutes(createRoutes('app'), { url, host: 'app' });
  return { fetchMock, ...view };
}

const launcher = () => screen.getByRole('button', { name: 'Hilfe & Support' });
const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

/** The page is there (the app's routes and the lazy screens loaded): what shows beside it is settled. */
const pageShown = () => screen.findByTestId('helpdesk-home', {}, { timeout: 15_000 });

let uninstall: () => void = () => {};
beforeEach(() => {
  uninstall = installSessionHandling();
});
afterEach(() => {
  uninstall();
  useUiStore.setState({ isMobile: false });
});

// The first screen of a file waits for the app's routes and the lazy chunks to load.
describe('support widget', { timeout: 30_000 }, () => {
  it('opens a request from any page of the app and leads to it', async () => {
    signInForTest();
    const { fetchMock } = open(requestingMember);
    await pageShown();
    const button = launcher();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // The help desk offers the same way for those who found no answer.
    expect(screen.getByTestId('helpdesk-ask-team').querySelector('a')?.getAttribute('href')).toBe(
      '/akademie/requests/new',
    );

    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Wie können wir helfen?' });
    // Beside the button, the page stays usable.
    expect(panel.getAttribute('aria-modal')).toBeNull();
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Betreff')));
    const requests = within(panel).getByTestId('support-widget-requests');
    expect(requests.getAttribute('href')).toBe('/akademie/requests');
    // One of the two requests is still open.
    await waitFor(() => expect(requests.textContent).toBe('Meine Anfragen1 offen'));
    expect(within(panel).getByRole('link', { name: 'Hilfe-Artikel' }).getAttribute('href')).toBe(
      '/akademie/helpdesk',
    );
    await expectNoAxeViolations(panel);

    fireEvent.change(field('Betreff'), { target: { value: 'Kurs verschoben' } });
    fireEvent.change(field('Ihre Nachricht'), { target: { value: 'Wann findet er statt?' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Anfrage senden' }));

    const sent = await within(panel).findByTestId('support-widget-sent');
    expect(sent.textContent).toContain('Anfrage #3 ist angekommen');
    const link = within(sent).getByRole('link', { name: 'Anfrage öffnen' });
    expect(link.getAttribute('href')).toBe(`/akademie/requests/${opened.id}`);
    expect(document.activeElement).toBe(link);
    expect(callsTo(fetchMock, `POST ${ticketsPath}`)).toEqual([
      { subject: 'Kurs verschoben', body: '<p>Wann findet er statt?</p>' },
    ]);
    // The lists (and the number of open ones) are read again.
    await waitFor(() => expect(callsTo(fetchMock, `GET ${ticketsPath}/my`).length).toBeGreaterThan(1));
  });

  it('closes on Escape, gives the focus back to its button and keeps what was typed', async () => {
    signInForTest();
    open(requestingMember);
    await pageShown();
    fireEvent.click(launcher());
    await screen.findByRole('dialog', { name: 'Wie können wir helfen?' });
    fireEvent.change(field('Betreff'), { target: { value: 'Halb geschrieben' } });

    fireEvent.keyDown(field('Betreff'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(launcher()));
    expect(launcher().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(launcher());
    await screen.findByRole('dialog', { name: 'Wie können wir helfen?' });
    expect(field('Betreff').value).toBe('Halb geschrieben');
    // The close button does the same.
    fireEvent.click(screen.getByRole('button', { name: 'Hilfe & Support schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(launcher()));
  });

  it('is a sheet from the bottom on a phone', async () => {
    // Every media query matches, the phone's width among them (test/setup.ts answers none; it unstubs this).
    const answer = window.matchMedia('all');
    vi.stubGlobal('matchMedia', (media: string) => ({ ...answer, media, matches: true }));
    act(() => useUiStore.setState({ isMobile: true }));
    signInForTest();
    open(requestingMember);
    await pageShown();
    fireEvent.click(launcher());
    const sheet = await screen.findByRole('dialog', { name: 'Wie können wir helfen?' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.closest('[data-support-widget-panel]')).not.toBeNull();
    expect(within(sheet).getByRole('button', { name: 'Anfrage senden' })).toBeTruthy();

    fireEvent.keyDown(field('Betreff'), { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(launcher()));
  });

  it('is not there for the app’s team, guests, an admin viewing the app as a member, on the requests’ pages or in the chat', async () => {
    // The team answers requests; it opens none.
    signInForTest();
    const team = open({ ...requestingMember, permissions: { can: ['view', 'create_ticket', 'tickets'] } });
    await pageShown();
    expect(screen.queryByTestId('support-widget')).toBeNull();
    expect(screen.queryByTestId('helpdesk-ask-team')).toBeNull();
    team.unmount();

    // A member's requests offer the same on their own.
    const requests = open(requestingMember, '/akademie/requests');
    await screen.findByTestId('my-requests', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('support-widget')).toBeNull();
    requests.unmount();

    // A conversation's composer keeps the corner the button would cover.
    const chatting: RouterApp = {
      ...requestingMember,
      services: { ...requestingMember.services, chat: true },
      permissions: { can: [...requestingMember.permissions.can, 'view_chats'] },
    };
    const chat = open(chatting, '/akademie/chat', {
      [`GET ${appPath}/chats`]: () => json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } }),
    });
    await screen.findByTestId('chat-layout', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('support-widget')).toBeNull();
    chat.unmount();

    const masquerade = open({ ...requestingMember, masqueradeProfileId: requestingMember.viewer!.profileId });
    await pageShown();
    expect(screen.queryByTestId('support-widget')).toBeNull();
    masquerade.unmount();

    // Someone signed in without a profile in the app.
    const stranger = open({ ...requestingMember, viewer: null });
    await pageShown();
    expect(screen.queryByTestId('support-widget')).toBeNull();
    stranger.unmount();
  });

  it('is not there for a visitor without a session', async () => {
    open({ ...requestingMember, viewer: null, permissions: { can: ['view'] } });
    await pageShown();
    expect(screen.queryByTestId('support-widget')).toBeNull();
    expect(screen.queryByTestId('helpdesk-ask-team')).toBeNull();
  });
});
