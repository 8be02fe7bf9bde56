import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot } from './support/cloud';
import {
  appHost,
  data,
  freshContext,
  setUpCommunity,
  signedInPage,
} from './support/community';
import { signInWithPassword, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

// Screens ask the server for several things at once; on a machine shared by many test runs that takes a moment.
const expect = baseExpect.configure({ timeout: 20_000 });

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
