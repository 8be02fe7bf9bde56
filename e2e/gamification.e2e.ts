import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot } from './support/cloud';
import { appHost, data, setUpCommunity, signedInPage } from './support/community';
import { visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
test.use({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)),
  actionTimeout: 20_000,
});

const expect = baseExpect.configure({ timeout: 20_000 });

const mug = 'Tasse „Lindenhof“';
const voucher = 'Ihr Abholcode: TASSE-2026. Sie liegt am Empfang für Sie bereit.';

/** Sets a number field of the rules table and leaves it (the table saves on leaving a field). */
async function setRule(page: Page, rule: string, field: 'points' | 'cap', value: string) {
  const input = page.getByTestId(`rule-${rule}-${field}`);
  await input.fill(value);
  const saved = page.waitForResponse(
    (answer) => answer.url().endsWith('/gamification/rules') && answer.request().method() === 'PATCH',
  );
  await input.press('Tab');
  expect((await saved).status()).toBe(200);
}

async function addLevel(page: Page, name: string, points: string, icon: string) {
  await page.getByTestId('level-add').click();
  const form = page.getByTestId('level-form');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByTestId('level-points').fill(points);
  await form.getByRole('combobox', { name: 'Symbol', exact: true }).click();
  await page.getByRole('option', { name: icon, exact: true }).click();
  await form.getByTestId('level-save').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('level-row').filter({ hasText: name })).toBeVisible();
}

