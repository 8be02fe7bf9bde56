import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageSwitcher } from '../../components/language-switcher';
import { CurrentAppContext } from '../../kernel/current-app';
import { testApp } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NotFoundPage } from './not-found-page';

function PageWithSwitcher() {
  return (
    <>
      <LanguageSwitcher />
      <NotFoundPage />
    </>
  );
}

describe('NotFoundPage', () => {
  it('speaks German by default and English after switching', async () => {
    renderWithProviders(<PageWithSwitcher />, { path: '/does-not-exist' });

    expect(screen.getByTestId('not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Diese Seite gibt es nicht' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByTestId('language-switcher'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));

    expect(await screen.findByRole('heading', { name: 'This page doesn’t exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('links to the app home on an app host', () => {
    renderWithProviders(
      <CurrentAppContext value={testApp}>
        <NotFoundPage />
      </CurrentAppContext>,
      { path: '/:appSlug/*', url: '/akademie/nope', host: 'app' },
    );
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/akademie');
  });

  it('links to the service host where no app answers', () => {
    renderWithProviders(<NotFoundPage />, { path: '/:appSlug/*', url: '/projects', host: 'app' });
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe(
      'http://localhost:3000/',
    );
  });
});
