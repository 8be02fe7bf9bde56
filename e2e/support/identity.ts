import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { mailbox } from './mailbox';

/** A different made-up address per journey and project, so every run starts with people nobody has seen. */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  const project = testInfo.project.name.replace(/\W+/g, '');
  return `${name}.${project}.${Date.now().toString(36)}${testInfo.workerIndex}@beispiel.de`;
}

/**
 * Each journey is its own visitor: the server trusts X-Forwarded-For in the e2e run, so the sign-in attempt
 * limits (per IP) count per journey instead of across the whole suite.
 */
export function visitorHeaders(testInfo: TestInfo): Record<string, string> {
  const digest = createHash('sha256')
    .update(`${testInfo.testId}:${testInfo.project.name}:${testInfo.retry}`)
    .digest();
  return { 'X-Forwarded-For': `10.${digest[0]}.${digest[1]}.${((digest[2] ?? 0) % 250) + 1}` };
}

export const password = 'Sonnenblume-42';

/** Signs up through the API (a journey that is about something else starts with an account). */
export async function createAccount(request: APIRequestContext, email: string, secret = password) {
  const mail = mailbox(email);
  const sent = await request.post('/api/signup/send-code', { data: { login: email, type: 'email' } });
  expect(sent.status()).toBe(200);
  const code = await mail.nextCode();
  const created = await request.post('/api/signup', {
    data: {
      login: email,
      type: 'email',
      code,
      firstName: 'Anna',
      lastName: 'Beispiel',
      password: secret,
      passwordConfirmation: secret,
      isRemember: true,
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as { accessToken: string; refreshToken: string };
}

export async function enterCode(page: Page, code: string) {
  // The six boxes take the whole code at once, as when it is pasted; the sixth digit sends it.
  await page.getByLabel('Code aus der E-Mail').first().fill(code);
}

export async function signInWithPassword(page: Page, email: string, secret = password) {
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByTestId('login-use-password').click();
  await page.getByLabel('Passwort', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

export async function signOutFromMenu(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('signin-form')).toBeVisible();
}

export function storedRefreshToken(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      window.localStorage.getItem('auth.refreshToken') ?? window.sessionStorage.getItem('auth.refreshToken'),
  );
}
