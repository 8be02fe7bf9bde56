import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot } from './support/cloud';
import { appHost, data, setUpCommunity, signedInPage } from './support/community';
import { visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const expect = baseExpect.configure({ timeout: 20_000 });

test('an admin writes an article as a draft and publishes it; a member finds it, likes it and keeps it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  const c = await setUpCommunity(request, testInfo);
  const owner = { authorization: `Bearer ${c.owner.token}` };
  await data(
    await request.patch(`/api/apps/${c.appId}/options`, {
      headers: owner,
      data: { services: { articles: true } },
    }),
  );
  // Then a draft: it shows under "Entwürfe", not among the active articles.
  const admin = await signedInPage(browser, testInfo, c, c.owner, 181);
  // First a category, in the settings.
  await admin.goto(`${appHost}/${c.slug}/settings/articles`);
  await admin.getByTestId('article-category-create').click();
  await admin.getByTestId('article-category-name').fill('Neuigkeiten');
  await admin.getByTestId('article-category-save').click();
  await expect(admin.getByTestId('article-category-row')).toHaveText(/Neuigkeiten.*\/neuigkeiten/);
  await keepScreenshot(admin, `articles-settings-${project}`);
  await expectAccessible(admin, 'article settings');
  await admin.goto(`${appHost}/${c.slug}/articles`);
  await admin.getByTestId('article-create').click();
  await expect(admin.getByTestId('article-editor')).toBeVisible();
  await admin.getByTestId('article-editor-name').fill('Neue Kurszeiten im Winter');
  await admin.getByTestId('article-editor-body').getByRole('textbox').click();
  await admin.keyboard.type('Ab Dezember beginnen die Abendkurse schon um 18 Uhr.');
  await admin.getByTestId('article-editor-status').getByText('Entwurf').click();
  await keepScreenshot(admin, `articles-editor-${project}`);
  await expectAccessible(admin, 'article editor');
  await admin.getByTestId('article-editor-save').click();
  await expect(admin.getByTestId('articles-list')).toBeVisible();
  await admin.getByTestId('articles-tab-draft').click();
  const draft = admin.getByTestId('article-card').filter({ hasText: 'Neue Kurszeiten im Winter' });
  await expect(draft).toBeVisible();
  await expect(draft.getByTestId('article-status')).toHaveText('Entwurf');
  await expect(admin.getByTestId('articles-tab-draft')).toContainText('1');
  await keepScreenshot(admin, `articles-drafts-${project}`);
  await expectAccessible(admin, 'article list, drafts');

  // Published from the draft tab: saved, the list stays on the drafts, which no longer hold it (RULE-40).
  await draft.getByRole('link', { name: 'Neue Kurszeiten im Winter' }).click();
  await admin.getByTestId('article-editor-status').getByText('Aktiv').click();
  await admin.getByTestId('article-editor-save').click();
  await expect(admin.getByTestId('articles-empty')).toBeVisible();
  await expect(admin).toHaveURL(/filter=draft/);
  await admin.getByTestId('articles-tab-active').click();
  await expect(admin.getByTestId('article-card')).toHaveCount(1);
  await admin.context().close();

  // Lena finds it by searching, likes it and marks it as a favourite.
  const page = await signedInPage(browser, testInfo, c, c.lena, 182);
  if (project === 'desktop') {
    await page.getByRole('link', { name: 'Artikel' }).first().click();
  } else {
    await page.goto(`${appHost}/${c.slug}/articles`);
  }
  await expect(page.getByTestId('articles-list')).toBeVisible();
  await expect(page.getByTestId('article-create')).toHaveCount(0);
  await page.getByTestId('articles-search').fill('Abendkurs');
  const card = page.getByTestId('article-card').filter({ hasText: 'Neue Kurszeiten im Winter' });
  await expect(card.locator('mark').first()).toHaveText(/Abendkurse/);
  await keepScreenshot(page, `articles-list-${project}`);
  await expectAccessible(page, 'article list with a search');
  await card.getByRole('link', { name: 'Neue Kurszeiten im Winter' }).click();
  await expect(page.getByTestId('article-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Kurszeiten im Winter' })).toBeVisible();
  await page.getByTestId('article-like').click();
  await expect(page.getByTestId('article-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('article-like')).toHaveText('1');
  await page.getByTestId('article-favorite').click();
  await expect(page.getByTestId('article-favorite')).toHaveAttribute('aria-pressed', 'true');
  await keepScreenshot(page, `articles-article-${project}`);
  await expectAccessible(page, 'article page after liking');
  // Her favourites hold it.
  await page.goto(`${appHost}/${c.slug}/articles?filter=favorites`);
  await expect(page.getByTestId('article-card')).toHaveCount(1);
  await expect(page.getByTestId('articles-tab-favorites')).toContainText('1');
  await page.context().close();
});
