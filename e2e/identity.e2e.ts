import { expect, test } from '@playwright/test';
import {
  createAccount,
  enterCode,
  password,
  signInWithPassword,
  signOutFromMenu,
  storedRefreshToken,
  uniqueEmail,
  visitorHeaders,
} from './support/identity';
import { mailbox } from './support/mailbox';
import { expectAccessible } from './support/axe';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

test('a new person signs up with the mailed code, signs in by password, resets the password and signs in by code', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail(testInfo, 'anna');
  const mail = mailbox(email);

  // Sign up: e-mail → code from the mail → details → signed in.
  await page.goto('/auth/signup');
  await expect(page.getByRole('heading', { name: 'Konto erstellen' })).toBeVisible();
  await expectAccessible(page, 'sign-up');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Code senden' }).click();
  await expect(page.getByTestId('code-step')).toBeVisible();
  await expect(page.getByTestId('code-resend')).toHaveText(/Code erneut senden in \d:\d\d/);
  await expectAccessible(page, 'sign-up code');
  await enterCode(page, await mail.nextCode());

  await expect(page.getByTestId('signup-details')).toBeVisible();
  await expectAccessible(page, 'sign-up details');
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill('Beispiel');
  await page.getByTestId('new-password').fill(password);
  await page.getByTestId('new-password-confirmation').fill(password);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();

  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByTestId('projects-name')).toHaveText('Anna Beispiel');
  await expect(page.getByText('Noch keine Projekte')).toBeVisible();
  await expectAccessible(page, 'projects, none yet');

  // A reload keeps the session: the stored refresh token buys a new access token.
  await page.reload();
  await expect(page.getByTestId('projects-name')).toHaveText('Anna Beispiel');

  // Sign out, then in again with the password.
  await signOutFromMenu(page);
  expect(await storedRefreshToken(page)).toBeNull();
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/projects$/);
  await signOutFromMenu(page);

  // Reset the password through the mail's link.
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset$/);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();
  await expectAccessible(page, 'password reset sent');
  await page.goto(await mail.nextLinkPath('/auth/restore'));
  await expect(page.getByTestId('restore-form')).toBeVisible();
  await expectAccessible(page, 'new password');
  await page.getByTestId('new-password').fill('Neues-Passwort-7');
  await page.getByTestId('new-password-confirmation').fill('Neues-Passwort-7');
  await page.getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText('Passwort geändert')).toBeVisible();

  // Sign in with a code from the mail.
  await signOutFromMenu(page);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Code senden' }).click();
  await expect(page.getByTestId('code-step')).toBeVisible();
  await enterCode(page, await mail.nextCode());
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByTestId('projects-name')).toHaveText('Anna Beispiel');
});

test('a wrong code is shown at the code with the attempts left', { tag: '@desktop-only' }, async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'bert');
  await page.goto('/auth/signup');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  // Counted before the click: a mail logged before the mailbox counts would never be "next".
  const mail = mailbox(email);
  await page.getByRole('button', { name: 'Code senden' }).click();
  const code = await mail.nextCode();
  await enterCode(page, code === '000000' ? '111111' : '000000');
  await expect(page.getByTestId('code-status')).toHaveText(
    'Der Code stimmt nicht. Bitte prüfen Sie ihn und versuchen Sie es erneut. Noch 4 Versuche.',
  );
});

test('an expired session sends to sign-in and back to the remembered page afterwards', { tag: '@desktop-only' }, async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'carla');
  await createAccount(request, email);

  await page.goto('/projects/settings/profile');
  // No session yet: the guard remembers the profile and asks to sign in first.
  await expect(page).toHaveURL(/\/auth$/);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/projects\/settings\/profile$/);
  await expect(page.getByTestId('profile-form')).toBeVisible();

  // Elsewhere, the session is ended: the token is rotated and the new one signed out, so the token this
  // browser holds is dead.
  const stale = await storedRefreshToken(page);
  const rotated = await request.post('/api/auth/refresh-token', { data: { refreshToken: stale } });
  expect(rotated.status()).toBe(200);
  const { accessToken } = (await rotated.json()) as { accessToken: string };
  const loggedOut = await request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(loggedOut.status()).toBe(204);

  // A reload drops the access token from memory; the refresh fails and sign-in remembers the page.
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('signin-form')).toBeVisible();
  expect(await storedRefreshToken(page)).toBeNull();

  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/projects\/settings\/profile$/);
  await expect(page.getByTestId('profile-form')).toBeVisible();
});

