import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SignInPage } from './sign-in-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function submitEmail(value: string) {
  fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
}

describe('sign-in form', () => {
  it('shows the email validation text for an incomplete address and sends nothing', async () => {
    renderWithProviders(<SignInPage />, { path: '/auth' });
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeTruthy();

    submitEmail('abc@');

    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the address when the field is empty', async () => {
    renderWithProviders(<SignInPage />, { path: '/auth' });
    submitEmail('');
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
  });

  it('posts the login and shows the server error as a translated notification', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderWithProviders(<SignInPage />, { path: '/auth' });

    submitEmail('anna@beispiel.de');

    expect(
      await screen.findByText(
        'Das konnten wir leider nicht finden. Vielleicht wurde es verschoben oder gelöscht.',
      ),
    ).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/send-code');
    expect(init?.body).toBe(JSON.stringify({ login: 'anna@beispiel.de', type: 'email' }));
    expect(screen.getByTestId('signin-form')).toBeTruthy();
  });

  it('links to sign-up and password reset under the app slug on an app host', () => {
    renderWithProviders(<SignInPage />, { path: '/:appSlug/auth', url: '/akademie/auth', host: 'app' });
    expect(screen.getByRole('link', { name: 'Jetzt registrieren' }).getAttribute('href')).toBe(
      '/akademie/auth/signup',
    );
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe(
      '/akademie/auth/reset',
    );
  });
});
