import { expect, test, type Page } from '@playwright/test';
import {
  keepScreenshot,
  openLibrary,
  ownerWithProject,
  pdfBytes,
  pictureBytes,
  tile,
  uploadFile,
} from './support/cloud';
import { visitorHeaders } from './support/identity';
import { expectAccessible } from './support/axe';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

// The desktop library; the phone's picker has its own journey in cloud-picker.e2e.ts.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop journeys');
});

/** Drops files from "the desktop" onto the library, as a drag from the file manager does. */
async function dropFiles(
  page: Page,
  files: { name: string; type: string; base64?: string; size?: number }[],
) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = file.base64
        ? Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))
        : new Uint8Array(file.size ?? 0).map((_, index) => (index * 31) % 251);
      data.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return data;
  }, files);
  const target = page.getByTestId('cloud-items');
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

test(
  'uploads: three files dropped, the one over the limit is refused, the others upload with progress',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await ownerWithProject(request, testInfo, 'hochladen');
    await openLibrary(page, owner);
    await expect(page.getByTestId('cloud-empty-default')).toBeVisible();
    await keepScreenshot(page, 'cloud-empty');
    await expectAccessible(page, 'library, empty');

    // A slow line, so the progress of the larger file can be watched.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 50 * 1024 * 1024,
      uploadThroughput: 3 * 1024 * 1024,
    });

    const picture = (await pictureBytes(800, 600, 200)).toString('base64');
    await dropFiles(page, [
      { name: 'sonnenaufgang.png', type: 'image/png', base64: picture },
      // Images may be up to 20 MB (spec §5: the file must be strictly smaller).
      { name: 'riesenposter.png', type: 'image/png', size: 21 * 1024 * 1024 },
      { name: 'kursunterlagen.zip', type: 'application/zip', size: 7 * 1024 * 1024 },
    ]);

    // The oversized file gets a notification with its name and the limit; the others proceed.
    await expect(page.getByText(/riesenposter\.png/)).toBeVisible();
    await expect(page.getByText(/20 MB/)).toBeVisible();
    const uploading = page.getByTestId('uploading-tile').filter({ hasText: 'kursunterlagen.zip' });
    await expect(uploading).toHaveAttribute('data-state', 'uploading');
    await keepScreenshot(page, 'cloud-upload-progress');
    await expectAccessible(page, 'library, uploading');

    await expect(tile(page, 'kursunterlagen.zip')).toBeVisible({ timeout: 30_000 });
    await expect(tile(page, 'sonnenaufgang.png')).toBeVisible();
    await expect(page.getByTestId('uploading-tile')).toHaveCount(0);
    await expect(tile(page, 'riesenposter.png')).toHaveCount(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByTestId('cloud-counts')).toHaveText('2 Dateien');
    await keepScreenshot(page, 'cloud-uploaded');
    await expectAccessible(page, 'library, uploaded');

    // The same picture again: the folder holds its name, so the library asks; "keep both" stores it as "(2)".
    await dropFiles(page, [{ name: 'sonnenaufgang.png', type: 'image/png', base64: picture }]);
    const conflict = page.getByTestId('upload-conflict-dialog');
    await expect(conflict).toContainText('„sonnenaufgang.png“');
    await keepScreenshot(page, 'cloud-upload-conflict');
    await conflict.getByTestId('upload-conflict-keep-both').click();
    await expect(tile(page, 'sonnenaufgang (2).png')).toBeVisible();
    await expect(page.getByTestId('cloud-counts')).toHaveText('3 Dateien');

    // Into the bin, and out of it for good: emptying the bin asks first.
    await tile(page, 'kursunterlagen.zip').click();
    await page.keyboard.press('Delete');
    await page.getByTestId('delete-confirm').click();
    await page.getByTestId('quick-removed').click();
    await expect(tile(page, 'kursunterlagen.zip')).toBeVisible();
    await keepScreenshot(page, 'cloud-bin');
    await page.getByTestId('cloud-empty-bin').click();
    await page.getByTestId('empty-bin-confirm').click();
    await expect(page.getByTestId('cloud-empty-removed')).toBeVisible();
  },
);

