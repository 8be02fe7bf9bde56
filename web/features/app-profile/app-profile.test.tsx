import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomField } from '../../../contracts/custom-fields';
import type { Notifications, Profile } from '../../../contracts/profile';
import { getAccessToken } from '../../api/token-store';
import { CurrentAppContext } from '../../kernel/current-app';
import {
  callsTo,
  json,
  signInForTest,
  stubFetch,
  testAccount,
  testApp,
  testLimits,
} from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { getAccount } from '../../kernel/session/account-store';
import { AppProfilePage } from './app-profile-page';
import { NotificationsPage } from './notifications-page';
import { refreshPushSubscription } from './push-refresh';

const profilePath = `/api/apps/${testApp.id}/profile`;

const testProfile: Profile = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e70',
  appId: testApp.id,
  type: 'member',
  isOwner: false,
  isPasswordSet: true,
  firstName: testAccount.firstName,
  lastName: testAccount.lastName,
  email: testAccount.email,
  timezone: null,
  language: null,
  avatarId: null,
  coverId: null,
  avatarUrl: null,
  coverUrl: null,
  bio: '',
  location: 'Hamburg',
  phone: '',
  social: { website: '', facebook: '', instagram: '', linkedin: '', x: '', youtube: '', tiktok: '' },
  customFields: {},
  privacy: { showEmail: false, showPhone: false, showLocation: true },
  darkMode: false,
  notifications: {
    isPushEnabled: true,
    isEmailEnabled: true,
    emailActions: [],
    pushActions: [],
    emailDigest: 'weekly',
  },
  permissions: { can: ['edit', 'delete'] },
};

const testNotifications: Notifications = {
  isPushEnabled: true,
  isEmailEnabled: true,
  emailActions: ['new_post', 'mentions'],
  pushActions: ['mentions'],
  emailDigest: 'weekly',
  list: [
    { type: 'new_post', email: true, push: false },
    { type: 'mentions', email: true, push: true },
    { type: 'weekly_digest', email: false, push: false },
  ],
};

const timezones = () => json(200, { data: [{ tzCode: 'Europe/Berlin', utc: '+01:00' }] });

function renderInApp(ui: ReactElement, path: string) {
  return renderWithProviders(<CurrentAppContext value={testApp}>{ui}</CurrentAppContext>, {
    path: `/:appSlug/${path}`,
    url: `/akademie/${path}`,
    host: 'app',
    routes: [{ path: '/:appSlug/auth', element: <p data-testid="app-sign-in">Anmelden</p> }],
  });
}

