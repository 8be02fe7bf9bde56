import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goToAddress } from '../../../kernel/go-to-address';
import { getAccessToken } from '../../../api/token-store';
import { callsTo, json, stubFetch, testLimits, testSession, urlOf, type Route } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { JoinPage } from './join-page';

vi.mock('../../../kernel/go-to-address', () => ({ goToAddress: vi.fn() }));

const token = 'invite-token-0123456789abcdef';
const app = { id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e60', name: 'Akademie', slug: 'akademie' };
const infoKey = `GET /api/invitation/${token}`;

const invitation = (overrides: Record<string, unknown> = {}) =>
  json(200, {
    app,
    email: 'nora@beispiel.de',
    firstName: 'Nora',
    lastName: 'Neu',
    hasAccount: false,
    ...overrides,
  });

const codeError = (code: string, limits: Partial<typeof testLimits>) =>
  json(400, { code, message: `errors.${code}`, details: { limits: { ...testLimits, ...limits } } });

const timezones = () => json(200, { data: [{ tzCode: 'Europe/Berlin', utc: '+01:00' }] });

/** The join screen on the app host (`/{slug}/auth/join/{token}`), with the app's start route behind it. */
function renderOnAppHost(routes: Record<string, Route>) {
  const fetchMock = stubFetch(routes);
  renderWithProviders(<JoinPage />, {
    path: '/:appSlug/auth/join/:invitationToken',
    url: `/akademie/auth/join/${token}`,
    host: 'app',
    routes: [
      { path: '/:appSlug', element: <p>Startseite der App</p> },
      { path: '/:appSlug/auth', element: <p>Anmeldung</p> },
    ],
  });
  return fetchMock;
}

function renderOnServiceHost(routes: Record<string, Route>, url = `/auth/join/${token}`) {
  const fetchMock = stubFetch(routes);
  renderWithProviders(<JoinPage />, {
    path: '/auth/join/:invitationToken',
    url,
    routes: [{ path: '/auth', element: <p>Anmeldung</p> }],
  });
  return fetchMock;
}

function typeCode(code: string) {
  fireEvent.change(screen.getAllByLabelText('Code aus der E-Mail')[0]!, { target: { value: code } });
}

async function sendCode() {
  await screen.findByTestId('join-invite');
  fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
  return screen.findByTestId('code-step');
}

beforeEach(() => {
  vi.mocked(goToAddress).mockClear();
});

describe('joining by invitation', () => {
  it('says kindly that an unknown, used or expired invitation is no longer valid, with the way to sign in', async () => {
    const fetchMock = renderOnServiceHost({
      [infoKey]: () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Diese Einladung ist nicht mehr gültig' }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, infoKey)).toHaveLength(1);
    // No error notification on top of the screen.
    expect(screen.queryByText('Das hat nicht geklappt')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Zur Anmeldung' }));
    expect(await screen.findByText('Anmeldung')).toBeTruthy();
  });

  it('does not ask the server about a token that cannot be one', async () => {
    const fetchMock = renderOnServiceHost({}, '/auth/join/kurz');
    expect(await screen.findByTestId('join-gone')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs an existing account in with the mailed code and opens the app', async () => {
    const fetchMock = renderOnAppHost({
      [infoKey]: () =>
        invitation({ email: 'anna@beispiel.de', firstName: 'Anna', lastName: 'Beispiel', hasAccount: true }),
      'POST /api/auth/invitation': () => json(200, { limits: testLimits, hasAccount: true }),
      'POST /api/auth/invitation/confirm': () => json(200, testSession()),
    });

    expect(await screen.findByRole('heading', { name: 'Sie wurden zu Akademie eingeladen' })).toBeTruthy();
    expect(screen.getByText('Schritt 1 von 2')).toBeTruthy();
    expect(screen.getByText(/^Hallo Anna!/)).toBeTruthy();
    const address = screen.getByLabelText<HTMLInputElement>('Eingeladene E-Mail-Adresse');
    expect(address.value).toBe('anna@beispiel.de');
    expect(address.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Angemeldet bleiben').checked).toBe(true);

    await sendCode();
    expect(callsTo(fetchMock, 'POST /api/auth/invitation')).toEqual([
      { invitationToken: token, login: 'anna@beispiel.de', type: 'email' },
    ]);
    expect(screen.getByText('Schritt 2 von 2')).toBeTruthy();
    expect(screen.getByText('Ihre Einladung zu Akademie')).toBeTruthy();
    // The address is the invitation's: nothing to change here.
    expect(screen.queryByRole('button', { name: 'Ändern' })).toBeNull();

    typeCode('123456');
    expect(await screen.findByText('Startseite der App')).toBeTruthy();
    expect(getAccessToken()).toBe('access-token-1');
    expect(callsTo(fetchMock, 'POST /api/auth/invitation/confirm')).toEqual([
      { invitationToken: token, login: 'anna@beispiel.de', type: 'email', code: '123456', isRemember: true },
    ]);
    expect(callsTo(fetchMock, 'POST /api/invitation/check-code')).toHaveLength(0);
  });

  it('lets anyone with an invite link enter their own address and join with the mailed code', async () => {
    const fetchMock = renderOnAppHost({
      [infoKey]: () => invitation({ kind: 'link', email: null, firstName: '', lastName: '' }),
      'POST /api/auth/invitation': () => json(200, { limits: testLimits, hasAccount: true }),
      'POST /api/auth/invitation/confirm': () => json(200, testSession()),
    });

    const address = await screen.findByLabelText<HTMLInputElement>('Ihre E-Mail-Adresse');
    expect(address.readOnly).toBe(false);
    fireEvent.change(address, { target: { value: 'lena@beispiel.de' } });
    await sendCode();
    expect(callsTo(fetchMock, 'POST /api/auth/invitation')).toEqual([
      { invitationToken: token, login: 'lena@beispiel.de', type: 'email' },
    ]);
    typeCode('123456');
    expect(await screen.findByText('Startseite der App')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/invitation/confirm')).toEqual([
      { invitationToken: token, login: 'lena@beispiel.de', type: 'email', code: '123456', isRemember: true },
    ]);
  });

  it('lets a new person check the code, complete the prefilled form and hop to the app host', async () => {
    const fetchMock = renderOnServiceHost({
      [infoKey]: () => invitation(),
      'POST /api/auth/invitation': () => json(200, { limits: testLimits, hasAccount: false }),
      'POST /api/invitation/check-code': () =>
        json(200, { valid: true, limits: { ...testLimits, codeCheckRemaining: 4 } }),
      'POST /api/invitation/user/confirm': () => json(200, testSession()),
      'POST /api/stash': () => json(200, { code: 'stash-code-0123456789abcdef', expiresIn: 60 }),
      'GET /api/timezones': timezones,
    });

    expect(await screen.findByText('Schritt 1 von 3')).toBeTruthy();
    expect(screen.queryByLabelText('Angemeldet bleiben')).toBeNull();
    await sendCode();
    expect(screen.getByRole('button', { name: 'Bestätigen' })).toBeTruthy();
    typeCode('654321');

    await screen.findByTestId('signup-details');
    expect(screen.getByText('Schritt 3 von 3')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/invitation/check-code')).toEqual([
      { invitationToken: token, login: 'nora@beispiel.de', type: 'email', code: '654321' },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Vorname').value).toBe('Nora');
    expect(screen.getByLabelText<HTMLInputElement>('Nachname').value).toBe('Neu');

    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: 'Nora Marie' } });
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'lang-genug-1' } });
    fireEvent.change(screen.getByTestId('new-password-confirmation'), { target: { value: 'lang-genug-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen und beitreten' }));

    // The service host has no app routes: the session travels to the public domain behind a stash code.
    await waitFor(() =>
      expect(goToAddress).toHaveBeenCalledWith(
        'http://app.localhost:3000/akademie?code=stash-code-0123456789abcdef',
      ),
    );
    expect(getAccessToken()).toBe('access-token-1');
    expect(callsTo(fetchMock, 'POST /api/invitation/user/confirm')[0]).toMatchObject({
      invitationToken: token,
      login: 'nora@beispiel.de',
      type: 'email',
      code: '654321',
      firstName: 'Nora Marie',
      lastName: 'Neu',
      password: 'lang-genug-1',
      passwordConfirmation: 'lang-genug-1',
      language: 'de',
      isRemember: true,
    });
    expect(callsTo(fetchMock, 'POST /api/auth/invitation/confirm')).toHaveLength(0);
  });

  it('shows a wrong code with the attempts left, then blocks it when they are used up', async () => {
    let checks = 0;
    renderOnAppHost({
      [infoKey]: () => invitation(),
      'POST /api/auth/invitation': () => json(200, { limits: testLimits, hasAccount: false }),
      'POST /api/invitation/check-code': () =>
        ++checks === 1
          ? codeError('INVALID_CODE', { codeCheckRemaining: 1 })
          : codeError('CODE_CHECK_LIMIT', { codeCheckRemaining: 0, sendAgainAfter: 0 }),
    });
    await sendCode();

    typeCode('111111');
    await waitFor(() =>
      expect(screen.getByTestId('code-status').textContent).toBe(
        'Der Code stimmt nicht. Bitte prüfen Sie ihn und versuchen Sie es erneut. Noch 1 Versuch.',
      ),
    );
    expect(screen.getByTestId('code-status').getAttribute('role')).toBe('alert');
    expect(screen.getAllByLabelText<HTMLInputElement>('Code aus der E-Mail')[0]!.value).toBe('');

    typeCode('222222');
    await waitFor(() =>
      expect(screen.getByTestId('code-status').textContent).toBe(
        'Zu viele falsche Versuche. Bitte fordern Sie einen neuen Code an.',
      ),
    );
    for (const input of screen.getAllByLabelText('Code aus der E-Mail')) {
      expect(input.hasAttribute('disabled')).toBe(true);
    }
    expect(screen.getByTestId('code-resend').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('signup-details')).toBeNull();
  });

  it('resends the invitation code with ?resend=true', async () => {
    const fetchMock = renderOnAppHost({
      [infoKey]: () => invitation(),
      'POST /api/auth/invitation': () =>
        json(200, { limits: { ...testLimits, sendAgainAfter: 0 }, hasAccount: false }),
    });
    await sendCode();
    fireEvent.click(screen.getByTestId('code-resend'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/auth/invitation')).toHaveLength(2));
    const [url] = fetchMock.mock.calls[2] ?? [];
    expect(url && urlOf(url)).toBe('/api/auth/invitation?resend=true');
  });

  it('shows the invalid-invitation screen when the invitation is used up on the way', async () => {
    renderOnAppHost({
      [infoKey]: () => invitation(),
      'POST /api/auth/invitation': () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
    });
    await screen.findByTestId('join-invite');
    fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    expect(await screen.findByTestId('join-gone')).toBeTruthy();
    expect(screen.queryByText('Das hat nicht geklappt')).toBeNull();
  });

  it('offers to try again when the invitation could not be loaded', async () => {
    let loads = 0;
    renderOnAppHost({
      [infoKey]: () =>
        ++loads === 1
          ? json(400, { code: 'MALFORMED_JSON', message: 'errors.MALFORMED_JSON' })
          : invitation(),
    });
    expect(await screen.findByTestId('join-load-error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('join-invite')).toBeTruthy();
  });
});