test(
  'organise: preview, rename, a new folder, rubber band and drag onto it, Removed and back, delete for good',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const owner = await ownerWithProject(request, testInfo, 'ordnen');
    await uploadFile(request, owner, 'berg.png', await pictureBytes(960, 640, 200), 'image/png');
    await uploadFile(request, owner, 'see.png', await pictureBytes(960, 640, 120), 'image/png');
    await uploadFile(request, owner, 'wald.png', await pictureBytes(960, 640, 90), 'image/png');
    await uploadFile(request, owner, 'notizen.pdf', pdfBytes('Notizen'), 'application/pdf');
    await openLibrary(page, owner);
    await expect(page.getByTestId('cloud-file')).toHaveCount(4);
    await keepScreenshot(page, 'cloud-library-grid');
    await expectAccessible(page, 'library grid', { dark: true });

    // Preview: a double-click opens the picture large.
    await tile(page, 'berg.png').dblclick();
    await expect(page.getByTestId('media-preview')).toBeVisible();
    await expect(page.getByTestId('preview-image')).toBeVisible();
    await keepScreenshot(page, 'cloud-preview');
    await expectAccessible(page, 'preview');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('media-preview')).toHaveCount(0);

    // Rename with F2.
    await tile(page, 'notizen.pdf').click();
    await page.keyboard.press('F2');
    const rename = page.getByTestId('rename-dialog');
    await expect(rename).toBeVisible();
    await expect(rename.getByText('Datei umbenennen')).toBeVisible();
    await expectAccessible(page, 'rename dialog');
    await rename.getByRole('textbox').fill('Protokoll Juni.pdf');
    await page.keyboard.press('Enter');
    await expect(tile(page, 'Protokoll Juni.pdf')).toBeVisible();

    // A new folder from the "Neu" menu.
    await page.getByTestId('cloud-new').click();
    await page.getByTestId('cloud-new-folder').click();
    const create = page.getByTestId('create-folder-dialog');
    await create.getByRole('textbox').fill('Ausflüge');
    await create.getByTestId('create-folder-submit').click();
    await expect(tile(page, 'Ausflüge')).toBeVisible();
    // The dialog fades out; the band below starts with a raw mouse press, which does not wait for it.
    await expect(create).toHaveCount(0);

    // The rubber band: from the empty space below the pictures up into the first of them.
    const names = ['berg.png', 'see.png', 'wald.png'];
    const boxes = await Promise.all(names.map(async (name) => (await tile(page, name).boundingBox())!));
    // Two pictures side by side: the grid's column count depends on the window, so find a row holding two.
    const sameRow = boxes
      .map((anchor) => boxes.filter((box) => Math.abs(box.y - anchor.y) < 2).sort((a, b) => a.x - b.x))
      .find((row) => row.length >= 2)!;
    expect(sameRow?.length).toBeGreaterThanOrEqual(2);
    const [first, second] = [sameRow[0]!, sameRow[1]!];
    await page.mouse.move(second.x + second.width - 20, second.y + second.height + 6);
    await page.mouse.down();
    await page.mouse.move(first.x + 40, first.y + 60, { steps: 6 });
    await page.mouse.move(first.x + 20, first.y + 20, { steps: 6 });
    await expect(page.getByTestId('rubber-band')).toBeVisible();
    await page.mouse.up();
    await expect(page.locator('[data-cell][aria-selected="true"]')).toHaveCount(2);
    await expect(page.getByTestId('cloud-bulk-bar')).toBeVisible();
    await keepScreenshot(page, 'cloud-rubber-band-selection');
    await expectAccessible(page, 'library with a selection');

    // Drag the two onto the folder.
    const folderBox = (await tile(page, 'Ausflüge').boundingBox())!;
    await page.mouse.move(first.x + first.width / 2, first.y + 40);
    await page.mouse.down();
    await page.mouse.move(first.x + first.width / 2 + 20, first.y + 50, { steps: 4 });
    await page.mouse.move(folderBox.x + folderBox.width / 2, folderBox.y + 40, { steps: 12 });
    await keepScreenshot(page, 'cloud-drag-to-folder');
    await page.mouse.up();
    await expect(page.getByText('Elemente verschoben')).toBeVisible();
    await expect(page.locator('[data-cell][aria-selected="true"]')).toHaveCount(0);
    await expect(page.getByTestId('cloud-file')).toHaveCount(2);

    await tile(page, 'Ausflüge').dblclick();
    await expect(page).toHaveURL(/\/cloud\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('cloud-file')).toHaveCount(2);

    // Delete → Removed → restore.
    const moved = page.getByTestId('cloud-file').first();
    const movedName = (await moved.getAttribute('data-name'))!;
    await moved.click();
    await page.keyboard.press('Delete');
    await page.getByTestId('delete-confirm').click();
    await expect(tile(page, movedName)).toHaveCount(0);
    await page.getByTestId('quick-removed').click();
    await expect(page).toHaveURL(/folder=removed/);
    await expect(tile(page, movedName)).toBeVisible();
    await tile(page, movedName).getByTestId('cloud-item-menu').click();
    await page.getByTestId('cloud-action-restore').click();
    await expect(tile(page, movedName)).toHaveCount(0);
    await expect(page.getByTestId('cloud-empty-removed')).toBeVisible();
    // Back leads to the folder the bin was opened from, where the file is again.
    await page.goBack();
    await expect(page).toHaveURL(/\/cloud\/[0-9a-f-]{36}$/);
    await expect(tile(page, movedName)).toBeVisible();

    // Delete again, then for good from Removed.
    await tile(page, movedName).click();
    await page.keyboard.press('Delete');
    await page.getByTestId('delete-confirm').click();
    await page.getByTestId('quick-removed').click();
    await tile(page, movedName).getByTestId('cloud-item-menu').click();
    await page.getByTestId('cloud-action-delete').click();
    await expect(page.getByTestId('delete-dialog')).toContainText('endgültig');
    await expectAccessible(page, 'delete for good dialog');
    await page.getByTestId('delete-confirm').click();
    await expect(page.getByTestId('cloud-empty-removed')).toBeVisible();
    await expect(page.getByTestId('delete-dialog')).toHaveCount(0);
    await keepScreenshot(page, 'cloud-removed-empty');
    await expectAccessible(page, 'Removed, empty');
  },
);

