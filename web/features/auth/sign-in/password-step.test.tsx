import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rememberRedirectAfterAuth } from '../../../kernel/redirect-after-auth';
import { getAccessToken } from '../../../api/token-store';
import {
  bodyOf,
  callsTo,
  json,
  stubFetch,
  testLimits,
  testSession,
  type Route,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { refreshTokenKey } from '../../../kernel/session/refresh-token-storage';
import { SignInPage } from './sign-in-page';

function renderSignIn(routes: Record<string, Route>) {
  const fetchMock = stubFetch({
    'POST /api/auth/send-code': () => json(200, { limits: testLimits }),
    ...routes,
  });
  renderWithProviders(<SignInPage />, {
    path: '/auth',
    routes: [
      { path: '/projects', element: <p>Projekte</p> },
      { path: '/projects/password', element: <p>Passwort ändern</p> },
    ],
  });
  return fetchMock;
}

function enterEmail() {
  fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: ' anna@beispiel.de ' } });
}

function submitPassword(value: string) {
  fireEvent.change(screen.getByLabelText('Passwort'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('sign-in: e-mail step', () => {
  it('checks the address before sending anything', async () => {
    const fetchMock = renderSignIn({});
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'abc@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: '' } });
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to sign-up and password reset under the app slug on an app host', () => {
    stubFetch({});
    renderWithProviders(<SignInPage />, { path: '/:appSlug/auth', url: '/akademie/auth', host: 'app' });
    expect(screen.getByRole('link', { name: 'Jetzt registrieren' }).getAttribute('href')).toBe(
      '/akademie/auth/signup',
    );
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe(
      '/akademie/auth/reset',
    );
  });
});

describe('sign-in: password step', () => {
  it('shows wrong credentials at the password and signs in with the right one', async () => {
    const fetchMock = renderSignIn({
      'POST /api/auth/by-password': (init) =>
        bodyOf(init).password === 'richtig-geheim'
          ? json(200, testSession())
          : json(400, { code: 'INVALID_CREDENTIALS', message: 'errors.INVALID_CREDENTIALS' }),
    });
    rememberRedirectAfterAuth('/projects/password');
    enterEmail();
    fireEvent.click(screen.getByTestId('login-use-password'));
    expect(await screen.findByTestId('password-step')).toBeTruthy();
    // No code mail for someone who wants to use the password.
    expect(callsTo(fetchMock, 'POST /api/auth/send-code')).toHaveLength(0);

    submitPassword('falsch');
    expect(await screen.findByText('E-Mail-Adresse oder Passwort stimmen nicht.')).toBeTruthy();
    expect(getAccessToken()).toBeNull();

    submitPassword('richtig-geheim');
    // Back to the page the guard remembered.
    expect(await screen.findByText('Passwort ändern')).toBeTruthy();
    expect(getAccessToken()).toBe('access-token-1');
    expect(callsTo(fetchMock, 'POST /api/auth/by-password').at(-1)).toEqual({
      login: 'anna@beispiel.de',
      type: 'email',
      password: 'richtig-geheim',
      isRemember: true,
    });
  });

  it('keeps the session for this browser session only without "stay signed in"', async () => {
    const fetchMock = renderSignIn({
      'POST /api/auth/by-password': () => json(200, testSession({ isRemember: false })),
    });
    enterEmail();
    fireEvent.click(screen.getByLabelText('Angemeldet bleiben'));
    fireEvent.click(screen.getByTestId('login-use-password'));
    await screen.findByTestId('password-step');
    submitPassword('geheim-genug');
    expect(await screen.findByText('Projekte')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/by-password')[0]?.isRemember).toBe(false);
    expect(window.sessionStorage.getItem(refreshTokenKey)).toBe('refresh-token-0000000000000001');
    expect(window.localStorage.getItem(refreshTokenKey)).toBeNull();
  });

  it('switches from the code to the password and back without sending another code', async () => {
    const fetchMock = renderSignIn({});
    enterEmail();
    fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    await screen.findByTestId('code-step');

    fireEvent.click(screen.getByTestId('use-password'));
    expect(await screen.findByTestId('password-step')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mit Passwort anmelden' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('use-code'));
    expect(await screen.findByTestId('code-step')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/send-code')).toHaveLength(1);
  });

  it('sends a code when switching from the password to a code for the first time', async () => {
    const fetchMock = renderSignIn({});
    enterEmail();
    fireEvent.click(screen.getByTestId('login-use-password'));
    await screen.findByTestId('password-step');
    fireEvent.click(screen.getByTestId('use-code'));
    expect(await screen.findByTestId('code-step')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/auth/send-code')).toHaveLength(1));
  });

  it('shows rate limiting at the password', async () => {
    renderSignIn({
      'POST /api/auth/by-password': () =>
        json(429, {
          code: 'RATE_LIMITED',
          message: 'errors.RATE_LIMITED',
          details: { retryAfterSeconds: 12 },
        }),
    });
    enterEmail();
    fireEvent.click(screen.getByTestId('login-use-password'));
    await screen.findByTestId('password-step');
    submitPassword('egal-was');
    expect(await screen.findByText('Zu viele Versuche. Bitte versuchen Sie es in 12 s erneut.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' }).hasAttribute('disabled')).toBe(true);
  });
});
