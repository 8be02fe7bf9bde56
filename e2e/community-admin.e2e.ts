import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot, pictureBytes, tile, uploadFile, type Owner } from './support/cloud';
import { createAccount, signInWithPassword, uniqueEmail, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

// Screens ask the server for several things at once; on a machine shared by many test runs that takes a moment.
const expect = baseExpect.configure({ timeout: 20_000 });

const port = Number(process.env.E2E_PORT); // chosen free by playwright.config.ts
const appHost = `http://app.localhost:${port}`;

const data = async <T>(answer: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> => {
  expect(answer.status(), await answer.text()).toBe(status);
  return ((await answer.json()) as { data: T }).data;
};

/** Chooses an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

/** The date of tomorrow as a date input takes it (YYYY-MM-DD), on the browser's clock. */
const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);

test('an admin sets up a group with a private space, writes, pins, moves and schedules posts', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(420_000);
  const phone = testInfo.project.name === 'mobile';
  const shot = (name: string) => keepScreenshot(page, `community-admin-${name}-${testInfo.project.name}`);

  // An owner with an app and a picture in the app's files, through the API.
  const email = uniqueEmail(testInfo, 'gemeinde-verwaltung');
  const session = await createAccount(request, email);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const project = await data<{ id: string }>(
    await request.post('/api/projects', { headers, data: { name: 'Yoga Studio Lindenhof' } }),
    201,
  );
  const slug = `verwaltung-${testInfo.project.name}-${Date.now().toString(36)}`;
  const app = await data<{ id: string }>(
    await request.post(`/api/projects/${project.id}/apps`, { headers, data: { name: 'Lindenhof', slug } }),
    201,
  );
  const appHeaders = { ...headers, 'x-app-id': app.id };
  const listing = await request.get(`/api/projects/${project.id}/cloud/folders/content?type=my`, {
    headers: appHeaders,
  });
  const rootId = ((await listing.json()) as { meta: { rootId: string } }).meta.rootId;
  const owner: Owner = { email, headers: appHeaders, projectId: project.id, rootId };
  await uploadFile(request, owner, 'studio.png', await pictureBytes(1200, 700, 160), 'image/png');

  await page.goto(`${appHost}/${slug}/auth`);
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));

  // Settings → groups: empty, then a group through its dialog.
  await page.goto(`${appHost}/${slug}/settings/groups`);
  await expect(page.getByTestId('groups-empty')).toBeVisible();
  await expectAccessible(page, 'groups settings, empty', { dark: true });
  await page.getByTestId('group-create').click();
  await page.getByTestId('group-name').fill('Willkommen');
  await expectAccessible(page, 'group dialog');
  await page.getByTestId('group-submit').click();
  await expect(page.getByRole('heading', { name: 'Willkommen' })).toBeVisible();

  // A private space through the space form.
  await page.getByTestId('space-create').click();
  await expect(page.getByTestId('space-form')).toBeVisible();
  await page.getByTestId('space-name').fill('Intern');
  await page.getByTestId('space-access-private').click();
  await expect(page.getByTestId('space-access-private')).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page, 'space form');
  await shot('space-form');
  await page.getByTestId('space-submit').click();
  await expect(page.getByTestId('space-row')).toHaveCount(1);
  await expect(page.getByTestId('space-row')).toContainText('Privat');
  await shot('groups');
  await expectAccessible(page, 'groups settings');

  // A second space to move to, through the API (the form was shown above).
  const [group] = await data<{ id: string }[]>(
    await request.get(`/api/apps/${app.id}/community/groups`, { headers }),
  );
  const announcements = await data<{ id: string }>(
    await request.post(`/api/groups/${group!.id}/spaces`, { headers, data: { name: 'Ankündigungen' } }),
    201,
  );

  // The feed's composer: a post in the private space with a cover picked from the files and a poll.
  await page.goto(`${appHost}/${slug}/groups`);
  await page.getByTestId('new-post').first().click();
  const composer = page.getByTestId('composer-form');
  await expect(composer).toBeVisible();
  await choose(page, 'composer-target', 'Intern');
  await page.getByTestId('composer-name').fill('Willkommen im Studio');
  await page.getByRole('textbox', { name: 'Beitrag', exact: true }).fill('Schön, dass Sie da sind.');
  await page.getByTestId('composer-add-cover').click();
  await page.getByTestId('composer-cover-pick').click();
  const picker = page.getByTestId(phone ? 'mobile-picker' : 'picker-popup');
  await expect(picker).toBeVisible();
  await tile(picker, 'studio.png').click();
  await picker.getByTestId('picker-apply').click();
  const crop = page.getByTestId('crop-dialog');
  await expect(crop).toBeVisible();
  await expectAccessible(page, 'cover crop');
  await crop.getByTestId('crop-apply').click();
  await expect(page.getByTestId('composer-cover').locator('img')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('composer-add-poll').click();
  await page.getByTestId('poll-question').fill('Welcher Kurstag passt Ihnen?');
  await page.getByTestId('poll-option').nth(0).fill('Montag');
  await page.getByTestId('poll-option').nth(1).fill('Mittwoch');
  await shot('composer');
  await expectAccessible(page, 'composer with cover and poll');
  await page.getByTestId('composer-submit').click();
  await expect(composer).toHaveCount(0);

  const card = page.getByTestId('post-card').filter({ hasText: 'Willkommen im Studio' });
  await expect(card).toContainText('Intern');
  await expect(card.locator('img').first()).toBeVisible();

  // Pin it to the top from its menu.
  await card.getByTestId('post-actions').click();
  await expect(page.getByTestId('post-actions-menu')).toBeVisible();
  await expectAccessible(page, 'post menu');
  await page.getByTestId('post-action-pinToTop').click();
  await expect(card).toContainText('Angeheftet');

  // Move it to the other space.
  await card.getByTestId('post-actions').click();
  await page.getByTestId('post-action-move').click();
  const moveDialog = page.getByRole('dialog', { name: 'Beitrag verschieben' });
  await expect(moveDialog).toBeVisible();
  await choose(page, 'composer-target', 'Ankündigungen');
  await expectAccessible(page, 'move dialog');
  await page.getByTestId('post-move-confirm').click();
  await expect(moveDialog).toHaveCount(0);
  await expect(card).toContainText('Ankündigungen');
  await shot('feed');

  // Schedule another post for tomorrow morning.
  await page.getByTestId('new-post').first().click();
  await expect(composer).toBeVisible();
  await choose(page, 'composer-target', 'Ankündigungen');
  await page.getByTestId('composer-name').fill('Neuer Kursplan');
  await page.getByTestId('composer-add-schedule').click();
  await page.getByTestId('schedule-date').fill(tomorrow());
  await page.getByTestId('schedule-time').fill('09:00');
  await expect(page.getByTestId('schedule-summary')).toContainText('Erscheint am');
  await expectAccessible(page, 'composer with schedule');
  await page.getByTestId('composer-submit').click();
  await expect(composer).toHaveCount(0);
  await expect(page.getByText(/Ihr Beitrag erscheint am/)).toBeVisible();

  // The server holds it back until then.
  const scheduled = await request.get(`/api/spaces/${announcements.id}/posts?type=scheduled`, { headers });
  const list = (await scheduled.json()) as {
    data: { name: string; isScheduled: boolean; timeZone: string }[];
  };
  expect(list.data.map((post) => post.name)).toEqual(['Neuer Kursplan']);
  expect(list.data[0]?.isScheduled).toBe(true);
});
