import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot } from './support/cloud';
import { createAccount, signInWithPassword, uniqueEmail, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

// Screens ask the server for several things at once; on a machine shared by many test runs that takes a moment.
const expect = baseExpect.configure({ timeout: 20_000 });

const port = Number(process.env.E2E_PORT); // chosen free by playwright.config.ts
const appHost = `http://app.localhost:${port}`;

type Person = { email: string; token: string; profileId: string };
type Community = {
  slug: string;
  appId: string;
  owner: Person;
  lena: Person;
  max: Person;
  tom: Person;
  group: { id: string; slug: string };
  privateSpace: { id: string; slug: string };
  openSpace: { id: string; slug: string };
};

const data = async <T>(answer: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> => {
  expect(answer.status(), await answer.text()).toBe(status);
  return ((await answer.json()) as { data: T }).data;
};

/**
 * The shared set-up, through the API: an owner with an app whose community guests may read, three members
 * (Lena, Max, Tom), and — what an admin does in the settings — a group with a private and an open space.
 */
async function setUpCommunity(request: APIRequestContext, testInfo: TestInfo): Promise<Community> {
  const person = async (name: string): Promise<Omit<Person, 'profileId'>> => {
    const email = uniqueEmail(testInfo, name);
    return { email, token: (await createAccount(request, email)).accessToken };
  };
  const owner = await person('gemeinde-admin');
  const auth = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
  const project = await data<{ id: string }>(
    await request.post('/api/projects', { headers: auth(owner), data: { name: 'Yoga Studio Lindenhof' } }),
    201,
  );
  const slug = `gemeinde-${testInfo.project.name}-${Date.now().toString(36)}`;
  const app = await data<{ id: string }>(
    await request.post(`/api/projects/${project.id}/apps`, {
      headers: auth(owner),
      data: { name: 'Lindenhof', slug },
    }),
    201,
  );
  await data(
    await request.patch(`/api/apps/${app.id}/community/settings`, {
      headers: auth(owner),
      data: { isVisibleToGuests: true },
    }),
  );
  const member = async (name: string, firstName: string, lastName: string): Promise<Person> => {
    const account = await person(name);
    const profile = await data<{ id: string }>(
      await request.post(`/api/apps/${app.id}/invite`, {
        headers: auth(owner),
        data: { email: account.email, firstName, lastName, isInvited: false },
      }),
      201,
    );
    return { ...account, profileId: profile.id };
  };
  const lena = await member('lena', 'Lena', 'Vogel');
  const max = await member('max', 'Max', 'Hartmann');
  const tom = await member('tom', 'Tom', 'Fremd');
  const group = await data<{ id: string; slug: string }>(
    await request.post(`/api/apps/${app.id}/community/groups`, {
      headers: auth(owner),
      data: { name: 'Yoga & Bewegung', description: 'Üben, austauschen, dranbleiben.' },
    }),
    201,
  );
  const space = async (name: string, access: 'open' | 'private') =>
    data<{ id: string; slug: string }>(
      await request.post(`/api/groups/${group.id}/spaces`, {
        headers: auth(owner),
        data: { name, access, description: `${name}: der Raum für alle Fragen.` },
      }),
      201,
    );
  const privateSpace = await space('Lehrerteam', 'private');
  const openSpace = await space('Offener Treff', 'open');
  return {
    slug,
    appId: app.id,
    owner: { ...owner, profileId: '' },
    lena,
    max,
    tom,
    group,
    privateSpace,
    openSpace,
  };
}

/**
 * A browser of its own for each person, on the project's device, from an address of its own (the sign-in limits
 * count per address).
 */
function freshContext(browser: Browser, testInfo: TestInfo, visitor: number) {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = testInfo.project.use;
  const address = visitorHeaders(testInfo)['X-Forwarded-For']?.replace(/\.\d+$/, `.${visitor}`) ?? '10.0.0.1';
  return browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    userAgent,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
}

async function signedInPage(
  browser: Browser,
  testInfo: TestInfo,
  c: Community,
  who: Person,
  visitor: number,
): Promise<Page> {
  const context = await freshContext(browser, testInfo, visitor);
  const page = await context.newPage();
  await page.goto(`${appHost}/${c.slug}/auth`);
  // A new browser loads everything for the first time.
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await signInWithPassword(page, who.email);
  await expect(page).toHaveURL(new RegExp(`/${c.slug}$`));
  return page;
}

test('a member posts with a poll in a private space, another comments, replies, likes and votes, others only see what they may', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(420_000);
  const project = testInfo.project.name;
  const c = await setUpCommunity(request, testInfo);
  const spaceUrl = `${appHost}/${c.slug}/groups/g/${c.privateSpace.slug}`;

  // Lena finds the group in the menu and asks to join the private space.
  await page.goto(`${appHost}/${c.slug}/auth`);
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await signInWithPassword(page, c.lena.email);
  await expect(page).toHaveURL(new RegExp(`/${c.slug}$`));
  await page.getByRole('link', { name: 'Gruppen' }).first().click();
  await expect(page.getByTestId('groups-feed')).toBeVisible();
  await expect(page.getByTestId('feed-empty')).toBeVisible();
  await expectAccessible(page, 'empty groups feed', { dark: true });
  await page.goto(spaceUrl);
  await expect(page.getByTestId('space-locked')).toBeVisible();
  await page.getByTestId('space-join').first().click();
  await expect(page.getByTestId('space-membership')).toHaveText(/Angefragt/);
  await expect(page.getByTestId('space-locked')).toContainText('Ihre Anfrage ist unterwegs');
  await keepScreenshot(page, `community-requested-${project}`);
  await expectAccessible(page, 'private space, join requested');

  // A moderator (the admin) lets Lena and Max in.
  await data(
    await request.post(`/api/spaces/${c.privateSpace.id}/profiles`, {
      headers: { authorization: `Bearer ${c.owner.token}` },
      data: { profileIds: [c.lena.profileId, c.max.profileId] },
    }),
  );

  // Lena writes the first post, with a poll, in the composer.
  await page.reload();
  await expect(page.getByTestId('space-empty')).toBeVisible();
  await page.getByTestId('new-post').first().click();
  const composer = page.getByTestId('composer-form');
  await expect(composer).toBeVisible();
  await page.getByTestId('composer-name').fill('Kursplan für den Herbst');
  await page.getByTestId('composer-body').getByRole('textbox').click();
  await page.keyboard.type('Ab Oktober üben wir montags schon um sieben. Was meint ihr?');
  await page.getByTestId('composer-add-poll').click();
  await page.getByTestId('poll-question').fill('Passt Ihnen der Montag um 7 Uhr?');
  await page.getByTestId('poll-option').nth(0).fill('Ja, perfekt');
  await page.getByTestId('poll-option').nth(1).fill('Lieber später');
  await keepScreenshot(page, `community-composer-${project}`);
  await expectAccessible(page, 'composer with a poll', { include: '[data-testid="post-composer"]' });
  await page.getByTestId('composer-submit').click();
  await expect(page.getByTestId('post-composer')).toBeHidden();
  const card = page.getByTestId('post-card').filter({ hasText: 'Kursplan für den Herbst' });
  await expect(card).toBeVisible();
  await expectAccessible(page, 'space with its first post', { dark: true });

  // Max reads it, likes it, votes, comments and replies.
  const maxPage = await signedInPage(browser, testInfo, c, c.max, 251);
  await maxPage.goto(spaceUrl);
  await maxPage
    .getByTestId('post-card')
    .filter({ hasText: 'Kursplan für den Herbst' })
    .getByTestId('post-card-link')
    .click();
  await expect(maxPage.getByTestId('post-title')).toHaveText('Kursplan für den Herbst');
  await expect(maxPage.getByTestId('post-body')).toContainText('montags schon um sieben');
  const like = maxPage.getByTestId('post-view').getByTestId('post-like');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  await maxPage.getByTestId('poll-option').filter({ hasText: 'Ja, perfekt' }).click();
  await expect(maxPage.getByTestId('poll-results')).toContainText('100 %');
  await expect(maxPage.getByTestId('poll-facts')).toContainText('1 Stimme');
  await maxPage.getByTestId('comment-start').click();
  await maxPage.getByTestId('comment-editor').getByRole('textbox').click();
  await maxPage.keyboard.type('Montag passt mir gut!');
  await maxPage.getByTestId('comment-editor-submit').click();
  await expect(maxPage.getByTestId('comment-editor')).toBeHidden();
  const thread = maxPage.getByTestId('comment-thread').filter({ hasText: 'Montag passt mir gut!' });
  await expect(thread).toBeVisible();
  await thread.getByTestId('comment-reply').first().click();
  await maxPage.getByTestId('reply-editor').getByRole('textbox').click();
  await maxPage.keyboard.type('Und donnerstags bleibt es beim Abend?');
  await maxPage.getByTestId('reply-editor-submit').click();
  await expect(maxPage.getByTestId('reply-editor')).toBeHidden();
  await expect(
    thread.getByTestId('comment-body').filter({ hasText: 'Und donnerstags bleibt es beim Abend?' }),
  ).toBeVisible();
  await keepScreenshot(maxPage, `community-post-${project}`);
  await expectAccessible(maxPage, 'post with poll, likes, a comment and a reply', { dark: true });
  const postUrl = maxPage.url();

  // Lena sees Max's reply, the like and the vote on her post.
  await page.goto(postUrl);
  await expect(page.getByTestId('post-view').getByTestId('post-like')).toHaveText('1');
  await expect(page.getByTestId('comment-thread')).toContainText('Und donnerstags bleibt es beim Abend?');
  await expect(page.getByTestId('poll-facts')).toContainText('1 Stimme');

  // Tom is no member of the private space: not in his feed, the space is closed, the post is not found.
  const tomPage = await signedInPage(browser, testInfo, c, c.tom, 252);
  await tomPage.goto(`${appHost}/${c.slug}/groups`);
  await expect(tomPage.getByTestId('feed-empty')).toBeVisible();
  await expect(tomPage.getByText('Kursplan für den Herbst')).toHaveCount(0);
  await tomPage.goto(spaceUrl);
  await expect(tomPage.getByTestId('space-locked')).toBeVisible();
  await expect(tomPage.getByText('Kursplan für den Herbst')).toHaveCount(0);
  await expectAccessible(tomPage, 'private space for a non-member');
  await tomPage.goto(postUrl);
  await expect(tomPage.getByTestId('not-found')).toBeVisible();
  await expect(tomPage.getByText('Kursplan für den Herbst')).toHaveCount(0);

  // Tom keeps the groups open; Lena's post in the open space reaches his counters without a reload (issue 16).
  // Socket.IO's CONNECT answer ("40{…}"): the gateway let Tom in and he listens to the app's room.
  const listening = tomPage
    .waitForEvent('websocket', {
      predicate: (ws) => new URL(ws.url()).pathname.startsWith('/ws/'),
      timeout: 20_000,
    })
    .then((ws) =>
      ws.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).startsWith('40'),
        timeout: 20_000,
      }),
    );
  await tomPage.goto(`${appHost}/${c.slug}/groups`);
  await expect(tomPage.getByTestId('feed-empty')).toBeVisible();
  await listening;

  // A post of the open space, shared: a fresh browser without a session opens the link and reads it.
  const shared = await data<{ shareHash: string }>(
    await request.post(`/api/spaces/${c.openSpace.id}/posts`, {
      headers: { authorization: `Bearer ${c.lena.token}` },
      data: { name: 'Willkommen im offenen Treff', body: '<p>Hier darf jede und jeder mitlesen.</p>' },
    }),
    201,
  );
  const tomCounter =
    project === 'mobile'
      ? tomPage.getByTestId('groups-nav-open')
      : tomPage.getByTestId(`nav-space-${c.openSpace.slug}`);
  await expect(tomCounter).toContainText('1 neuer Beitrag');
  const guest = await freshContext(browser, testInfo, 253);
  const guestPage = await guest.newPage();
  await guestPage.goto(`${appHost}/${c.slug}/groups/g/${c.openSpace.slug}/share/${shared.shareHash}`);
  await expect(guestPage.getByTestId('post-title')).toHaveText('Willkommen im offenen Treff');
  await expect(guestPage.getByTestId('post-body')).toContainText('Hier darf jede und jeder mitlesen.');
  await expect(guestPage.getByText('Melden Sie sich an, um mitzudiskutieren.')).toBeVisible();
  await keepScreenshot(guestPage, `community-shared-${project}`);
  await expectAccessible(guestPage, 'shared post for a guest');

  // The deprecated address of the space still leads there.
  await page.goto(`${appHost}/${c.slug}/s/${c.privateSpace.slug}`);
  await expect(page).toHaveURL(spaceUrl);
  await expect(page.getByTestId('space-header')).toBeVisible();

  await Promise.all([maxPage.context().close(), tomPage.context().close(), guest.close()]);
});
