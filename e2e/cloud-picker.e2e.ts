import { expect, test } from '@playwright/test';
import { keepScreenshot, openLibrary, ownerWithProject, pdfBytes, pictureBytes, tile, uploadFile } from './support/cloud';
import { visitorHeaders } from './support/identity';
import { expectAccessible } from './support/axe';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

test('the popup picker returns the two files selected in it', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the desktop popup');
  test.setTimeout(90_000);
  const owner = await ownerWithProject(request, testInfo, 'auswahl');
  await uploadFile(request, owner, 'titelbild.png', await pictureBytes(800, 500, 340), 'image/png');
  await uploadFile(request, owner, 'skript.pdf', pdfBytes('Skript'), 'application/pdf');
  await uploadFile(request, owner, 'kursplan.pdf', pdfBytes('Kursplan'), 'application/pdf');
  await openLibrary(page, owner);
  await page.goto(`/projects/${owner.projectId}/picker`);

  await page.getByRole('button', { name: 'Mehrere Dateien wählen' }).click();
  const popup = page.getByTestId('picker-popup');
  await expect(popup).toBeVisible();
  const before = page.url();
  // No footer until a file is selected.
  await expect(popup.getByTestId('picker-apply')).toHaveCount(0);
  await tile(popup, 'titelbild.png').click();
  await tile(popup, 'kursplan.pdf').click();
  await expect(popup.getByTestId('picker-apply')).toBeVisible();
  await keepScreenshot(page, 'cloud-picker-popup');
  await expectAccessible(page, 'picker popup');
  await popup.getByTestId('picker-apply').click();
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId('picked-file')).toHaveText(['titelbild.png', 'kursplan.pdf']);
  // The popup keeps its folder to itself: the address never changed.
  expect(page.url()).toBe(before);
});

test('the mobile dialog at 375 px: cloud and GIF tabs, swiped down it closes', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone dialog');
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const owner = await ownerWithProject(request, testInfo, 'mobil');
  await uploadFile(request, owner, 'handyfoto.png', await pictureBytes(600, 800, 20), 'image/png');
  await openLibrary(page, owner);
  await page.goto(`/projects/${owner.projectId}/picker`);

  await page.getByRole('button', { name: 'Eine Datei wählen' }).click();
  const dialog = page.getByTestId('mobile-picker');
  await expect(dialog).toBeVisible();
  // Cloud access and no GIF wish: it starts on the cloud tab.
  await expect(dialog.getByRole('tab', { name: 'Cloud' })).toHaveAttribute('aria-selected', 'true');
  await expect(tile(dialog, 'handyfoto.png')).toBeVisible();
  await keepScreenshot(page, 'cloud-mobile-dialog');
  await expectAccessible(page, 'phone picker');

  await dialog.getByRole('tab', { name: 'GIF' }).click();
  await expect(dialog.getByTestId('gif-panel')).toBeVisible();
  await expect(dialog.getByTestId('gif-item').first()).toBeVisible();
  await keepScreenshot(page, 'cloud-mobile-gifs');
  await expectAccessible(page, 'phone picker, GIFs');

  // A short swipe snaps back; a long one (beyond 70 % of the height) closes.
  const handle = dialog.getByTestId('mobile-picker-handle');
  const box = (await handle.boundingBox())!;
  const sheet = (await dialog.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + sheet.height * 0.3, { steps: 8 });
  await page.mouse.up();
  await expect(dialog).toBeVisible();
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + sheet.height * 0.8, { steps: 10 });
  await page.mouse.up();
  await expect(dialog).toHaveCount(0);
});
