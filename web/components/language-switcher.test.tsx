import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LanguageSwitcher } from './language-switcher';

describe('LanguageSwitcher', () => {
  it('offers both languages by their own names and persists the choice', async () => {
    renderWithProviders(<LanguageSwitcher />);
    const trigger = screen.getByTestId('language-switcher');
    expect(trigger.textContent).toContain('Deutsch');

    fireEvent.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Deutsch' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'English' }));

    await waitFor(() => expect(window.localStorage.getItem('lang')).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(screen.getByTestId('language-switcher').textContent).toContain('English'));
  });
});
