import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { enterCode, password } from './support/identity';
import { mailbox } from './support/mailbox';
import { expectAccessible } from './support/axe';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on right now: the journey never assumes a fixed one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server stopped with ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no health answer from ${base} within ${timeoutMs} ms`);
}

// One server of its own, started as a new owner does: `PORT=<port> npm start` on an empty data directory,
// without SERVICE_HOST or PUBLIC_DOMAIN. (The command npm start runs, without npm in between.)
test('a new owner starts the product on another port, signs up, creates an app and opens it signed in', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one server start is enough; the screens are covered elsewhere');
  test.setTimeout(360_000);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gemeinde-first-run-'));
  const log = path.join(dataDir, 'server.log');
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['SERVICE_HOST', 'PUBLIC_DOMAIN', 'HOST'].includes(name)),
  );
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', openSync(log, 'a'), 'inherit'],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const base = `http://localhost:${port}`;
    await waitForHealth(base, server, 240_000);
    const config = (await (await fetch(`${base}/api/client-config`)).json()) as Record<string, string>;
    expect(config).toMatchObject({ serviceHost: `localhost:${port}`, publicDomain: `app.localhost:${port}` });

    const page = await context.newPage();
    // Another name for the same machine is not configured: the page says which addresses are.
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByTestId('unknown-host')).toBeVisible();
    await expect(page.getByTestId('configured-service-host')).toHaveText(`localhost:${port}`);
    await expectAccessible(page, 'unknown host');

    // The start page is the sign-in, not a 404.
    await page.goto(`${base}/`);
    await expect(page.getByTestId('signin-form')).toBeVisible();

    const email = `erstnutzer.${Date.now().toString(36)}@beispiel.de`;
    const mail = mailbox(email, log);
    await page.goto(`${base}/auth/signup`);
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByRole('button', { name: 'Code senden' }).click();
    await expect(page.getByTestId('code-step')).toBeVisible();
    // A reload keeps the code step of the same address.
    await page.reload();
    await expect(page.getByTestId('code-step')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await enterCode(page, await mail.nextCode());
    await page.getByLabel('Vorname').fill('Erna');
    await page.getByLabel('Nachname').fill('Erstnutzer');
    await page.getByTestId('new-password').fill(password);
    await page.getByTestId('new-password-confirmation').fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    // A new account is welcomed, not welcomed back.
    await expect(page.getByText('Willkommen, Erna Erstnutzer')).toBeVisible();
    await expectAccessible(page, 'projects, welcome');

    await page.getByTestId('projects-create').click();
    await page.getByTestId('create-project-name').fill('Erstes Projekt');
    await page.getByTestId('create-project-submit').click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await page.getByTestId('apps-create').click();
    await page.getByTestId('create-app-name').fill('Erste App');
    await page.getByTestId('create-app-slug').fill('erste-app');
    await page.getByTestId('create-app-submit').click();
    const link = page.getByTestId('app-card-erste-app').getByTestId('app-card-link');
    await expect(link).toHaveAttribute('href', `http://app.localhost:${port}/erste-app`);

    // The dashboard's link opens the app on its own host, signed in: no second sign-in.
    const [appPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(appPage).toHaveURL(`http://app.localhost:${port}/erste-app`);
    await expect(appPage.getByTestId('app-home')).toBeVisible();
    await expect(appPage.getByTestId('account-menu')).toBeVisible();
    await expect(appPage.getByTestId('signin-form')).toHaveCount(0);
    await expectAccessible(appPage, 'app home, opened from the dashboard');
    await appPage.reload();
    await expect(appPage.getByTestId('account-menu')).toBeVisible();
  } finally {
    await context.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