describe('member profile', () => {
  it('saves only the changed fields, links and switches', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${profilePath}`]: () => json(200, testProfile),
      [`PATCH ${profilePath}`]: () =>
        json(200, {
          ...testProfile,
          firstName: 'Anne',
          bio: 'Ich backe gern.',
          social: { ...testProfile.social, website: 'https://anne.de' },
          privacy: { ...testProfile.privacy, showPhone: true },
        }),
      'GET /api/timezones': timezones,
    });
    renderInApp(<AppProfilePage />, 'profile');
    await screen.findByTestId('member-profile-form');
    const save = screen.getByRole('button', { name: 'Änderungen speichern' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: ' Anne ' } });
    fireEvent.change(screen.getByLabelText('Über mich'), { target: { value: 'Ich backe gern.' } });
    fireEvent.change(screen.getByLabelText('Webseite'), { target: { value: 'https://anne.de' } });
    fireEvent.click(screen.getByRole('switch', { name: /Telefonnummer zeigen/ }));
    expect(screen.getByText('Sie haben ungespeicherte Änderungen.')).toBeTruthy();
    fireEvent.click(save);

    expect(await screen.findByText('Ihr Profil wurde gespeichert.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${profilePath}`)).toEqual([
      {
        firstName: 'Anne',
        bio: 'Ich backe gern.',
        social: { website: 'https://anne.de' },
        privacy: { showPhone: true },
      },
    ]);
    // The name lives on the account: the header shows the new one at once.
    expect(getAccount()?.firstName).toBe('Anne');
    await waitFor(() => expect(screen.getByText('Alle Änderungen sind gespeichert.')).toBeTruthy());
  });

  it('shows the app’s own fields with their types and rules and sends what changed', async () => {
    signInForTest();
    const field = (id: string, overrides: Partial<CustomField>): CustomField => ({
      id,
      type: 'text',
      label: id,
      options: [],
      validationRules: { required: false, minLength: null, maxLength: null },
      permissions: { can: [] },
      createdAt: '2026-01-05T10:00:00.000Z',
      ...overrides,
    });
    const level = field('0190f5a2-7c1e-7b4e-9a55-00000000cf01', {
      type: 'select',
      label: 'Erfahrung',
      options: ['Einsteiger', 'Fortgeschritten'],
      validationRules: { required: true, minLength: null, maxLength: null },
    });
    const asana = field('0190f5a2-7c1e-7b4e-9a55-00000000cf02', {
      label: 'Lieblingsasana',
      validationRules: { required: false, minLength: 3, maxLength: 40 },
    });
    const years = field('0190f5a2-7c1e-7b4e-9a55-00000000cf03', { type: 'number', label: 'Jahre Praxis' });
    const fetchMock = stubFetch({
      [`GET ${profilePath}`]: () => json(200, { ...testProfile, customFields: { [years.id]: 2 } }),
      [`GET /api/apps/${testApp.id}/custom-fields`]: () =>
        json(200, { data: [level, asana, years], meta: { page: 1, pages: 1, total: 3 } }),
      [`PATCH ${profilePath}`]: () => json(200, testProfile),
      'GET /api/timezones': timezones,
    });
    renderInApp(<AppProfilePage />, 'profile');
    const section = await screen.findByTestId('member-custom-fields');
    expect(within(section).getByText('Weitere Angaben')).toBeTruthy();
    expect(within(section).getByLabelText<HTMLInputElement>('Jahre Praxis').value).toBe('2');
    fireEvent.change(within(section).getByLabelText('Lieblingsasana'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    // The rules hold before anything is sent: the required choice and the shortest length.
    expect(await within(section).findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(within(section).getByText('Bitte geben Sie mindestens 3 Zeichen ein.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${profilePath}`)).toHaveLength(0);

    fireEvent.change(within(section).getByLabelText('Lieblingsasana'), { target: { value: ' Krieger ' } });
    fireEvent.click(screen.getByTestId(`custom-field-${level.id}`));
    fireEvent.click(await screen.findByRole('option', { name: 'Fortgeschritten' }));
    fireEvent.change(within(section).getByLabelText('Jahre Praxis'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH ${profilePath}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `PATCH ${profilePath}`)[0]).toEqual({
      customFields: { [level.id]: 'Fortgeschritten', [asana.id]: 'Krieger', [years.id]: null },
    });
  }, 15_000);

  it('refuses a link that is not a web address before calling the server', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${profilePath}`]: () => json(200, testProfile),
      'GET /api/timezones': timezones,
    });
    renderInApp(<AppProfilePage />, 'profile');
    fireEvent.change(await screen.findByLabelText('Instagram'), { target: { value: 'instagram punkt com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(
      await screen.findByText('Bitte geben Sie eine gültige Webadresse ein, z. B. https://beispiel.de.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${profilePath}`)).toHaveLength(0);
  });

  it('shows a friendly state, not an error, to a signed-in person without a profile in the app', async () => {
    signInForTest();
    stubFetch({
      [`GET ${profilePath}`]: () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    });
    renderInApp(<AppProfilePage />, 'profile');
    const state = await screen.findByTestId('not-member');
    expect(within(state).getByText('Sie sind (noch) kein Mitglied dieser App')).toBeTruthy();
    expect(within(state).getByText(/anna@beispiel\.de/)).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
    expect(screen.queryByTestId('member-load-error')).toBeNull();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('deletes the profile only with the mailed code, then signs out of the app', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${profilePath}`]: () => json(200, testProfile),
      'GET /api/timezones': timezones,
      [`POST ${profilePath}/delete/confirm/send`]: () => json(200, { limits: testLimits }),
      [`POST ${profilePath}/delete`]: () => new Response(null, { status: 204 }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    renderInApp(<AppProfilePage />, 'profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Profil in dieser App löschen …' }));
    const send = await screen.findByTestId('member-delete-send-code');
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Mir ist klar, dass sich das nicht rückgängig machen lässt.'));
    fireEvent.click(send);

    await screen.findByTestId('code-step');
    expect(callsTo(fetchMock, `POST ${profilePath}/delete/confirm/send`)).toHaveLength(1);
    expect(callsTo(fetchMock, `POST ${profilePath}/delete`)).toHaveLength(0);
    const [first] = screen.getAllByLabelText('Code aus der E-Mail');
    fireEvent.change(first!, { target: { value: '123456' } });

    expect(await screen.findByTestId('app-sign-in')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${profilePath}/delete`)).toEqual([{ code: '123456' }]);
    expect(getAccessToken()).toBeNull();
    expect(screen.getByText('Profil gelöscht')).toBeTruthy();
  });
});

