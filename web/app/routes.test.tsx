import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession } from '../api/token-store';
import { storeRefreshToken } from '../kernel/session/refresh-token-storage';
import { installSessionHandling } from '../kernel/session/session';
import {
  callsTo,
  json,
  routerAnswer,
  signInForTest,
  stubFetch,
  testAccount,
  testApp,
  testSession,
  urlOf,
} from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { createRoutes } from './routes';

const stashCode = 'stash-code-0123456789abcdef';
const invitationToken = 'invite-token-0123456789abcdef';
const invitationInfo = {
  app: { id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e60', name: 'Akademie', slug: 'akademie' },
  email: 'anna@beispiel.de',
  firstName: 'Anna',
  lastName: 'Beispiel',
  hasAccount: true,
};
const timezones = () => json(200, { data: [{ tzCode: 'Europe/Berlin', utc: '+01:00' }] });

let uninstall: () => void = () => {};
beforeEach(() => {
  uninstall = installSessionHandling();
});
afterEach(() => {
  uninstall();
});

/** The projects page's lists for someone with no projects and no team invitations. */
const emptyProjectLists = {
  'GET /api/projects': () => json(200, { data: [], meta: { page: 1, pages: 1, total: 0 } }),
  'GET /api/teams/invitations': () => json(200, { data: [], meta: { page: 1, pages: 1, total: 0 } }),
};

describe('service host routes', () => {
  it('sends a visitor without a session from / to sign-in inside the service shell', async () => {
    const { router } = renderRoutes(createRoutes('service'), { url: '/' });
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByTestId('app-shell-service')).toBeTruthy();
    expect(window.sessionStorage.getItem('redirectAfterAuth')).toBe('/');
  });

  it('shows the not-found page for any unknown path', async () => {
    renderRoutes(createRoutes('service'), { url: '/does-not-exist/at/all' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('app-shell-service')).toBeTruthy();
  });

  it('keeps signed-in people away from the guest-only routes', async () => {
    signInForTest();
    for (const url of ['/auth', '/auth/signup/confirm', '/auth/restore?login=a%40b.de']) {
      const { router, unmount } = renderRoutes(createRoutes('service'), { url });
      expect(await screen.findByTestId('projects-page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/projects');
      unmount();
    }
  });

  it('opens an invitation link signed out and signed in (the mailed code decides whose session follows)', async () => {
    stubFetch({ [`GET /api/invitation/${invitationToken}`]: () => json(200, invitationInfo) });
    const guest = renderRoutes(createRoutes('service'), { url: `/auth/join/${invitationToken}` });
    expect(await screen.findByRole('heading', { name: 'Sie wurden zu Akademie eingeladen' })).toBeTruthy();
    guest.unmount();

    signInForTest();
    const { router } = renderRoutes(createRoutes('service'), { url: `/auth/join/${invitationToken}` });
    expect(await screen.findByRole('heading', { name: 'Sie wurden zu Akademie eingeladen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/auth/join/${invitationToken}`);
  });

  it('keeps sign-up and reset reachable while signed in (GAPS 29)', async () => {
    signInForTest();
    const signup = renderRoutes(createRoutes('service'), { url: '/auth/signup' });
    expect(await screen.findByTestId('signup-email')).toBeTruthy();
    signup.unmount();
    renderRoutes(createRoutes('service'), { url: '/auth/reset' });
    expect(await screen.findByTestId('reset-email')).toBeTruthy();
  });

  it('shows the signed-in person on /projects with an honest empty state and the account menu', async () => {
    signInForTest();
    stubFetch(emptyProjectLists);
    renderRoutes(createRoutes('service'), { url: '/projects' });
    expect((await screen.findByTestId('projects-name')).textContent).toBe('Anna Beispiel');
    expect(await screen.findByText('Noch keine Projekte')).toBeTruthy();
    expect(screen.getByTestId('account-menu').textContent).toContain('Anna');
  });

  it('exchanges a stash code in the address for a session and takes it out of the address', async () => {
    const fetchMock = stubFetch({
      [`GET /api/stash/${stashCode}`]: () => json(200, testSession({ accessToken: 'from-stash' })),
      ...emptyProjectLists,
    });
    const { router } = renderRoutes(createRoutes('service'), { url: `/projects?tab=mine&code=${stashCode}` });
    expect(await screen.findByTestId('projects-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
    expect(router.state.location.search).toBe('?tab=mine');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(callsTo(fetchMock, `GET /api/stash/${stashCode}`)).toHaveLength(1);
  });

  it('restores a stored session on start-up before rendering', async () => {
    storeRefreshToken('refresh-token-stored-000000001', true);
    stubFetch({ 'POST /api/auth/refresh-token': () => json(200, testSession({ accessToken: 'restored' })) });
    const { router } = renderRoutes(createRoutes('service'), { url: '/projects' });
    expect(await screen.findByTestId('projects-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('remembers the target of a protected route and returns there after signing in', async () => {
    stubFetch({
      'POST /api/auth/by-password': () => json(200, testSession()),
      'GET /api/auth/identity': () => json(200, { account: testAccount }),
      'GET /api/timezones': timezones,
    });
    const { router } = renderRoutes(createRoutes('service'), { url: '/projects/settings/profile' });
    expect(await screen.findByTestId('signin-form')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'anna@beispiel.de' } });
    fireEvent.click(screen.getByTestId('login-use-password'));
    fireEvent.change(await screen.findByLabelText('Passwort'), { target: { value: 'geheim-genug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByTestId('profile-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects/settings/profile');
  });

  it('goes to sign-in when a refresh fails, remembering the page, and comes back after signing in', async () => {
    signInForTest();
    let identityCalls = 0;
    const fetchMock = stubFetch({
      'GET /api/auth/identity': () =>
        ++identityCalls === 1
          ? json(401, { code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED' })
          : json(200, { account: testAccount }),
      'POST /api/auth/refresh-token': () =>
        json(401, { code: 'INVALID_REFRESH_TOKEN', message: 'errors.INVALID_REFRESH_TOKEN' }),
      'POST /api/auth/by-password': () => json(200, testSession({ accessToken: 'access-2' })),
      'GET /api/timezones': timezones,
    });
    const { router } = renderRoutes(createRoutes('service'), { url: '/projects/settings/profile?tab=1' });

    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toHaveLength(1);
    expect(window.sessionStorage.getItem('redirectAfterAuth')).toBe('/projects/settings/profile?tab=1');

    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'anna@beispiel.de' } });
    fireEvent.click(screen.getByTestId('login-use-password'));
    fireEvent.change(await screen.findByLabelText('Passwort'), { target: { value: 'geheim-genug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/settings/profile'));
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('goes to sign-in after signing out, without remembering the page', async () => {
    signInForTest();
    stubFetch({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }), ...emptyProjectLists });
    const { router } = renderRoutes(createRoutes('service'), { url: '/projects' });
    fireEvent.click(await screen.findByTestId('account-menu'));
    fireEvent.click(await screen.findByTestId('sign-out'));
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(window.sessionStorage.getItem('redirectAfterAuth')).toBeNull();
  });

  it('goes to sign-in when the session is cleared elsewhere', async () => {
    signInForTest();
    const { router } = renderRoutes(createRoutes('service'), { url: '/somewhere' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    act(() => clearSession());
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('app host routes', () => {
  it('guards the app root and signs in under the app slug, with the app name in the shell', async () => {
    const fetchMock = stubFetch({ 'GET /api/router': routerAnswer() });
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/akademie/auth');
    expect((await screen.findByTestId('app-name')).textContent).toBe('Akademie Nord');
    const [input] = fetchMock.mock.calls[0] ?? ['/'];
    const asked = new URL(urlOf(input), 'http://localhost').searchParams.get('url') ?? '';
    expect(new URL(asked).pathname).toBe('/akademie/auth');
  });

  it('shows the designed not-found page when the router does not know the app', async () => {
    stubFetch({ 'GET /api/router': routerAnswer(false) });
    const { router } = renderRoutes(createRoutes('app'), { url: '/gibt-es-nicht', host: 'app' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('app-shell-app')).toBeTruthy();
    expect(screen.queryByTestId('signin-form')).toBeNull();
    expect(router.state.location.pathname).toBe('/gibt-es-nicht/auth');
  });

  it('signs in with the app id, so the session is bound to the app', async () => {
    const fetchMock = stubFetch({
      'GET /api/router': routerAnswer(),
      'POST /api/auth/by-password': () => json(200, testSession()),
    });
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie/auth', host: 'app' });
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), {
      target: { value: 'anna@beispiel.de' },
    });
    fireEvent.click(screen.getByTestId('login-use-password'));
    fireEvent.change(await screen.findByLabelText('Passwort'), { target: { value: 'geheim-genug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/akademie'));
    expect(callsTo(fetchMock, 'POST /api/auth/by-password')[0]).toMatchObject({
      login: 'anna@beispiel.de',
      appId: testApp.id,
    });
  });

  it('remembers the profile as the target of the sign-in', async () => {
    stubFetch({ 'GET /api/router': routerAnswer() });
    const { router } = renderRoutes(createRoutes('app'), {
      url: '/akademie/profile/notifications',
      host: 'app',
    });
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/akademie/auth');
    expect(window.sessionStorage.getItem('redirectAfterAuth')).toBe('/akademie/profile/notifications');
  });

  it('links the profile in the account menu and signs out of the app with its own logout', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      'GET /api/router': routerAnswer(),
      [`POST /api/apps/${testApp.id}/logout`]: () => new Response(null, { status: 204 }),
    });
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    fireEvent.click(await screen.findByTestId('account-menu'));
    const profileLink = await screen.findByRole('menuitem', { name: 'Mein Profil' });
    expect(profileLink.getAttribute('href')).toBe('/akademie/profile');
    fireEvent.click(screen.getByTestId('sign-out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/akademie/auth'));
    expect(callsTo(fetchMock, `POST /api/apps/${testApp.id}/logout`)).toHaveLength(1);
  });

  it('sends signed-in people from the app sign-in to the app', async () => {
    signInForTest();
    stubFetch({ 'GET /api/router': routerAnswer() });
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie/auth', host: 'app' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/akademie'));
  });

  it('opens an invitation link under the app slug inside the app shell', async () => {
    stubFetch({
      'GET /api/router': routerAnswer(),
      [`GET /api/invitation/${invitationToken}`]: () => json(200, invitationInfo),
    });
    renderRoutes(createRoutes('app'), { url: `/akademie/auth/join/${invitationToken}`, host: 'app' });
    expect(await screen.findByTestId('join-invite')).toBeTruthy();
    expect(screen.getByTestId('app-shell-app')).toBeTruthy();
  });

  it('shows not-found inside the app shell for unknown app paths', async () => {
    stubFetch({ 'GET /api/router': routerAnswer() });
    renderRoutes(createRoutes('app'), { url: '/akademie/nope', host: 'app' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('app-shell-app')).toBeTruthy();
  });
});