test('an admin sets up rules, three levels and a reward; a member earns points, climbs a level that opens a course, redeems the reward and finds it in the history', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const phone = testInfo.project.name === 'mobile';
  const shot = (page: Page, name: string) =>
    keepScreenshot(page, `gamification-${name}-${phone ? 'phone' : 'desktop'}`);
  const c = await setUpCommunity(request, testInfo);
  const auth = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

  // The admin switches the rewards service on.
  const admin = await signedInPage(browser, testInfo, c, c.owner, 181);
  await admin.goto(`${appHost}/${c.slug}/settings/services`);
  const rewardsSwitch = admin.getByTestId('service-rewards');
  await expect(rewardsSwitch).toBeVisible();
  // The switch's track lies over its input: clicked as a person clicks it. A click that lands while the settings
  // screen is still settling (its options arriving) can go unseen, so it is tried again until the switch is on.
  await expect(async () => {
    if (!(await rewardsSwitch.isChecked())) {
      await rewardsSwitch.click({ force: true });
    }
    await expect(rewardsSwitch).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });

  // Rules: a post earns 10 points, a comment 5.
  await admin.goto(`${appHost}/${c.slug}/settings/gamification`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Gamification' })).toBeVisible();
  await expect(admin.getByTestId('rule-post_created')).toBeVisible();
  await setRule(admin, 'post_created', 'points', '10');
  await setRule(admin, 'comment_created', 'points', '5');
  await expectAccessible(admin, 'gamification settings, rules');
  await shot(admin, 'rules');

  // Three levels: from 0, 12 and 500 points.
  await admin.getByTestId('gamification-tab-levels').click();
  await addLevel(admin, 'Neuling', '0', 'Keimling');
  await admin.getByTestId('level-add').click();
  await expectAccessible(admin, 'level dialog', { include: '[role="dialog"]' });
  await admin.getByRole('button', { name: 'Abbrechen' }).click();
  await addLevel(admin, 'Entdecker', '12', 'Stern');
  await addLevel(admin, 'Profi', '500', 'Krone');
  await expect(admin.getByTestId('level-row')).toHaveText([/Neuling/, /Entdecker/, /Profi/]);
  await expectAccessible(admin, 'gamification settings, levels');
  await shot(admin, 'levels');

  // A reward in the shop: 10 points, five in stock, one per member, with a text for its buyers.
  await admin.getByTestId('gamification-tab-shop').click();
  await admin.getByTestId('item-add').click();
  const itemForm = admin.getByTestId('item-form');
  await itemForm.getByRole('textbox', { name: 'Name' }).fill(mug);
  await itemForm
    .getByRole('textbox', { name: 'Beschreibung' })
    .fill('Unsere Tasse für Ihren Tee nach der Stunde.');
  await itemForm.getByTestId('item-price').fill('10');
  await itemForm.getByTestId('item-stock').fill('5');
  await itemForm.getByTestId('item-limit').fill('1');
  await itemForm.getByRole('textbox', { name: 'Text nach dem Einlösen' }).fill(voucher);
  await expectAccessible(admin, 'reward dialog', { include: '[role="dialog"]' });
  await itemForm.getByTestId('item-save').click();
  await expect(itemForm).toHaveCount(0);
  await expect(admin.getByTestId('item-row').filter({ hasText: mug })).toContainText('Noch 5 verfügbar');
  await expectAccessible(admin, 'gamification settings, shop');
  await shot(admin, 'shop-items');

  // A course for explorers: its lessons open from level 2 (Entdecker) on.
  const levels = await data<{ id: string; name: string }[]>(
    await request.get(`/api/apps/${c.appId}/gamification/statuses`, { headers: auth(c.owner) }),
  );
  const explorers = levels.find((level) => level.name === 'Entdecker')!;
  const course = await data<{ id: string; slug: string }>(
    await request.post(`/api/apps/${c.appId}/courses`, {
      headers: auth(c.owner),
      data: {
        type: 'course',
        name: 'Atmen für Entdecker',
        isPublished: true,
        requiredStatusId: explorers.id,
      },
    }),
    201,
  );
  const module = await data<{ id: string }>(
    await request.post(`/api/courses/${course.id}/modules`, {
      headers: auth(c.owner),
      data: { name: 'Einstieg' },
    }),
    201,
  );
  await data(
    await request.post(`/api/modules/${module.id}/lessons`, {
      headers: auth(c.owner),
      data: { name: 'Die erste Atemübung' },
    }),
    201,
  );
  const page = await signedInPage(browser, testInfo, c, c.lena, 182);
  const coursePage = `${appHost}/${c.slug}/courses/c/${course.slug}`;
  await page.goto(coursePage);
  await expect(page.getByTestId('lesson-state').first()).toContainText(
    'Wird ab Level 2 (Entdecker) freigeschaltet',
  );

  // Lena posts in the open space and comments on it: 15 points, level 2 (Entdecker).
  await data(await request.post(`/api/spaces/${c.openSpace.id}/join`, { headers: auth(c.lena) }));
  const post = await data<{ id: string }>(
    await request.post(`/api/spaces/${c.openSpace.id}/posts`, {
      headers: auth(c.lena),
      data: { name: 'Mein erster Monat im Studio', body: '<p>Danke für die tollen Stunden!</p>' },
    }),
    201,
  );
  await data(
    await request.post('/api/comments', {
      headers: auth(c.lena),
      data: { entityType: 'post', entityId: post.id, body: '<p>Und nächste Woche bin ich wieder dabei.</p>' },
    }),
    201,
  );

  await page.goto(`${appHost}/${c.slug}/rewards`);
  await expect(page.getByRole('heading', { level: 1, name: 'Belohnungen' })).toBeVisible();
  // 15 for the post and the comment, 1 for today's visit.
  await expect(page.getByTestId('rewards-balance')).toContainText('16');
  await expect(page.getByTestId('rewards-level')).toContainText('Level 2 · Entdecker');
  await expect(page.getByTestId('rewards-next')).toContainText('bis Level 3 (Profi)');
  await expect(page.getByTestId('earn-post_created')).toContainText('+10');
  await expect(page.getByTestId('leaderboard')).toBeVisible();
  await page.getByTestId('leaderboard-tab-all').click();
  await expectAccessible(page, 'rewards');
  await shot(page, 'overview');

  // Level 2 opens the explorers' course.
  await page.goto(coursePage);
  await expect(page.getByRole('heading', { level: 1, name: 'Atmen für Entdecker' })).toBeVisible();
  await expect(page.getByText('Wird ab Level 2 (Entdecker) freigeschaltet')).toHaveCount(0);
  await page
    .getByRole('link', { name: /Die erste Atemübung/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Die erste Atemübung' })).toBeVisible();
  await page.goto(`${appHost}/${c.slug}/rewards`);

  // She redeems the mug.
  await page.getByTestId('rewards-shop-link').click();
  const item = page.getByTestId('shop-item').filter({ hasText: mug });
  await expect(item).toBeVisible();
  await expect(page.getByTestId('shop-balance')).toContainText('16 Punkte');
  await expectAccessible(page, 'shop');
  await shot(page, 'shop');
  await item.getByTestId('shop-item-redeem').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`„${mug}“ für 10 Punkte einlösen?`);
  await expectAccessible(page, 'redeem dialog', { include: '[role="dialog"]' });
  await dialog.getByTestId('purchase-confirm').click();
  await expect(page.getByTestId('purchase-window')).toHaveText(voucher);
  await expect(page.getByTestId('purchase-done')).toContainText('Ihr neuer Punktestand: 6');
  await expectAccessible(page, 'purchase done', { include: '[role="dialog"]' });
  await shot(page, 'purchase-done');
  await page.getByTestId('purchase-close').click();
  // One per member: the second try is refused before it starts.
  await expect(item.getByTestId('shop-item-blocked')).toHaveText(
    'Sie haben diese Belohnung so oft eingelöst, wie es möglich ist.',
  );

  // The history lists the purchase with its text, and the earnings.
  await page.goto(`${appHost}/${c.slug}/rewards/history`);
  const purchase = page.getByTestId('history-entry').filter({ hasText: `Eingelöst: ${mug}` });
  await expect(purchase).toContainText(voucher);
  await expect(purchase).toContainText('−10');
  await expect(
    page.getByTestId('history-entry').filter({ hasText: 'Einen Beitrag schreiben' }),
  ).toContainText('+10');
  await expectAccessible(page, 'history');
  await shot(page, 'history');
  await page.getByTestId('history-filter').getByText('Ausgegeben').click();
  await expect(page.getByTestId('history-entry')).toHaveCount(1);

  // The admin sees the open order and fulfils it; a top-up thanks Lena with 5 points.
  await admin.getByTestId('gamification-tab-orders').click();
  const order = admin.getByTestId('order-row').filter({ hasText: mug });
  await expect(order).toContainText('Lena Vogel');
  await expectAccessible(admin, 'gamification settings, orders');
  await order.getByTestId('order-fulfil').click();
  await expect(admin.getByTestId('order-row')).toHaveCount(0);
  await admin.getByTestId('gamification-tab-topUps').click();
  await admin.getByTestId('top-up-open').click();
  const topUp = admin.getByTestId('top-up-form');
  await topUp.getByRole('combobox', { name: 'Mitglied' }).fill('Lena');
  await admin.getByRole('option', { name: 'Lena Vogel' }).click();
  await topUp.getByTestId('top-up-points').fill('5');
  await topUp.getByRole('textbox', { name: 'Grund' }).fill('Danke fürs Mithelfen beim Sommerfest');
  await expectAccessible(admin, 'top-up dialog', { include: '[role="dialog"]' });
  await topUp.getByTestId('top-up-save').click();
  await expect(topUp).toHaveCount(0);
  await expect(admin.getByTestId('top-up-row').filter({ hasText: 'Lena Vogel' })).toContainText('+5');
  await expectAccessible(admin, 'gamification settings, top-ups');
  await shot(admin, 'top-ups');
  await admin.getByTestId('gamification-tab-general').click();
  await expect(admin.getByTestId('gamification-general')).toBeVisible();
  await expectAccessible(admin, 'gamification settings, general');
  await shot(admin, 'general');
});
