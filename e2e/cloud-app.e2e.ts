import { expect, test } from '@playwright/test';
import { keepScreenshot, pictureBytes, pdfBytes, tile, uploadFile, type Owner } from './support/cloud';
import { createAccount, signInWithPassword, uniqueEmail, visitorHeaders } from './support/identity';
import { expectAccessible } from './support/axe';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const port = Number(process.env.E2E_PORT); // chosen free by playwright.config.ts
const appHost = `http://app.localhost:${port}`;

test('the app host’s library: the owner finds files uploaded through the app, on desktop and on the phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(testInfo, 'app-ablage');
  const slug = `ablage-${testInfo.project.name}-${Date.now().toString(36)}`;
  const session = await createAccount(request, email);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const project = await request.post('/api/projects', { headers, data: { name: 'Yoga Studio Lindenhof' } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { data: { id: string } }).data.id;
  const app = await request.post(`/api/projects/${projectId}/apps`, {
    headers,
    data: { name: 'Lindenhof', slug },
  });
  expect(app.status()).toBe(201);
  const appId = ((await app.json()) as { data: { id: string } }).data.id;

  // Through the app (x-app-id): the app-level cloud ability decides, as the app host's screens do.
  const appHeaders = { ...headers, 'x-app-id': appId };
  const listing = await request.get(`/api/projects/${projectId}/cloud/folders/content?type=my`, {
    headers: appHeaders,
  });
  expect(listing.status()).toBe(200);
  const rootId = ((await listing.json()) as { meta: { rootId: string } }).meta.rootId;
  const owner: Owner = { email, headers: appHeaders, projectId, rootId };
  await uploadFile(request, owner, 'stundenplan.pdf', pdfBytes('Stundenplan'), 'application/pdf');
  await uploadFile(request, owner, 'studio.png', await pictureBytes(900, 600, 150), 'image/png');

  await page.goto(`${appHost}/${slug}/auth`);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await page.goto(`${appHost}/${slug}/cloud`);
  await expect(page.getByTestId('cloud-library')).toBeVisible();
  await expect(tile(page, 'stundenplan.pdf')).toBeVisible();
  await expect(tile(page, 'studio.png')).toBeVisible();
  await expect(page.getByTestId('cloud-counts')).toHaveText('2 Dateien');
  await keepScreenshot(page, `cloud-app-library-${testInfo.project.name}`);
  await expectAccessible(page, 'app library', { dark: true });

  // A tap on the phone, a double-click on the desktop: the picture opens large.
  if (testInfo.project.name === 'mobile') {
    await tile(page, 'studio.png').tap();
  } else {
    await tile(page, 'studio.png').dblclick();
  }
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await keepScreenshot(page, `cloud-app-preview-${testInfo.project.name}`);
  await expectAccessible(page, 'app preview');
});
