import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot } from './support/cloud';
import { appHost, data, setUpCommunity, signedInPage } from './support/community';
import { visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const expect = baseExpect.configure({ timeout: 20_000 });

test('a member searches the help desk, opens the answer and finds it helpful; the team keeps the topics in order', async ({
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
      data: { services: { helpdesk: true } },
    }),
  );
  const category = async (name: string, description: string, parentId: string | null = null) =>
    data<{ id: string; slug: string }>(
      await request.post(`/api/apps/${c.appId}/helpdesk/categories`, {
        headers: owner,
        data: { name, description, parentId },
      }),
      201,
    );
  const article = async (categoryId: string, name: string, body: string) =>
    data(
      await request.post(`/api/helpdesk/categories/${categoryId}/articles`, {
        headers: owner,
        data: { name, body },
      }),
      201,
    );
  const konto = await category('Konto & Zahlungen', 'Rechnungen, Zahlungsarten und Ihr Abo.');
  const start = await category('Erste Schritte', 'So finden Sie sich im Studio zurecht.');
  const abo = await category('Abo', 'Laufzeit und Kündigung.', konto.id);
  await article(
    konto.id,
    'Rechnungen herunterladen',
    '<p>Alle Rechnungen finden Sie unter <strong>Konto › Zahlungen</strong>. Jede Rechnung steht nach der Zahlung als PDF bereit.</p><ol><li>Öffnen Sie Ihr Konto.</li><li>Wählen Sie „Zahlungen“.</li><li>Klicken Sie neben der Rechnung auf „PDF“.</li></ol>',
  );
  await article(konto.id, 'Zahlungsart ändern', '<p>Sie können jederzeit eine andere Karte hinterlegen.</p>');
  await article(abo.id, 'Abo kündigen', '<p>Kündigen Sie Ihr Abo bis zum Monatsende.</p>');
  await article(start.id, 'Den ersten Kurs buchen', '<p>Wählen Sie im Kalender einen Kurs aus.</p>');

  // Lena looks for her invoice: the search answers while she types.
  const page = await signedInPage(browser, testInfo, c, c.lena, 171);
  await page.getByRole('link', { name: 'Hilfe' }).first().click();
  await expect(page.getByTestId('helpdesk-home')).toBeVisible();
  await expect(page.getByTestId('helpdesk-category-card')).toHaveCount(2);
  await expectAccessible(page, 'help desk home');
  await page.getByTestId('helpdesk-search').fill('Rechnung');
  const hit = page.getByTestId('helpdesk-search-hit').filter({ hasText: 'Rechnungen herunterladen' });
  await expect(hit).toBeVisible();
  await expect(page.getByTestId('helpdesk-search-results').locator('mark').first()).toHaveText(/Rechnung/);
  await keepScreenshot(page, `helpdesk-search-${project}`);
  await expectAccessible(page, 'help desk search results', { dark: true });

  // She opens it and says it helped.
  await hit.click();
  await expect(page.getByTestId('helpdesk-article')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen herunterladen' })).toBeVisible();
  await expect(page.getByTestId('helpdesk-article-body')).toContainText('als PDF bereit');
  await expect(page.getByTestId('helpdesk-related')).toContainText('Zahlungsart ändern');
  await page.getByTestId('helpdesk-vote-yes').click();
  await expect(page.getByTestId('helpdesk-vote-yes')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('helpdesk-vote-thanks')).toHaveText('Danke für Ihre Rückmeldung!');
  await keepScreenshot(page, `helpdesk-article-${project}`);
  await expectAccessible(page, 'help desk article after voting');
  // The breadcrumbs lead back to the category with its subcategory.
  await page
    .getByRole('navigation', { name: 'Brotkrumen-Navigation' })
    .getByRole('link', { name: 'Konto & Zahlungen' })
    .click();
  await expect(page.getByTestId('helpdesk-category')).toBeVisible();
  await expect(page.getByTestId('helpdesk-subcategory')).toHaveText(/Abo/);
  await expectAccessible(page, 'help desk category');
  const counted = await data<{ helpfulCount: number; viewsCount: number }>(
    await request.get(`/api/helpdesk/categories/${konto.id}/articles/router?slug=rechnungen-herunterladen`, {
      headers: owner,
    }),
  );
  expect(counted.helpfulCount).toBe(1);
  await page.context().close();

  // The team moves "Erste Schritte" to the top in the settings and deletes the subtopic, asked with its counts.
  const admin = await signedInPage(browser, testInfo, c, c.owner, 172);
  // The team writes a new answer in the editor first.
  await admin.goto(`${appHost}/${c.slug}/helpdesk/${start.slug}`);
  await admin.getByTestId('helpdesk-new-article').first().click();
  await expect(admin.getByTestId('helpdesk-editor')).toBeVisible();
  await admin.getByTestId('helpdesk-editor-name').fill('Kursplan lesen');
  await admin.getByTestId('helpdesk-editor-body').getByRole('textbox').click();
  await admin.keyboard.type('Der Kursplan zeigt alle Kurse der Woche.');
  await keepScreenshot(admin, `helpdesk-editor-${project}`);
  await expectAccessible(admin, 'help desk article editor');
  await admin.getByTestId('helpdesk-editor-save').click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Kursplan lesen' })).toBeVisible();
  await expect(admin.getByTestId('helpdesk-article-body')).toHaveText(
    'Der Kursplan zeigt alle Kurse der Woche.',
  );

  await admin.goto(`${appHost}/${c.slug}/settings/helpdesk`);
  const rows = admin.getByTestId('helpdesk-tree-row');
  await expect(rows).toHaveCount(3);
  await expectAccessible(admin, 'help desk settings');
  await admin.getByRole('button', { name: '„Erste Schritte“ nach oben' }).click();
  await expect(rows.first()).toContainText('Erste Schritte');
  await admin.getByRole('button', { name: '„Abo“ löschen' }).click();
  await expect(admin.getByTestId('helpdesk-delete-text')).toHaveText(
    '„Abo“ wird mit 1 Artikel endgültig gelöscht.',
  );
  await keepScreenshot(admin, `helpdesk-settings-delete-${project}`);
  await admin.getByTestId('helpdesk-delete-confirm').click();
  await expect(rows).toHaveCount(2);
  await keepScreenshot(admin, `helpdesk-settings-${project}`);
});