test('a stash code signs another browser in and leaves the address', { tag: '@desktop-only' }, async ({
  page,
  browser,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'dora');
  const session = await createAccount(request, email);
  const stash = await request.post('/api/stash', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { refreshToken: session.refreshToken, accessToken: session.accessToken },
  });
  expect(stash.status()).toBe(200);
  const { code } = (await stash.json()) as { code: string };

  await page.goto(`/projects?code=${encodeURIComponent(code)}`);
  await expect(page.getByTestId('projects-name')).toHaveText('Anna Beispiel');
  await expect(page).toHaveURL(/\/projects$/);

  // Guest-only routes send the signed-in person to the projects.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/projects$/);

  // The code was good once.
  const other = await browser.newContext({ extraHTTPHeaders: visitorHeaders(testInfo) });
  const otherPage = await other.newPage();
  await otherPage.goto(`${testInfo.project.use.baseURL}/projects?code=${encodeURIComponent(code)}`);
  await expect(otherPage).toHaveURL(/\/auth$/);
  await expect(
    otherPage.getByText('Dieser Anmeldelink ist abgelaufen oder wurde bereits verwendet.', { exact: false }),
  ).toBeVisible();
  await other.close();
});

test('a signed-in person edits the profile, changes e-mail and password, and deletes the account', { tag: '@desktop-only' }, async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail(testInfo, 'emil');
  const newEmail = uniqueEmail(testInfo, 'emil.neu');
  await createAccount(request, email);

  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/projects$/);

  // Profile: names and time zone.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/projects\/settings\/profile$/);
  await page.getByLabel('Vorname').fill('Emil');
  await page.getByTestId('timezone-select').click();
  await page.getByTestId('timezone-select').fill('Vienna');
  await page.getByRole('option', { name: /^Europe\/Vienna/ }).click();
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByText('Ihre Angaben wurden gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Vorname')).toHaveValue('Emil');
  await expect(page.getByTestId('timezone-select')).toHaveValue(/^Europe\/Vienna/);
  await expectAccessible(page, 'profile', { dark: true });

  // E-mail: a code to the new address proves it.
  await page.getByRole('button', { name: 'Adresse ändern' }).click();
  const newMailbox = mailbox(newEmail);
  await page.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
  await expectAccessible(page, 'e-mail change dialog');
  await page.getByRole('button', { name: 'Code senden' }).click();
  await enterCode(page, await newMailbox.nextCode());
  await expect(page.getByText(`Ihre E-Mail-Adresse lautet jetzt ${newEmail}.`)).toBeVisible();
  await expect(page.getByTestId('email-section')).toContainText(newEmail);

  // Password: the current one first.
  await page.getByRole('link', { name: 'Passwort' }).click();
  await expect(page).toHaveURL(/\/projects\/password$/);
  await page.getByTestId('current-password').fill('falsch-geraten');
  await page.getByTestId('new-password').fill('Ganz-Neu-2024');
  await page.getByTestId('new-password-confirmation').fill('Ganz-Neu-2024');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Das aktuelle Passwort stimmt nicht.')).toBeVisible();
  await expectAccessible(page, 'password with an error');
  await page.getByTestId('current-password').fill(password);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Passwort gespeichert')).toBeVisible();

  // Sign in again with the new address and the new password.
  await signOutFromMenu(page);
  await signInWithPassword(page, newEmail, 'Ganz-Neu-2024');
  await expect(page.getByTestId('projects-name')).toHaveText('Emil Beispiel');

  // Delete the account: confirmed, then signed out for good.
  await page.goto('/projects/settings/profile');
  await page.getByRole('button', { name: 'Konto löschen …' }).click();
  await expect(page.getByTestId('delete-confirm')).toBeDisabled();
  await expectAccessible(page, 'delete account dialog');
  await page.getByTestId('delete-understood').check();
  await page.getByTestId('delete-confirm').click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Konto gelöscht')).toBeVisible();
  await signInWithPassword(page, newEmail, 'Ganz-Neu-2024');
  await expect(page.getByText('E-Mail-Adresse oder Passwort stimmen nicht.')).toBeVisible();
});
