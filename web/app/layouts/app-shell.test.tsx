import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../../contracts/apps';
import { clearSession } from '../../api/token-store';
import { setAccount } from '../../kernel/session/account-store';
import { installSessionHandling } from '../../kernel/session/session';
import { json, signInForTest, stubFetch, testAccount, testApp, urlOf, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { masqueradeHeader, masqueradeProfileOf, startMasquerade } from '../../kernel/current-app';
import { createRoutes } from '../routes';
import { appColorCss, colorTupleOf } from '../theme';
import { appMenuItems, showsThemeEntry } from './app-menu';

const memberId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';
const member = {
  id: memberId,
  accountId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e98',
  firstName: 'Lena',
  lastName: 'Vogel',
  email: null,
  avatarId: null,
  avatarUrl: null,
  type: 'member',
  isOwner: false,
  tags: [],
  punishedUntil: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  moderates: null,
  permissions: { can: ['view'] },
};

const appWith = (can: App['permissions']['can'], overrides: Partial<App> = {}): App => ({
  ...testApp,
  ...overrides,
  permissions: { can },
});
const routerWith =
  (app: App): Route =>
  () =>
    json(200, { type: 'app', entity: null, app });

let uninstall: () => void = () => {};
beforeEach(() => {
  uninstall = installSessionHandling();
  window.sessionStorage.clear();
});
afterEach(() => {
  uninstall();
});

describe('app menu', () => {
  const labels = (app: App, signedIn = true, masquerading = false) =>
    appMenuItems({ app, signedIn, masquerading }).map((item) => item.label);

  it('shows settings only with the edit ability and the profile only to members', () => {
    expect(labels(appWith(['view']), false)).toEqual(['appSettings.menu.home', 'community.menu.groups']);
    expect(labels(appWith(['view', 'view_profiles']))).toEqual([
      'appSettings.menu.home',
      'community.menu.groups',
      'courses.menu',
      'appSettings.menu.profile',
    ]);
    expect(labels(appWith(['view', 'view_profiles', 'edit']))).toEqual([
      'appSettings.menu.home',
      'community.menu.groups',
      'courses.menu',
      'appSettings.menu.profile',
      'appSettings.menu.settings',
    ]);
    // Home and the groups are services: switched off, they leave the menu.
    expect(
      labels(appWith(['view', 'edit'], { services: { ...testApp.services, home: false, community: false } })),
    ).toEqual(['appSettings.menu.settings']);
  });

  it('offers the theme tool to the owner only, and never while masquerading', () => {
    const owner = appWith(['view', 'edit', 'settings_theme'], { isOwner: true });
    expect(showsThemeEntry({ app: owner, signedIn: true, masquerading: false })).toBe(true);
    expect(showsThemeEntry({ app: owner, signedIn: true, masquerading: true })).toBe(false);
    expect(showsThemeEntry({ app: appWith(['view', 'edit']), signedIn: true, masquerading: false })).toBe(
      false,
    );
  });
});

describe('app shell', () => {
  it('puts the menu where the app wants it and hides what the abilities do not allow', async () => {
    signInForTest();
    stubFetch({
      'GET /api/router': routerWith(appWith(['view', 'view_profiles'], { desktopMenuLayout: 'left' })),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    const nav = await screen.findByTestId('app-nav-left');
    expect(within(nav).getByText('Start')).toBeTruthy();
    expect(within(nav).getByText('Mein Profil')).toBeTruthy();
    expect(within(nav).queryByText('Einstellungen')).toBeNull();
    expect(screen.queryByTestId('theme-entry')).toBeNull();
  });

  it('applies the app’s primary colour to the theme', async () => {
    signInForTest();
    stubFetch({ 'GET /api/router': routerWith(appWith(['view'], { theme: { primaryColor: '#0c8599' } })) });
    renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    const style = await screen.findByTestId('app-colors');
    expect(style.textContent).toContain('--mantine-color-brand-6: #0c8599;');
    expect(colorTupleOf('#0c8599')).toHaveLength(10);
    expect(appColorCss('#0c8599')).toContain('--mantine-primary-color-filled');
  });

  it('views the app as a member with the masquerade header until the banner ends it', async () => {
    signInForTest();
    startMasquerade('akademie', memberId);
    const fetchMock = stubFetch({
      'GET /api/router': (init) => {
        const asMember = new Headers(init?.headers).get(masqueradeHeader) === memberId;
        return routerWith(
          asMember
            ? appWith(['view', 'view_profiles'], { masqueradeProfileId: memberId })
            : appWith(['view', 'view_profiles', 'edit', 'settings_theme', 'masquerade'], { isOwner: true }),
        )(init, new URL('http://localhost'));
      },
      [`GET /api/profiles/${memberId}`]: () => json(200, { data: member }),
      [`GET /api/profiles/${memberId}/follow`]: () =>
        json(200, { data: { isFollowing: false, followersCount: 0, followingCount: 0 } }),
    });
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    expect(await screen.findByTestId('masquerade-banner')).toBeTruthy();
    expect(await screen.findByText('Sie sehen die App als Lena Vogel')).toBeTruthy();
    // The header's person is the viewed member, not the admin who views.
    await waitFor(() => expect(screen.getByTestId('account-menu').textContent).toContain('Lena'));
    expect(screen.getByTestId('account-menu').textContent).not.toContain('Anna');
    expect(screen.queryByText('Einstellungen')).toBeNull();
    expect(screen.queryByTestId('theme-entry')).toBeNull();
    // Every call of the app carries the viewed member, not only the router's.
    const profileCall = fetchMock.mock.calls.find(([input]) =>
      urlOf(input).includes(`/profiles/${memberId}`),
    );
    expect(new Headers(profileCall?.[1]?.headers).get(masqueradeHeader)).toBe(memberId);

    fireEvent.click(screen.getByTestId('masquerade-end'));
    await waitFor(() => expect(screen.queryByTestId('masquerade-banner')).toBeNull());
    expect(masqueradeProfileOf('akademie')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/akademie/m/${memberId}`));
    expect(await screen.findByTestId('theme-entry')).toBeTruthy();
  });

  const viewer = (overrides: Partial<NonNullable<App['viewer']>> = {}): App['viewer'] => ({
    profileId: memberId,
    sanction: null,
    punishedUntil: null,
    language: null,
    timezone: null,
    avatarUrl: null,
    ...overrides,
  });

  it('tells a blocked member they are blocked instead of showing the app, in German and English', async () => {
    signInForTest();
    stubFetch({
      'GET /api/router': routerWith(appWith([], { viewer: viewer({ sanction: 'blocked' }) })),
    });
    const view = renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    const blocked = await screen.findByTestId('app-blocked');
    expect(within(blocked).getByText('Ihr Zugang zu Akademie Nord ist gesperrt')).toBeTruthy();
    expect(within(blocked).getByText('Abmelden')).toBeTruthy();
    view.unmount();
    // The person's own language, here English, on the app host too.
    signInForTest({ account: { ...testAccount, language: 'en' } });
    renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    // The English texts load on demand: the German message may be there a moment before them.
    expect(
      await within(await screen.findByTestId('app-blocked')).findByText(
        'Your access to Akademie Nord is blocked',
      ),
    ).toBeTruthy();
  }, 15_000);

  it('puts the notification bell into the header of members with a profile, not of guests', async () => {
    signInForTest();
    const app = appWith(['view', 'view_profiles'], { viewer: viewer() });
    stubFetch({
      'GET /api/router': routerWith(app),
      [`GET /api/apps/${app.id}/notifications/counters`]: () => json(200, { notifications: 4 }),
    });
    const view = renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen, 4 ungelesen' });
    expect(bell.closest('header')).toBeTruthy();
    view.unmount();

    clearSession();
    setAccount(null);
    stubFetch({ 'GET /api/router': routerWith(appWith(['view'])) });
    renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    expect(await screen.findByTestId('app-shell-app')).toBeTruthy();
    expect(screen.queryByTestId('notification-bell')).toBeNull();
  });

  it('speaks the account’s language on the app host unless the app profile has its own', async () => {
    signInForTest({ account: { ...testAccount, language: 'en' } });
    stubFetch({ 'GET /api/router': routerWith(appWith(['view', 'view_profiles'], { viewer: viewer() })) });
    const view = renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(await screen.findByText('Home')).toBeTruthy();
    view.unmount();
    stubFetch({
      'GET /api/router': routerWith(
        appWith(['view', 'view_profiles'], { viewer: viewer({ language: 'de' }) }),
      ),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
  });

  it('shows the app’s logo and icon: a mark beside the name, a wordmark alone, the icon as the tab’s icon', async () => {
    signInForTest();
    const icon = document.createElement('link');
    icon.rel = 'icon';
    icon.href = '/favicon.svg';
    document.head.append(icon);
    stubFetch({
      'GET /api/router': routerWith(
        appWith(['view'], {
          logoUrl: '/api/cloud/blobs/l/original?sig=1',
          appIconUrl: '/api/cloud/blobs/i/original?sig=2',
        }),
      ),
    });
    const view = renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    expect((await screen.findByTestId('app-logo')).getAttribute('src')).toBe(
      '/api/cloud/blobs/l/original?sig=1',
    );
    expect(screen.getByTestId('app-name').textContent).toBe('Akademie Nord');
    await waitFor(() => expect(icon.getAttribute('href')).toBe('/api/cloud/blobs/i/original?sig=2'));
    view.unmount();
    // Back to the product's icon once the app is gone.
    expect(icon.getAttribute('href')).toBe('/favicon.svg');
    stubFetch({
      'GET /api/router': routerWith(
        appWith(['view'], { logoUrl: '/api/cloud/blobs/l/original?sig=1', isAdvancedLogo: true }),
      ),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie', host: 'app' });
    expect((await screen.findByTestId('app-logo')).getAttribute('alt')).toBe('Akademie Nord');
    expect(screen.queryByTestId('app-name')).toBeNull();
    icon.remove();
  });
});
