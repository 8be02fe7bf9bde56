import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { openLibrary, ownerWithProject, pictureBytes, uploadFile } from './support/cloud';
import { createAccount, signInWithPassword, uniqueEmail, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).boundingBox();
  if (!box) {
    throw new Error(`${selector} is not on the page`);
  }
  return box;
}

function expectSamePlace(drawn: Box, real: Box, what: string, tolerance = 2) {
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(
      Math.abs(drawn[key] - real[key]),
      `${what}: ${key} ${drawn[key]} (static) vs ${real[key]} (app)`,
    ).toBeLessThanOrEqual(tolerance);
  }
}

/** A page as the browser shows it before any script has run (scripts off); its context closes afterwards. */
async function withoutScripts<T>(
  browser: Browser,
  testInfo: TestInfo,
  address: string,
  read: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    ...testInfo.project.use,
    javaScriptEnabled: false,
    extraHTTPHeaders: visitorHeaders(testInfo),
  });
  try {
    const page = await context.newPage();
    await page.goto(address);
    return await read(page);
  } finally {
    await context.close();
  }
}

/** Nothing to click or type into on a drawn page: its controls are placeholders. */
const noControls = '#boot-skeleton input, #boot-skeleton button, #boot-skeleton a';

test(
  'the sign-in page is drawn before its scripts run, where the app then draws it',
  { tag: '@desktop-only' },
  async ({ browser, page }, testInfo) => {
    // Without scripts: what the page shows before they have run.
    const [drawnTitle, drawnText] = await withoutScripts(browser, testInfo, '/auth', async (still) => {
      await expect(still.locator('#boot-skeleton h1')).toHaveText('Anmelden');
      // Not a form that cannot work yet: no field to type into.
      await expect(still.locator('input, button')).toHaveCount(0);
      return [await boxOf(still, '#boot-skeleton h1'), await boxOf(still, '#boot-skeleton h1 + p')];
    });

    await page.goto('/auth');
    await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
    await expect(page.locator('#boot-skeleton')).toHaveCount(0);
    expectSamePlace(drawnTitle, await boxOf(page, 'main h1'), 'heading');
    expectSamePlace(drawnText, await boxOf(page, 'main h1 + p'), 'text');
  },
);

test('the projects list is drawn before its scripts run, where the app then draws it', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const drawn = await withoutScripts(browser, testInfo, '/projects', async (still) => {
    await expect(still.locator('#boot-skeleton h1')).toHaveText('Projekte');
    await expect(still.locator(noControls)).toHaveCount(0);
    return {
      title: await boxOf(still, '#boot-skeleton h1'),
      lead: await boxOf(still, '#boot-skeleton h1 + p'),
      greeting: await boxOf(still, '#boot-skeleton .bs-greeting'),
    };
  });

  const email = uniqueEmail(testInfo, 'prepaint');
  await createAccount(request, email);
  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/projects$/);
  // The page the server sends for the address itself, not the sign-in's client-side way there.
  await page.reload();
  await expect(page.getByText('Noch keine Projekte')).toBeVisible();
  await expect(page.locator('#boot-skeleton')).toHaveCount(0);
  expectSamePlace(drawn.title, await boxOf(page, 'main h1'), 'heading');
  expectSamePlace(drawn.lead, await boxOf(page, 'main h1 + p'), 'lead');
  const greeting = await boxOf(page, '[data-testid="projects-page"] header p:has(+ h1)');
  // The greeting names the person, whom the static page does not know: a bar centred on its line.
  const middle = (box: Box) => box.y + box.height / 2;
  expect(Math.abs(middle(drawn.greeting) - middle(greeting)), 'greeting').toBeLessThanOrEqual(2);
});

