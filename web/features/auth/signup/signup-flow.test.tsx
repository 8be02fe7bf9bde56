import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../../api/token-store';
import { isFirstVisit } from '../../../kernel/session/first-visit';
import { callsTo, json, stubFetch, testLimits, testSession } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SignupConfirmPage, SignupPage } from './signup-page';

const timezones = () =>
  json(200, {
    data: [
      { tzCode: 'Europe/Berlin', utc: '+01:00' },
      { tzCode: 'Europe/Vienna', utc: '+01:00' },
    ],
  });

function typeCode(code: string) {
  fireEvent.change(screen.getAllByLabelText('Code aus der E-Mail')[0]!, { target: { value: code } });
}

describe('sign-up', () => {
  it('goes from the e-mail through the code to the details and signs in', async () => {
    const fetchMock = stubFetch({
      'POST /api/signup/send-code': () => json(200, { limits: testLimits }),
      'POST /api/signup/check-code': () =>
        json(200, { valid: true, limits: { ...testLimits, codeCheckRemaining: 4 } }),
      'POST /api/signup': () => json(200, testSession()),
      'GET /api/timezones': timezones,
    });
    renderWithProviders(<SignupPage />, {
      path: '/auth/signup',
      routes: [{ path: '/projects', element: <p>Projekte</p> }],
    });
    expect(screen.getByText('Schritt 1 von 3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'neu@beispiel.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));

    await screen.findByTestId('code-step');
    expect(screen.getByText('Schritt 2 von 3')).toBeTruthy();
    typeCode('654321');

    await screen.findByTestId('signup-details');
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    // The contract's rules, before anything is sent.
    expect(await screen.findAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: 'Nora' } });
    fireEvent.change(screen.getByLabelText('Nachname'), { target: { value: 'Neu' } });
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'lang-genug-1' } });
    fireEvent.change(screen.getByTestId('new-password-confirmation'), { target: { value: 'anders-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('new-password-confirmation'), { target: { value: 'lang-genug-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Projekte')).toBeTruthy();
    expect(getAccessToken()).toBe('access-token-1');
    // The new account is welcomed, not welcomed back; nothing of the sign-up is left in the tab.
    expect(isFirstVisit(testSession().account.id)).toBe(true);
    expect(window.sessionStorage.getItem('auth.signup')).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/signup')[0]).toMatchObject({
      login: 'neu@beispiel.de',
      type: 'email',
      code: '654321',
      firstName: 'Nora',
      lastName: 'Neu',
      password: 'lang-genug-1',
      passwordConfirmation: 'lang-genug-1',
      language: 'de',
      isRemember: true,
    });
  });

  it('goes back to the code when it ran out while the form was filled in', async () => {
    stubFetch({
      'POST /api/signup/send-code': () => json(200, { limits: testLimits }),
      'POST /api/signup/check-code': () => json(200, { valid: true, limits: testLimits }),
      'POST /api/signup': () =>
        json(400, {
          code: 'CODE_EXPIRED',
          message: 'errors.CODE_EXPIRED',
          details: { limits: { ...testLimits, codeExpired: 0, sendAgainAfter: 0 } },
        }),
      'GET /api/timezones': timezones,
    });
    renderWithProviders(<SignupPage />, { path: '/auth/signup' });
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'neu@beispiel.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    await screen.findByTestId('code-step');
    typeCode('654321');
    await screen.findByTestId('signup-details');
    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: 'Nora' } });
    fireEvent.change(screen.getByLabelText('Nachname'), { target: { value: 'Neu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));

    await screen.findByTestId('code-step');
    await waitFor(() =>
      expect(screen.getByTestId('code-status').textContent).toBe(
        'Der Code ist abgelaufen. Bitte fordern Sie einen neuen an.',
      ),
    );
  });

  it('starts at the code when reached by link, and re-sends through the "confirm e-mail" call', async () => {
    const fetchMock = stubFetch({
      'POST /api/signup/send-email-confirmation': () => json(200, { limits: testLimits }),
    });
    renderWithProviders(<SignupConfirmPage />, {
      path: '/auth/signup/confirm',
      url: '/auth/signup/confirm?login=neu%40beispiel.de',
    });
    expect(await screen.findByTestId('code-step')).toBeTruthy();
    expect(screen.getByText('neu@beispiel.de')).toBeTruthy();
    fireEvent.click(screen.getByTestId('code-resend'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/signup/send-email-confirmation')).toEqual([
        { login: 'neu@beispiel.de', type: 'email' },
      ]),
    );
  });

  it('keeps the code step over a reload, without keeping the code', async () => {
    stubFetch({
      'POST /api/signup/send-code': () => json(200, { limits: testLimits }),
      'POST /api/signup/check-code': () => json(200, { valid: true, limits: testLimits }),
      'GET /api/timezones': timezones,
    });
    const first = renderWithProviders(<SignupPage />, { path: '/auth/signup' });
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'neu@beispiel.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    await screen.findByTestId('code-step');
    first.unmount();

    // The reload: step 2 of the same address, with the countdown of the code already sent.
    const second = renderWithProviders(<SignupPage />, { path: '/auth/signup' });
    expect(await screen.findByTestId('code-step')).toBeTruthy();
    expect(screen.getByText('Schritt 2 von 3')).toBeTruthy();
    expect(screen.getByText('neu@beispiel.de')).toBeTruthy();
    typeCode('654321');
    await screen.findByTestId('signup-details');
    expect(window.sessionStorage.getItem('auth.signup')).not.toContain('654321');
    second.unmount();

    // A reload on the details step returns to the code (which is not kept); "change address" starts over.
    renderWithProviders(<SignupPage />, { path: '/auth/signup' });
    expect(await screen.findByTestId('code-step')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ändern' }));
    expect(await screen.findByTestId('signup-email')).toBeTruthy();
    expect(window.sessionStorage.getItem('auth.signup')).toBeNull();
  });
});
