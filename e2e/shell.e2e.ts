import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';

test('a new visitor sees the German shell, switches to English, and English survives a reload', async ({
  page,
}) => {
  await page.goto('/');
  // No session: the root sends the visitor to sign-in, in German by default.
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expectAccessible(page, 'sign-in', { dark: true });

  await page.getByTestId('language-switcher').click();
  await page
    .getByRole('menuitem', { name: 'English' })
    .or(page.getByRole('option', { name: 'English' }))
    .or(page.getByRole('radio', { name: 'English' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAccessible(page, 'sign-in in English');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown address shows the designed not-found page', { tag: '@desktop-only' }, async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expectAccessible(page, 'not found');

  // The keyboard starts at the skip link, which leads past the header to the page's heading.
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Zum Inhalt springen');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('the API answers health and unknown paths as JSON', { tag: '@desktop-only' }, async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  const missing = await request.get('/api/nothing-here');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
});