test("a project's screens are framed before their scripts run, where the app then draws the frame", async ({
  browser,
  page,
  request,
}, testInfo) => {
  const owner = await ownerWithProject(request, testInfo, 'frame');
  const drawn = await withoutScripts(
    browser,
    testInfo,
    `/projects/${owner.projectId}/cloud`,
    async (still) => {
      await expect(still.locator('#boot-skeleton .bs-switcher')).toBeVisible();
      await expect(still.locator(noControls)).toHaveCount(0);
      return {
        switcher: await boxOf(still, '#boot-skeleton .bs-switcher'),
        sections: await boxOf(still, '#boot-skeleton .bs-sections'),
      };
    },
  );

  for (const [index, hue] of [30, 150, 270].entries()) {
    await uploadFile(request, owner, `bild-${index}.png`, await pictureBytes(480, 320, hue), 'image/png');
  }
  await openLibrary(page, owner);
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(`${sent.method()} ${new URL(sent.url()).pathname}`));
  // The app's scripts wait until the page's own pictures have been seen (the boot script is not held).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!boot-after-paint).+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  const early = page.locator('#boot-skeleton [data-early-image] img');
  // As many as the window's first row holds, up to the three there are; all put in at once.
  await expect(early.first()).toBeAttached();
  await expect
    .poll(() => early.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)))
    .toBe(true);
  const earlyPictures = await early.evaluateAll((images) =>
    images.map((image) => {
      const { x, y, width, height } = image.getBoundingClientRect();
      return { src: image.getAttribute('src') ?? '', box: { x, y, width, height } };
    }),
  );
  release();
  await expect(page.getByTestId('cloud-library')).toBeVisible();
  await expect(page.locator('#boot-skeleton')).toHaveCount(0);
  // The boot script refreshed the session and preloaded the screen's stylesheets: the app used both, asking
  // neither again.
  expect(asked.filter((request) => request === 'POST /api/auth/refresh-token')).toHaveLength(1);
  const assets = asked.filter((request) => request.startsWith('GET /assets/'));
  expect(assets.filter((request, index) => assets.indexOf(request) !== index)).toEqual([]);
  expect(assets.some((request) => request.endsWith('.css'))).toBe(true);
  // It also asked for the library's first page and the project with the new session, and the app took those
  // answers: nothing is left over, and each was asked for once.
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(window.gemeindeEarlyAnswers ?? null)))
    .toBe('{}');
  for (const call of [
    `GET /api/projects/${owner.projectId}/cloud/folders/content`,
    `GET /api/projects/${owner.projectId}`,
  ]) {
    expect(
      asked.filter((request) => request === call),
      call,
    ).toHaveLength(1);
  }
  const switcher = await boxOf(page, '[data-testid="project-switcher"]');
  const sections = await boxOf(page, '[data-testid="project-nav"] nav');
  // The project's name sets the switcher's width; its place and height do not depend on it.
  for (const key of ['x', 'y', 'height'] as const) {
    expect(Math.abs(drawn.switcher[key] - switcher[key]), `switcher ${key}`).toBeLessThanOrEqual(2);
  }
  expectSamePlace(drawn.sections, sections, 'sections');
  // The pictures the page showed before its scripts ran are the first page's, where the app then shows them, to
  // a fraction of a pixel: the browser clips a picture to device pixels, and the app's, had it come out a sliver
  // larger, would count as a new largest paint, the page's LCP waiting for the scripts again.
  for (const [index, picture] of earlyPictures.entries()) {
    expectSamePlace(
      picture.box,
      await boxOf(page, `[data-cell] img[src="${picture.src}"]`),
      `picture ${index}`,
      0.05,
    );
  }
  expect(earlyPictures.length).toBeGreaterThan(0);
});

test(
  'pages load compressed, without anything our Content Security Policy forbids',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    // The browser reports every blocked attempt to the page (an eval tried inside try/catch too) and to the console.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      if (/\/assets\/.+\.js$/.test(new URL(response.url()).pathname)) {
        encodings.set(response.url(), response.headers()['content-encoding']);
      }
    });

    const email = uniqueEmail(testInfo, 'tempo');
    await createAccount(request, email);
    await page.goto('/auth');
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByText('Noch keine Projekte')).toBeVisible();

    violations.push(
      ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    );
    expect(violations).toEqual([]);
    expect(encodings.size).toBeGreaterThan(0);
    expect([...new Set(encodings.values())]).toEqual(['br']);

    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect((await manifest.json()) as { name: string }).toMatchObject({ name: 'Gemeinde' });
  },
);
