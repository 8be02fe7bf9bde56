import { expect, test } from '@playwright/test';

test('a new visitor sees the German shell, switches to English, and English survives a reload', async ({
  page,
}) => {
  await page.goto('/');
  // No session: the root sends the visitor to sign-in, in German by default.
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();

  await page.getByTestId('language-switcher').click();
  await page
    .getByRole('menuitem', { name: 'English' })
    .or(page.getByRole('option', { name: 'English' }))
    .or(page.getByRole('radio', { name: 'English' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown address shows the designed not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('the API answers health and unknown paths as JSON', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  const missing = await request.get('/api/nothing-here');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
});
