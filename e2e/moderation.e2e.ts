import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot } from './support/cloud';
import { appHost, data, setUpCommunity, signedInPage, type Person } from './support/community';
import { signInWithPassword, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const expect = baseExpect.configure({ timeout: 20_000 });
const auth = (who: Person) => ({ authorization: `Bearer ${who.token}` });

test(
  'a member’s post waits in the inbox, a moderator approves it and it appears in the space',
  { tag: '@desktop-only' },
  async ({ browser, page, request }, testInfo) => {
    test.setTimeout(300_000);
    const project = testInfo.project.name;
    const c = await setUpCommunity(request, testInfo);
    const space = c.openSpace;
    const spaceUrl = `${appHost}/${c.slug}/groups/g/${space.slug}`;
    // What an admin does in the settings: new posts in the space wait for approval, and Tom becomes a moderator
    // of the app who moderates this space.
    await data(
      await request.patch(`/api/spaces/${space.id}`, {
        headers: auth(c.owner),
        data: { preModeration: true },
      }),
    );
    await data(
      await request.patch(`/api/profiles/${c.tom.profileId}`, {
        headers: auth(c.owner),
        data: { type: 'moderator', moderatorSpaceIds: [space.id] },
      }),
    );
    for (const person of [c.lena, c.max]) {
      await data(await request.post(`/api/spaces/${space.id}/join`, { headers: auth(person) }));
    }

    // Lena writes a post; she is told it waits, and it is not in the space.
    await page.goto(`${appHost}/${c.slug}/auth`);
    await expect(page.getByTestId('signin-form')).toBeVisible();
    await signInWithPassword(page, c.lena.email);
    await expect(page).toHaveURL(new RegExp(`/${c.slug}$`));
    await page.goto(spaceUrl);
    await page.getByTestId('new-post').first().click();
    await expect(page.getByTestId('composer-form')).toBeVisible();
    await page.getByTestId('composer-name').fill('Neue Kurszeiten ab Januar');
    await page.getByTestId('composer-body').getByRole('textbox').click();
    await page.keyboard.type('Ab Januar beginnen die Abendkurse schon um 18 Uhr.');
    await page.getByTestId('composer-submit').click();
    await expect(page.getByTestId('post-composer')).toBeHidden();
    await expect(
      page.getByText('Ihr Beitrag wartet auf die Freigabe durch die Moderation.', { exact: false }),
    ).toBeVisible();
    // Only Lena sees it, set apart above the space's posts and marked as waiting.
    const upcoming = page.getByTestId('space-upcoming');
    await expect(upcoming).toContainText('Noch nicht sichtbar: 1 Beitrag');
    await expect(upcoming.getByTestId('post-card')).toContainText('Neue Kurszeiten ab Januar');
    await expect(upcoming.getByTestId('post-moderation')).toHaveText('Wartet auf Freigabe');
    await expect(page.getByTestId('space-empty')).toBeVisible();
    await keepScreenshot(page, `moderation-waiting-${project}`);
    await expectAccessible(page, 'space with a post waiting for approval');

    // Max does not see it either.
    const maxPage = await signedInPage(browser, testInfo, c, c.max, 241);
    await maxPage.goto(spaceUrl);
    await expect(maxPage.getByTestId('space-empty')).toBeVisible();

    // Tom, who moderates the space, finds it in the inbox through the app's settings and approves it.
    const tomPage = await signedInPage(browser, testInfo, c, c.tom, 242);
    await tomPage.goto(`${appHost}/${c.slug}/settings`);
    await expect(tomPage.getByTestId('moderation-page')).toBeVisible();
    await expect(tomPage).toHaveURL(/\/settings\/moderation/);
    await expect(tomPage.getByTestId('count-inbox')).toHaveText('1');
    const item = tomPage
      .locator('[data-testid^="moderation-item-"]')
      .filter({ hasText: 'Neue Kurszeiten ab Januar' });
    await expect(item).toBeVisible();
    await keepScreenshot(tomPage, `moderation-inbox-${project}`);
    await expectAccessible(tomPage, 'moderation inbox', { dark: true });
    await item.getByTestId('approve').click();
    await expect(item).toHaveCount(0);
    await expect(tomPage.getByTestId('moderation-empty')).toBeVisible();
    await expect(tomPage.getByTestId('count-inbox')).toHaveText('0');
    await expect(tomPage.getByTestId('count-approved')).toHaveText('1');

    // Lena hears of it at the bell without a reload; Max finds the post in the space.
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(
      'Benachrichtigungen, 1 ungelesen',
    );
    await maxPage.reload();
    await expect(
      maxPage.getByTestId('post-card').filter({ hasText: 'Neue Kurszeiten ab Januar' }),
    ).toBeVisible();
    await keepScreenshot(maxPage, `moderation-approved-${project}`);
  },
);
