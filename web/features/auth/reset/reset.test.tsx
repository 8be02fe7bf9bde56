import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../../api/token-store';
import { callsTo, json, stubFetch, testLimits, testSession } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ResetPage } from './reset-page';
import { RestorePage } from './restore-page';

const projects = [{ path: '/projects', element: <p>Projekte</p> }];

function setPasswords(value: string, confirmation = value) {
  fireEvent.change(screen.getByTestId('new-password'), { target: { value } });
  fireEvent.change(screen.getByTestId('new-password-confirmation'), { target: { value: confirmation } });
}

describe('password reset', () => {
  it('asks for the address, then takes the mailed code and a new password right there', async () => {
    const fetchMock = stubFetch({
      'POST /api/user/reset-password': () => json(200, { limits: testLimits }),
      'POST /api/user/reset-password-confirmation': () => json(200, testSession()),
    });
    renderWithProviders(<ResetPage />, {
      path: '/auth/reset',
      url: '/auth/reset?login=anna%40beispiel.de',
      routes: projects,
    });
    // The address comes along from the password step.
    expect(screen.getByLabelText<HTMLInputElement>('E-Mail-Adresse').value).toBe('anna@beispiel.de');
    fireEvent.click(screen.getByRole('button', { name: 'Link senden' }));

    expect(await screen.findByTestId('reset-sent')).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText('Code aus der E-Mail')[0]!, { target: { value: '246810' } });
    setPasswords('ein-neues-passwort');
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern und anmelden' }));

    expect(await screen.findByText('Projekte')).toBeTruthy();
    expect(getAccessToken()).toBe('access-token-1');
    expect(callsTo(fetchMock, 'POST /api/user/reset-password-confirmation')).toEqual([
      {
        login: 'anna@beispiel.de',
        type: 'email',
        code: '246810',
        password: 'ein-neues-passwort',
        passwordConfirmation: 'ein-neues-passwort',
      },
    ]);
  });
});

describe('restore (the mail link)', () => {
  it('takes the code from the link and only asks for the new password', async () => {
    const fetchMock = stubFetch({
      'POST /api/user/reset-password-confirmation': () => json(200, testSession()),
    });
    renderWithProviders(<RestorePage />, {
      path: '/auth/restore',
      url: '/auth/restore?login=anna%40beispiel.de&code=135790',
      routes: projects,
    });
    expect(screen.queryByLabelText('Code aus der E-Mail')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern und anmelden' }));
    expect(await screen.findByText('Bitte geben Sie mindestens 8 Zeichen ein.')).toBeTruthy();

    setPasswords('ein-neues-passwort');
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern und anmelden' }));
    expect(await screen.findByText('Projekte')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/user/reset-password-confirmation')[0]?.code).toBe('135790');
  });

  it('shows the code again when the link’s code is refused', async () => {
    stubFetch({
      'POST /api/user/reset-password-confirmation': () =>
        json(400, {
          code: 'INVALID_CODE',
          message: 'errors.INVALID_CODE',
          details: { limits: { ...testLimits, codeCheckRemaining: 2 } },
        }),
    });
    renderWithProviders(<RestorePage />, {
      path: '/auth/restore',
      url: '/auth/restore?login=anna%40beispiel.de&code=135790',
    });
    setPasswords('ein-neues-passwort');
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern und anmelden' }));
    await waitFor(() =>
      expect(screen.getByTestId('code-status').textContent).toBe(
        'Der Code stimmt nicht. Bitte prüfen Sie ihn und versuchen Sie es erneut. Noch 2 Versuche.',
      ),
    );
  });

  it('offers a new link when the link is incomplete or used up (40000)', async () => {
    stubFetch({
      'POST /api/user/reset-password-confirmation': () =>
        json(400, { code: '40000', message: 'errors.40000' }),
    });
    renderWithProviders(<RestorePage />, {
      path: '/auth/restore',
      url: '/auth/restore?login=anna%40beispiel.de&code=135790',
    });
    setPasswords('ein-neues-passwort');
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern und anmelden' }));
    expect(await screen.findByTestId('restore-broken')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).toBe(
      '/auth/reset?login=anna%40beispiel.de',
    );
  });
});
