import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { renderWithProviders } from '../test/render';
import { UnknownHostPage } from './unknown-host-page';

const config = { serviceHost: 'localhost:3100', publicDomain: 'app.localhost:3100' };

describe('UnknownHostPage', () => {
  it('says which addresses are configured and leads to the service host', () => {
    renderWithProviders(<UnknownHostPage config={config} host="localhost:3000" />);
    expect(screen.getByRole('heading', { name: 'Diese Adresse ist hier nicht eingerichtet' })).toBeTruthy();
    expect(screen.getByText(/Sie haben localhost:3000 aufgerufen/)).toBeTruthy();
    expect(screen.getByTestId('configured-service-host').textContent).toBe('localhost:3100');
    expect(screen.getByTestId('configured-public-domain').textContent).toBe('app.localhost:3100/…');
    const start = screen.getByRole('link', { name: 'Weiter zu localhost:3100' });
    expect(start.getAttribute('href')).toBe('http://localhost:3100/');
  });

  it('speaks English', async () => {
    await setLanguage('en', { persist: false });
    renderWithProviders(<UnknownHostPage config={config} host="localhost:3000" />);
    expect(screen.getByRole('heading', { name: 'This address is not set up here' })).toBeTruthy();
    expect(screen.getByText(/SERVICE_HOST and PUBLIC_DOMAIN/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to localhost:3100' })).toBeTruthy();
  });
});
