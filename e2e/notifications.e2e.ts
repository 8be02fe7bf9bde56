import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expectAccessible, settleAnimations } from './support/axe';
import { createAccount, signInWithPassword, uniqueEmail, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const expect = baseExpect.configure({ timeout: 20_000 });
const port = Number(process.env.E2E_PORT);
const appHost = `http://app.localhost:${port}`;
// Pictures of the bell's panel and the page, for people to look at (desktop 1440×900, phone 390×844).
const shotDir = process.env.NOTIFICATION_SHOTS ?? path.join(process.cwd(), 'test-results', 'notifications');

type Person = { email: string; token: string; profileId: string };

const data = async <T>(answer: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> => {
  expect(answer.status(), await answer.text()).toBe(status);
  return ((await answer.json()) as { data: T }).data;
};

async function shoot(page: Page, name: string) {
  mkdirSync(shotDir, { recursive: true });
  await settleAnimations(page);
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) });
}

/** An app with an open space, its author Lena and two members, Max and Tom, who react to her posts. */
async function setUp(request: APIRequestContext, testInfo: TestInfo) {
  const auth = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
  const ownerEmail = uniqueEmail(testInfo, 'owner');
  const owner = { token: (await createAccount(request, ownerEmail)).accessToken };
  const project = await data<{ id: string }>(
    await request.post('/api/projects', { headers: auth(owner), data: { name: 'Yoga Studio Lindenhof' } }),
    201,
  );
  const slug = `hinweise-${testInfo.project.name}-${Date.now().toString(36)}`;
  const app = await data<{ id: string }>(
    await request.post(`/api/projects/${project.id}/apps`, {
      headers: auth(owner),
      data: { name: 'Lindenhof', slug },
    }),
    201,
  );
  const member = async (name: string, firstName: string, lastName: string): Promise<Person> => {
    const email = uniqueEmail(testInfo, name);
    const token = (await createAccount(request, email)).accessToken;
    // The names the notifications show are the accounts'.
    await data(await request.patch('/api/user', { headers: auth({ token }), data: { firstName, lastName } }));
    const profile = await data<{ id: string }>(
      await request.post(`/api/apps/${app.id}/invite`, {
        headers: auth(owner),
        data: { email, firstName, lastName, isInvited: false },
      }),
      201,
    );
    return { email, token, profileId: profile.id };
  };
  const lena = await member('lena', 'Lena', 'Vogel');
  const max = await member('max', 'Max', 'Hartmann');
  const tom = await member('tom', 'Tom', 'Fremd');
  const group = await data<{ id: string }>(
    await request.post(`/api/apps/${app.id}/community/groups`, {
      headers: auth(owner),
      data: { name: 'Yoga & Bewegung', description: 'Üben, austauschen, dranbleiben.' },
    }),
    201,
  );
  const space = await data<{ id: string; slug: string }>(
    await request.post(`/api/groups/${group.id}/spaces`, {
      headers: auth(owner),
      data: { name: 'Offener Treff', access: 'open', description: 'Für alle Fragen.' },
    }),
    201,
  );
  for (const person of [lena, max, tom]) {
    await data(await request.post(`/api/spaces/${space.id}/join`, { headers: auth(person) }));
  }
  const post = async (name: string, body: string) =>
    data<{ id: string; slug: string }>(
      await request.post(`/api/spaces/${space.id}/posts`, { headers: auth(lena), data: { name, body } }),
      201,
    );
  return { slug, app, lena, max, tom, space, auth, post };
}

