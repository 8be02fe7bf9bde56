import { chromium, type Page } from '@playwright/test';

/** How long a screen takes to be usable in Chromium: navigation start → the first item answers a click. */
export type PageLoadOptions = {
  baseUrl: string;
  /** The screen's address (path and query). */
  path: string;
  /** Signs in through the API; the refresh token is put where the web app looks for it. */
  login: { email: string; password: string };
  /** The element that must show and answer a click, e.g. the first tile of a list. */
  target: string;
  /** What the click must change on `target` (an attribute selector), e.g. `[aria-selected="true"]`. */
  clicked: string;
  runs: number;
};

export type PageLoadRun = { ms: number; visibleMs: number; cache: 'cold' | 'warm' };

/** Debian's Chromium without background traffic (STACK-NOTES). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Signs in through the API and returns the refresh token (the web app keeps it in local storage). */
export async function signIn(baseUrl: string, login: PageLoadOptions['login']): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/auth/by-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: login.email, password: login.password, isRemember: true }),
  });
  if (!answer.ok) {
    throw new Error(`sign-in for a page measurement failed: ${answer.status} ${await answer.text()}`);
  }
  return ((await answer.json()) as { refreshToken: string }).refreshToken;
}

async function timeOnce(
  page: Page,
  options: PageLoadOptions,
  cache: PageLoadRun['cache'],
): Promise<PageLoadRun> {
  const started = performance.now();
  await page.goto(`${options.baseUrl}${options.path}`, { waitUntil: 'commit' });
  const target = page.locator(options.target).first();
  await target.waitFor({ state: 'visible', timeout: 30_000 });
  const visibleMs = performance.now() - started;
  await target.click();
  await page
    .locator(`${options.target}${options.clicked}`)
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
  return { ms: performance.now() - started, visibleMs, cache };
}

/**
 * Loads a screen `runs` times in Debian's Chromium (1440 × 900): the first run with an empty browser cache, the
 * others warm (scripts cached, as on a second visit). The session's refresh token is set once; the web app
 * rotates it and keeps the new one in the same browser profile.
 */
export async function measurePageLoad(options: PageLoadOptions): Promise<PageLoadRun[]> {
  const refreshToken = await signIn(options.baseUrl, options.login);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
    await context.addInitScript((token) => {
      if (!window.localStorage.getItem('auth.refreshToken')) {
        window.localStorage.setItem('auth.refreshToken', token);
      }
    }, refreshToken);
    const page = await context.newPage();
    const runs: PageLoadRun[] = [];
    for (let run = 0; run < options.runs; run++) {
      runs.push(await timeOnce(page, options, run === 0 ? 'cold' : 'warm'));
    }
    return runs;
  } finally {
    await browser.close();
  }
}