describe('notification settings', () => {
  it('translates known actions, shows unknown ones as named, and saves only what was toggled', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${profilePath}/notifications`]: () => json(200, testNotifications),
      [`PATCH ${profilePath}/notifications`]: () => json(200, { ...testNotifications, isPushEnabled: false }),
    });
    renderInApp(<NotificationsPage />, 'profile/notifications');
    await screen.findByTestId('notification-table');
    expect(screen.getByText('Neuer Beitrag')).toBeTruthy();
    expect(screen.getByText('Erwähnungen')).toBeTruthy();
    expect(screen.getByText('weekly_digest')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: /^Push/ }));
    // Push is off: its boxes cannot be changed until it is on again.
    expect(screen.getByLabelText('Push bei „Erwähnungen“').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('E-Mail bei „Neuer Beitrag“'));
    fireEvent.click(screen.getByLabelText('E-Mail bei „weekly_digest“'));
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));

    expect(await screen.findByText('Ihre Benachrichtigungen wurden gespeichert.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${profilePath}/notifications`)).toEqual([
      { isPushEnabled: false, emailActions: ['mentions', 'weekly_digest'] },
    ]);
  });

  it('sends nothing while nothing changed, and a toggle back undoes the change', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${profilePath}/notifications`]: () => json(200, testNotifications),
    });
    renderInApp(<NotificationsPage />, 'profile/notifications');
    const box = await screen.findByLabelText('Push bei „Neuer Beitrag“');
    const save = screen.getByRole('button', { name: 'Änderungen speichern' });
    fireEvent.click(box);
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.click(box);
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(callsTo(fetchMock, `PATCH ${profilePath}/notifications`)).toHaveLength(0);
  });
});

describe('email digest', () => {
  it('offers none, daily and weekly, and only while e-mails are on', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${profilePath}/notifications`]: () => json(200, testNotifications),
      [`PATCH ${profilePath}/notifications`]: () => json(200, { ...testNotifications, emailDigest: 'daily' }),
    });
    renderInApp(<NotificationsPage />, 'profile/notifications');
    const digest = await screen.findByTestId<HTMLInputElement>('notifications-email-digest');
    expect(screen.getAllByLabelText('Zusammenfassung per E-Mail')).toContain(digest);
    expect(digest.value).toBe('Wöchentlich');
    fireEvent.click(digest);
    expect(screen.getByRole('option', { name: 'Keine' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Täglich' }));
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH ${profilePath}/notifications`)).toEqual([{ emailDigest: 'daily' }]),
    );

    // Saved: the form shows the stored settings anew.
    await screen.findByText('Ihre Benachrichtigungen wurden gespeichert.');
    fireEvent.click(screen.getByRole('switch', { name: /^E-Mail/ }));
    expect(screen.getByTestId('notifications-email-digest').hasAttribute('disabled')).toBe(true);
  });
});

describe('push on this device', () => {
  const pushPath = `${profilePath}/notifications/push`;
  // A VAPID public key as the server sends it: 65 bytes, base64url.
  const publicKey = `B${'A'.repeat(85)}E`;
  const browserSubscription = {
    endpoint: 'https://push.example.com/send/abc123',
    expirationTime: null,
    keys: { p256dh: `B${'q'.repeat(86)}`, auth: 'c2VjcmV0LWF1dGgtMTZiMQ' },
  };

  /** The browser's push APIs as far as the page uses them: a worker registration with its push manager. */
  function fakeBrowser(permission: NotificationPermission, options: { isSubscribed?: boolean } = {}) {
    let subscription: PushSubscription | null = null;
    const made = {
      endpoint: browserSubscription.endpoint,
      options: { applicationServerKey: null as ArrayBuffer | null },
      toJSON: () => browserSubscription,
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    };
    const pushManager = {
      getSubscription: vi.fn(async () => subscription),
      subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
        made.options.applicationServerKey = (options.applicationServerKey as Uint8Array).slice().buffer;
        subscription = made as unknown as PushSubscription;
        return subscription;
      }),
    };
    if (options.isSubscribed) {
      subscription = made as unknown as PushSubscription;
    }
    const registration = { scope: 'http://localhost/akademie/', active: {}, pushManager };
    const serviceWorker = {
      getRegistration: vi.fn(async () => (subscription ? registration : undefined)),
      register: vi.fn(async () => registration),
    };
    const notification = {
      permission,
      requestPermission: vi.fn(async () => {
        notification.permission = 'granted';
        return 'granted' as const;
      }),
    };
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', notification);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
    return { serviceWorker, pushManager, notification, made };
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says so when the browser cannot receive push', async () => {
    signInForTest();
    stubFetch({ [`GET ${profilePath}/notifications`]: () => json(200, testNotifications) });
    renderInApp(<NotificationsPage />, 'profile/notifications');
    const section = await screen.findByTestId('push-device');
    expect(within(section).getByText('Push-Benachrichtigungen auf diesem Gerät')).toBeTruthy();
    expect(within(section).getByTestId('push-unsupported')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('asks for permission, subscribes with the server’s key in the app’s scope, then switches off again', async () => {
    signInForTest();
    const browser = fakeBrowser('default');
    let devices = 0;
    const fetchMock = stubFetch({
      [`GET ${profilePath}/notifications`]: () => json(200, testNotifications),
      [`GET ${pushPath}`]: () => json(200, { publicKey, subscriptions: devices }),
      [`POST ${pushPath}`]: () => {
        devices = 1;
        return new Response(null, { status: 204 });
      },
      [`DELETE ${pushPath}`]: () => {
        devices = 0;
        return new Response(null, { status: 204 });
      },
    });
    renderInApp(<NotificationsPage />, 'profile/notifications');
    const section = await screen.findByTestId('push-device');
    expect(within(section).getByTestId('push-permission').textContent).toBe('Noch nicht gefragt');
    expect(within(section).getByTestId('push-device-status').textContent).toBe('Ausgeschaltet');
    const enable = within(section).getByRole('button', { name: 'Auf diesem Gerät einschalten' });
    await waitFor(() => expect(enable.hasAttribute('disabled')).toBe(false));
    fireEvent.click(enable);

    expect(await screen.findByText('Push ist auf diesem Gerät eingeschaltet.')).toBeTruthy();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/push-sw.js', { scope: '/akademie/' });
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    const key = new Uint8Array(options.applicationServerKey as Uint8Array);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(callsTo(fetchMock, `POST ${pushPath}`)).toEqual([browserSubscription]);
    expect(within(section).getByTestId('push-permission').textContent).toBe('Erteilt');
    expect(within(section).getByTestId('push-device-status').textContent).toBe('Eingeschaltet');
    expect((await within(section).findByTestId('push-device-count')).textContent).toBe(
      'Push ist auf 1 Gerät eingeschaltet.',
    );

    fireEvent.click(within(section).getByRole('button', { name: 'Auf diesem Gerät ausschalten' }));
    expect(await screen.findByText('Push ist auf diesem Gerät ausgeschaltet.')).toBeTruthy();
    expect(browser.made.unsubscribe).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, `DELETE ${pushPath}`)).toEqual([{ endpoint: browserSubscription.endpoint }]);
    expect(within(section).getByTestId('push-device-status').textContent).toBe('Ausgeschaltet');
  });

  it('stores this browser’s existing subscription again when the page opens', async () => {
    signInForTest();
    fakeBrowser('granted', { isSubscribed: true });
    let devices = 0;
    const fetchMock = stubFetch({
      [`GET ${profilePath}/notifications`]: () => json(200, testNotifications),
      [`GET ${pushPath}`]: () => json(200, { publicKey, subscriptions: devices }),
      [`POST ${pushPath}`]: () => {
        devices = 1;
        return new Response(null, { status: 204 });
      },
    });
    renderInApp(<NotificationsPage />, 'profile/notifications');
    const section = await screen.findByTestId('push-device');
    expect((await within(section).findByTestId('push-device-count')).textContent).toBe(
      'Push ist auf 1 Gerät eingeschaltet.',
    );
    expect(within(section).getByTestId('push-device-status').textContent).toBe('Eingeschaltet');
    expect(callsTo(fetchMock, `POST ${pushPath}`)).toEqual([browserSubscription]);
  });

  it('keeps the subscription of whoever turned push on fresh when they open the app, and nobody else’s', async () => {
    signInForTest();
    fakeBrowser('granted', { isSubscribed: true });
    const fetchMock = stubFetch({
      [`GET ${profilePath}/notifications`]: () => json(200, testNotifications),
      [`GET ${pushPath}`]: () => json(200, { publicKey, subscriptions: 1 }),
      [`POST ${pushPath}`]: () => new Response(null, { status: 204 }),
    });
    const owner = getAccount()!.id;
    window.localStorage.removeItem(`gemeinde.push.${testApp.id}`);
    // Nobody turned push on in this browser yet: the app's start stores nothing.
    await refreshPushSubscription(testApp.id, testApp.slug, owner);
    expect(callsTo(fetchMock, `POST ${pushPath}`)).toEqual([]);

    // The settings screen, with push on here, makes this person its owner.
    renderInApp(<NotificationsPage />, 'profile/notifications');
    await waitFor(() => expect(callsTo(fetchMock, `POST ${pushPath}`)).toHaveLength(1));
    await waitFor(() => expect(window.localStorage.getItem(`gemeinde.push.${testApp.id}`)).toBe(owner));

    // Someone else signed in on this browser does not take it over; the owner refreshes it once per page load.
    await refreshPushSubscription(testApp.id, testApp.slug, 'another-account');
    expect(callsTo(fetchMock, `POST ${pushPath}`)).toHaveLength(1);
    await refreshPushSubscription(testApp.id, testApp.slug, owner);
    await refreshPushSubscription(testApp.id, testApp.slug, owner);
    expect(callsTo(fetchMock, `POST ${pushPath}`)).toEqual([browserSubscription, browserSubscription]);
    window.localStorage.removeItem(`gemeinde.push.${testApp.id}`);
  });

  it('explains how to unblock notifications the browser refuses, and asks nothing', async () => {
    signInForTest();
    const browser = fakeBrowser('denied');
    stubFetch({
      [`GET ${profilePath}/notifications`]: () => json(200, testNotifications),
      [`GET ${pushPath}`]: () => json(200, { publicKey, subscriptions: 0 }),
    });
    renderInApp(<NotificationsPage />, 'profile/notifications');
    const section = await screen.findByTestId('push-device');
    expect(within(section).getByTestId('push-permission').textContent).toBe('Blockiert');
    expect(within(section).getByTestId('push-denied').textContent).toMatch(/blockiert/);
    const enable = within(section).getByRole('button', { name: 'Auf diesem Gerät einschalten' });
    fireEvent.click(enable);
    expect(enable.hasAttribute('disabled')).toBe(true);
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });
});