test('a member hears of likes and comments at the bell, live, opens them and reads the whole list', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const phone = testInfo.project.name === 'mobile';
  if (phone) {
    await page.setViewportSize({ width: 390, height: 844 });
  }
  const c = await setUp(request, testInfo);
  const morning = await c.post('Sonnengruß am Morgen', '<p>Wer übt mit? Jeden Tag um sieben.</p>');
  const autumn = await c.post('Kursplan für den Herbst', '<p>Ab Oktober montags.</p>');

  // Max and Tom like the morning post (one item, collapsed) and comment on it (another).
  for (const person of [c.max, c.tom]) {
    await data(await request.post(`/api/posts/${morning.id}/like`, { headers: c.auth(person) }));
  }
  const comment = async (person: Person, postId: string, body: string) =>
    data<{ id: string }>(
      await request.post('/api/comments', {
        headers: c.auth(person),
        data: { entityType: 'post', entityId: postId, body: `<p>${body}</p>` },
      }),
      201,
    );
  await comment(c.max, morning.id, 'Ich bin dabei!');
  const tomsComment = await comment(c.tom, morning.id, 'Ich auch, ab nächster Woche.');

  await page.goto(`${appHost}/${c.slug}/auth`);
  await signInWithPassword(page, c.lena.email);
  await expect(page).toHaveURL(new RegExp(`/${c.slug}$`));
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Benachrichtigungen, 2 ungelesen');
  await expect(page.getByTestId('notification-badge')).toHaveText('2');

  // Live: Max comments on the autumn post while Lena is here; the badge rises without a reload.
  await comment(c.max, autumn.id, 'Montags passt mir gut.');
  await expect(bell).toHaveAccessibleName('Benachrichtigungen, 3 ungelesen');

  // The panel, with the keyboard: opened, walked, closed with Escape, the focus back on the bell.
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('notification-panel');
  await expect(panel.getByTestId('notification-item')).toHaveCount(3);
  await expect(panel.getByTestId('notification-sentence').nth(1)).toHaveText(
    'Tom Fremd und 1 weitere Person haben „Sonnengruß am Morgen“ kommentiert',
  );
  await expect(panel.getByTestId('notification-sentence').nth(2)).toHaveText(
    'Tom Fremd und 1 weitere Person gefällt Ihr Beitrag „Sonnengruß am Morgen“',
  );
  await shoot(page, `panel-${phone ? 'phone' : 'desktop'}`);
  await expectAccessible(page, 'notification panel', {
    include: phone ? '[data-testid="notification-drawer"]' : '[role="dialog"]',
    dark: true,
  });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // Opening the comments' item marks it read and leads to Tom's comment.
  await bell.click();
  await panel.getByTestId('notification-item').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/p/${morning.slug}#comment-${tomsComment.id}$`));
  await expect(page.locator(`#comment-${tomsComment.id}`)).toHaveAttribute('data-anchored', '');
  await expect(bell).toHaveAccessibleName('Benachrichtigungen, 2 ungelesen');

  // The whole list: filter, then everything read.
  await bell.click();
  await panel.getByRole('link', { name: 'Alle anzeigen' }).click();
  await expect(page).toHaveURL(new RegExp(`/${c.slug}/notifications$`));
  await expect(page.getByTestId('notifications-page').getByTestId('notification-item')).toHaveCount(3);
  await shoot(page, `page-${phone ? 'phone' : 'desktop'}`);
  await expectAccessible(page, 'notifications page', { dark: true });
  await page.getByText('Ungelesen', { exact: true }).click();
  await expect(page).toHaveURL(/filter=unread$/);
  await expect(page.getByTestId('notifications-page').getByTestId('notification-item')).toHaveCount(2);
  await page.getByTestId('notifications-mark-all').click();
  await expect(page.getByText('Alles gelesen')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toBeHidden();
  await expect(bell).toHaveAccessibleName('Benachrichtigungen');
});

test('a mail’s unsubscribe link works signed out, and an unknown one says so', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  if (phone) {
    await page.setViewportSize({ width: 390, height: 844 });
  }
  // The real hashes come with the mails (after a hold of 10 minutes); the page's own answer stands in here.
  await page.route('**/api/unsubscribe/e2e-known', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 204 })
      : route.fulfill({
          json: { appName: 'Lindenhof', email: 'le***@beispiel.de', scope: 'email', isUnsubscribed: false },
        }),
  );
  await page.goto(`${appHost}/projects/0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61/unsubscribe/e2e-known`);
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mails abbestellen' })).toBeVisible();
  await expect(page.getByTestId('app-shell-app')).toHaveCount(0);
  await shoot(page, `unsubscribe-${phone ? 'phone' : 'desktop'}`);
  await expectAccessible(page, 'unsubscribe page');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sie sind abgemeldet' })).toBeFocused();
  await shoot(page, `unsubscribed-${phone ? 'phone' : 'desktop'}`);

  // A made-up link: the real server does not know it.
  await page.goto(
    `http://localhost:${port}/projects/0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61/unsubscribe/not-ours`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Dieser Link ist ungültig' })).toBeVisible();
  await expectAccessible(page, 'unknown unsubscribe link');
});