test(
  'favourites and search: a starred file in Favourites, a search narrowed by type and dates',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await ownerWithProject(request, testInfo, 'suchen');
    await uploadFile(request, owner, 'foto-gipfel.png', await pictureBytes(640, 480, 30), 'image/png');
    await uploadFile(request, owner, 'foto-ufer.png', await pictureBytes(640, 480, 160), 'image/png');
    await uploadFile(request, owner, 'foto-liste.pdf', pdfBytes('Fotoliste'), 'application/pdf');
    await uploadFile(request, owner, 'rechnung.pdf', pdfBytes('Rechnung'), 'application/pdf');
    await openLibrary(page, owner);

    // Favourite from the item menu; it shows in Favourites and leaves it when unfavourited.
    await tile(page, 'foto-gipfel.png').getByTestId('cloud-item-menu').click();
    await expectAccessible(page, 'item menu');
    await page.getByTestId('cloud-action-favorite').click();
    await page.getByTestId('quick-favorite').click();
    await expect(tile(page, 'foto-gipfel.png')).toBeVisible();
    await expect(page.getByTestId('cloud-file')).toHaveCount(1);
    await keepScreenshot(page, 'cloud-favourites');
    await expectAccessible(page, 'Favourites');
    await tile(page, 'foto-gipfel.png').getByTestId('cloud-item-menu').click();
    await page.getByTestId('cloud-action-favorite').click();
    await expect(tile(page, 'foto-gipfel.png')).toHaveCount(0);
    await page.getByTestId('quick-my').click();

    // Search "foto": three results in the table.
    await page.getByTestId('cloud-search-input').fill('foto');
    await page.keyboard.press('Enter');
    const rows = page.getByTestId('cloud-search-row');
    await expect(rows).toHaveCount(3);

    // Only png, created today: two.
    await page.getByTestId('cloud-filter-button').click();
    const panel = page.getByTestId('cloud-filter-panel');
    await expect(panel).toBeVisible();
    await panel.getByTestId('cloud-ext-input').fill('png');
    await panel.getByTestId('cloud-ext-input').press('Enter');
    await expect(rows).toHaveCount(2);
    await expectAccessible(page, 'search filters');
    const today = new Date().toISOString().slice(0, 10);
    await setDate(page, 'cloud-date-from', today);
    await setDate(page, 'cloud-date-to', today);
    await expect(rows).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cloud-filter-badge')).toBeVisible();
    await expect(rows.first()).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await keepScreenshot(page, 'cloud-search-table');
    await expectAccessible(page, 'search results');

    // A date range before today finds nothing; closing the search clears everything.
    await page.getByTestId('cloud-filter-button').click();
    await setDate(page, 'cloud-date-to', '2020-01-31');
    await setDate(page, 'cloud-date-from', '2020-01-01');
    await expect(page.getByTestId('cloud-search-table')).toContainText('Keine Dateien gefunden');
    await page.keyboard.press('Escape');
    await page.getByTestId('cloud-search-close').click();
    await expect(page.getByTestId('cloud-filter-badge')).toHaveCount(0);
    await expect(page.getByTestId('cloud-file')).toHaveCount(4);
  },
);

/** Types a date into a Mantine date input of the filter panel. */
async function setDate(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test(
  'crop: a picture cut to 16:9 is saved as a new file',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await ownerWithProject(request, testInfo, 'zuschnitt');
    await uploadFile(request, owner, 'panorama.png', await pictureBytes(1200, 800, 260), 'image/png');
    await openLibrary(page, owner);
    await tile(page, 'panorama.png').getByTestId('cloud-item-menu').click();
    await page.getByTestId('cloud-action-crop').click();
    const dialog = page.getByTestId('crop-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('crop-ratio-16:9').click();
    await keepScreenshot(page, 'cloud-crop-dialog');
    await expectAccessible(page, 'crop dialog');
    await dialog.getByTestId('crop-save-copy').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('cloud-file')).toHaveCount(2);
    await expect(page.locator('[data-cell][data-name$="-zuschnitt.png"]')).toBeVisible();
  },
);
