import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../api/token-store';
import { callsTo, json, signInForTest, stubFetch, testAccount } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { getAccount } from '../../kernel/session/account-store';
import { readRefreshToken } from '../../kernel/session/refresh-token-storage';
import { PasswordPage } from './password-page';
import { ProfilePage } from './profile-page';

const timezones = () =>
  json(200, {
    data: [
      { tzCode: 'Europe/Berlin', utc: '+01:00' },
      { tzCode: 'Europe/Vienna', utc: '+01:00' },
    ],
  });

describe('profile', () => {
  it('saves only what changed and shows it everywhere', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      'GET /api/auth/identity': () => json(200, { account: testAccount }),
      'GET /api/timezones': timezones,
      'PATCH /api/user': () => json(200, { ...testAccount, firstName: 'Anne' }),
    });
    renderWithProviders(<ProfilePage />, { path: '/projects/settings/profile' });
    const save = screen.getByRole('button', { name: 'Änderungen speichern' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: ' Anne ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Ihre Angaben wurden gespeichert.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/user')).toEqual([{ firstName: 'Anne' }]);
    expect(getAccount()?.firstName).toBe('Anne');
  });

  it('refuses an empty name before calling the server', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      'GET /api/auth/identity': () => json(200, { account: testAccount }),
      'GET /api/timezones': timezones,
    });
    renderWithProviders(<ProfilePage />, { path: '/projects/settings/profile' });
    fireEvent.change(screen.getByLabelText('Nachname'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/user')).toHaveLength(0);
  });

  it('deletes the account only after the confirmation, then ends the session', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      'GET /api/auth/identity': () => json(200, { account: testAccount }),
      'GET /api/timezones': timezones,
      'PATCH /api/user/mark-as-deleted': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<ProfilePage />, { path: '/projects/settings/profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Konto löschen …' }));
    const confirm = await screen.findByTestId('delete-confirm');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Mir ist klar, dass sich das nicht rückgängig machen lässt.'));
    fireEvent.click(confirm);
    await waitFor(() => expect(getAccessToken()).toBeNull());
    expect(callsTo(fetchMock, 'PATCH /api/user/mark-as-deleted')).toHaveLength(1);
    expect(readRefreshToken()).toBeNull();
  });
});

describe('password', () => {
  it('asks for the current password when one is set and shows a wrong one at the field', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      'PATCH /api/user/password': () =>
        json(400, { code: 'CURRENT_PASSWORD_WRONG', message: 'errors.CURRENT_PASSWORD_WRONG' }),
    });
    renderWithProviders(<PasswordPage />, { path: '/projects/password' });
    fireEvent.change(screen.getByTestId('current-password'), { target: { value: 'alt-falsch' } });
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'neu-und-lang' } });
    fireEvent.change(screen.getByTestId('new-password-confirmation'), { target: { value: 'neu-und-lang' } });
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Das aktuelle Passwort stimmt nicht.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/user/password')).toEqual([
      { currentPassword: 'alt-falsch', password: 'neu-und-lang', passwordConfirmation: 'neu-und-lang' },
    ]);
  });

  it('lets a person who signs in by code set a first password without a current one', async () => {
    signInForTest({ account: { ...testAccount, isPasswordSet: false } });
    const fetchMock = stubFetch({ 'PATCH /api/user/password': () => new Response(null, { status: 204 }) });
    renderWithProviders(<PasswordPage />, { path: '/projects/password' });
    expect(screen.getByRole('heading', { name: 'Passwort festlegen' })).toBeTruthy();
    expect(screen.queryByTestId('current-password')).toBeNull();
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'neu-und-lang' } });
    fireEvent.change(screen.getByTestId('new-password-confirmation'), { target: { value: 'neu-und-lang' } });
    fireEvent.click(screen.getByRole('button', { name: 'Passwort festlegen' }));
    expect(await screen.findByText('Passwort gespeichert')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/user/password')).toEqual([
      { password: 'neu-und-lang', passwordConfirmation: 'neu-und-lang' },
    ]);
    expect(getAccount()?.isPasswordSet).toBe(true);
  });
});
