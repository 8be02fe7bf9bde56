import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../../api/token-store';
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
});
