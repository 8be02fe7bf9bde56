import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A port nothing listens on now (the system picks it). Asked in a child process because this file is loaded
 * synchronously; kept in the environment so the test workers, which load it again, use the same ports.
 */
function freePort(variable: string): number {
  process.env[variable] ??= execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
  return Number(process.env[variable]);
}

const port = freePort('E2E_PORT');
// A fresh embedded database per run: journeys start from an empty product, as a new user does. Set in the
// environment so the test workers (which evaluate this file again) find the same folder and server log.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'gemeinde-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
// Without SMTP the embedded server logs every mail it stores (DESIGN §8); journeys read codes from there.
process.env.E2E_SERVER_LOG ??= path.join(dataDir, 'server.log');
const serverLog = process.env.E2E_SERVER_LOG;
// The GIF panel's provider: a local stand-in speaking Giphy's API (e2e/support/giphy-server.mjs).
const giphyPort = freePort('E2E_GIPHY_PORT');
const giphyKey = 'e2e-key';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: path.join(root, 'test-results'),
  // One journey at a time: two at a time on the 2-core runner took 24 minutes instead of 16 (the server, two
  // Chromiums and the runner starve each other).
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A screen's first draw waits for scripts and several API answers; on a busy 2-core runner 5 s was too tight.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    // On the phone, the journeys whose screens differ there; `@desktop-only` marks those that would only
    // repeat the desktop's steps (sign-in variants, invitations, the dashboard) and cost CI minutes.
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' },
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: [
    {
      command: 'node e2e/support/giphy-server.mjs',
      cwd: root,
      url: `http://127.0.0.1:${giphyPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { GIPHY_PORT: String(giphyPort), GIPHY_API_KEY: giphyKey },
    },
    {
      command: `node scripts/start.mjs > "${serverLog}"`,
      cwd: root,
      url: `http://localhost:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        SERVICE_HOST: `localhost:${port}`,
        PUBLIC_DOMAIN: `app.localhost:${port}`,
        // "info" is the level of the outbox line that carries a mail's text.
        LOG_LEVEL: 'info',
        // Each journey is its own visitor (X-Forwarded-For), so the sign-in attempt limits per IP apply per journey.
        TRUST_PROXY: 'true',
        // The server's Giphy client appends /v1/gifs/… to this base address.
        GIF_API_URL: `http://127.0.0.1:${giphyPort}`,
        GIF_API_KEY: giphyKey,
      },
    },
  ],
});
