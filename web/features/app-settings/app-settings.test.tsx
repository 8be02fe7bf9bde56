import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appServiceValues, builtAppServices, type App } from '../../../contracts/apps';
import { createRoutes } from '../../app/routes';
import { installSessionHandling } from '../../kernel/session/session';
import { callsTo, json, signInForTest, stubFetch, testApp, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';

const appPath = `/api/apps/${testApp.id}`;
const admin: App['permissions']['can'] = [
  'view',
  'view_profiles',
  'edit',
  'settings_app',
  'settings_members',
];

function appWith(can: App['permissions']['can'], overrides: Partial<App> = {}): App {
  return { ...testApp, ...overrides, permissions: { can } };
}

const routerWith =
  (app: App): Route =>
  () =>
    json(200, { type: 'app', entity: null, app });
const timezones = () => json(200, { data: [{ tzCode: 'Europe/Berlin', utc: '+01:00' }] });

let uninstall: () => void = () => {};
beforeEach(() => {
  uninstall = installSessionHandling();
  signInForTest();
});
afterEach(() => {
  uninstall();
});

describe('app settings guard', () => {
  it('sends people who may open no section to the app start', async () => {
    stubFetch({ 'GET /api/router': routerWith(appWith(['view', 'view_profiles', 'create_private_chat'])) });
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie/settings/general', host: 'app' });
    expect(await screen.findByTestId('app-home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/akademie');
    expect(screen.queryByTestId('app-settings')).toBeNull();
  });

  it('lets a moderator in to the moderation inbox and the member screens only', async () => {
    stubFetch({
      'GET /api/router': routerWith(
        appWith(['view', 'view_profiles', 'moderation', 'settings_moderation', 'settings_members']),
      ),
    });
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie/settings/general', host: 'app' });
    expect(await screen.findByTestId('settings-nav-contentModeration')).toBeTruthy();
    expect(router.state.location.pathname).not.toBe('/akademie/settings/general');
    expect(screen.getByTestId('settings-nav-members')).toBeTruthy();
    for (const key of ['general', 'services', 'groups', 'inviteLinks', 'bulkImport']) {
      expect(screen.queryByTestId(`settings-nav-${key}`)).toBeNull();
    }
  });

  it('opens the first section the caller may see and lists only those', async () => {
    stubFetch({
      'GET /api/router': routerWith(appWith(admin)),
      'GET /api/timezones': timezones,
    });
    const { router } = renderRoutes(createRoutes('app'), { url: '/akademie/settings', host: 'app' });
    expect(await screen.findByTestId('general-settings-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/akademie/settings/general');
    expect(screen.getByTestId('settings-nav-general')).toBeTruthy();
    expect(screen.getByTestId('settings-nav-members')).toBeTruthy();
    // The members area (settings_members) holds inviting and tags; no invite-link, import or moderation
    // ability: those sections are not offered.
    expect(screen.getByTestId('settings-nav-invite')).toBeTruthy();
    expect(screen.getByTestId('settings-nav-tags')).toBeTruthy();
    for (const key of ['inviteLinks', 'bulkImport', 'moderation']) {
      expect(screen.queryByTestId(`settings-nav-${key}`)).toBeNull();
    }
  });

  it('sends a section without its ability to the first open one', async () => {
    stubFetch({
      'GET /api/router': routerWith(appWith(['view', 'edit', 'settings_app'])),
      'GET /api/timezones': timezones,
    });
    const { router } = renderRoutes(createRoutes('app'), {
      url: '/akademie/settings/members/tags',
      host: 'app',
    });
    expect(await screen.findByTestId('general-settings-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/akademie/settings/general');
  });
});

describe('general settings form', () => {
  it('checks the fields against the contract before calling the server', async () => {
    const fetchMock = stubFetch({
      'GET /api/router': routerWith(appWith(admin)),
      'GET /api/timezones': timezones,
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/settings/general', host: 'app' });
    fireEvent.change(await screen.findByTestId('app-reply-to'), { target: { value: 'keine-mail' } });
    fireEvent.change(screen.getByTestId('app-slug-input'), { target: { value: 'ab' } });
    fireEvent.submit(screen.getByTestId('general-settings-form'));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie mindestens 3 Zeichen ein.')).toBeTruthy();
    // Links change with the address: the warning says so before saving.
    expect(screen.getByTestId('slug-warning')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${appPath}`)).toHaveLength(0);
  });

  it('sends only the changes and shows the server’s field errors at their fields', async () => {
    let attempt = 0;
    const fetchMock = stubFetch({
      'GET /api/router': routerWith(appWith(admin)),
      'GET /api/timezones': timezones,
      [`PATCH ${appPath}`]: () => {
        attempt += 1;
        return attempt === 1
          ? json(409, {
              code: 'SLUG_TAKEN',
              message: 'errors.SLUG_TAKEN',
              errors: { slug: 'validation.slugTaken' },
            })
          : json(200, { data: appWith(admin, { name: 'Akademie Süd', isPhoneRequired: true }) });
      },
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/settings/general', host: 'app' });
    fireEvent.change(await screen.findByTestId('app-slug-input'), { target: { value: 'vergeben' } });
    fireEvent.submit(screen.getByTestId('general-settings-form'));
    expect(await screen.findByText(/Diese Adresse ist bereits vergeben oder reserviert/)).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${appPath}`)).toEqual([{ slug: 'vergeben' }]);

    fireEvent.change(screen.getByTestId('app-slug-input'), { target: { value: 'akademie' } });
    fireEvent.change(screen.getByTestId('app-name-input'), { target: { value: 'Akademie Süd' } });
    fireEvent.click(screen.getByTestId('app-phone-required'));
    fireEvent.submit(screen.getByTestId('general-settings-form'));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH ${appPath}`)).toHaveLength(2));
    expect(callsTo(fetchMock, `PATCH ${appPath}`)[1]).toEqual({
      name: 'Akademie Süd',
      isPhoneRequired: true,
    });
    // The shell shows the saved name at once.
    await waitFor(() => expect(screen.getByTestId('app-name').textContent).toBe('Akademie Süd'));
  });

  it('offers the design only to the owner with the theme ability', async () => {
    stubFetch({
      'GET /api/router': routerWith(appWith(admin)),
      'GET /api/timezones': timezones,
    });
    const first = renderRoutes(createRoutes('app'), { url: '/akademie/settings/general', host: 'app' });
    expect(await screen.findByTestId('general-settings-form')).toBeTruthy();
    expect(screen.queryByTestId('settings-design')).toBeNull();
    first.unmount();

    stubFetch({
      'GET /api/router': routerWith(appWith([...admin, 'settings_theme'], { isOwner: true })),
      'GET /api/timezones': timezones,
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/settings/general', host: 'app' });
    expect(await screen.findByTestId('settings-design')).toBeTruthy();
  });
});

describe('services', () => {
  it('offers only the services that exist', async () => {
    stubFetch({
      'GET /api/router': routerWith(appWith(admin)),
      [`GET ${appPath}/options`]: () => json(200, { data: { services: testApp.services } }),
      [`GET ${appPath}/home/settings`]: () =>
        json(200, {
          data: {
            bannerId: null,
            trendingPostsWindowInDays: 10,
            showPostsFromAllPublicSpaces: true,
            defaultPageIds: [],
          },
          permissions: { can: ['view', 'edit'] },
        }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/settings/services', host: 'app' });
    const list = await screen.findByTestId('service-switches');
    expect(
      list.querySelectorAll('[data-testid^="service-"][role="switch"], input[data-testid^="service-"]'),
    ).toHaveLength(builtAppServices.length);
    for (const built of builtAppServices) {
      expect(screen.getByTestId(`service-${built}`)).toBeTruthy();
    }
    const unbuilt = appServiceValues.filter(
      (service) => !(builtAppServices as readonly string[]).includes(service),
    );
    expect(unbuilt).toContain('pages');
    for (const service of unbuilt) {
      expect(screen.queryByTestId(`service-${service}`)).toBeNull();
    }
  });
});
