import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { ownerWithProject, pdfBytes, tile, uploadFile } from './support/cloud';
import { signInWithPassword, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a keyboard on the desktop');
});

/** Presses `key` until `target` has the focus, as a person would, a bounded number of times. */
async function pressUntilFocused(page: Page, target: Locator, key: string, max = 40): Promise<void> {
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      return;
    }
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Tab (or Shift+Tab) until `target` has the focus. */
const tabTo = (page: Page, target: Locator, { back = false } = {}) =>
  pressUntilFocused(page, target, back ? 'Shift+Tab' : 'Tab');

/** Home, then the right arrow until the grid's cell named `name` has the focus. */
async function arrowTo(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Home');
  await pressUntilFocused(page, tile(page, name), 'ArrowRight', 20);
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

test(
  'the library by keyboard only: a folder, an upload, rename, move, delete',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const owner = await ownerWithProject(request, testInfo, 'tastatur');
    await uploadFile(request, owner, 'notizen.pdf', pdfBytes('Notizen'), 'application/pdf');
    await uploadFile(request, owner, 'rechnung.pdf', pdfBytes('Rechnung'), 'application/pdf');

    await page.goto('/auth');
    await signInWithPassword(page, owner.email);
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto(`/projects/${owner.projectId}`);
    await expect(page.getByTestId('project-dashboard')).toBeVisible();

    // The skip link comes first and leads past the header to the page's heading.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // From there to the project's "Dateien" tab; after the page change the focus is on the new heading.
    await tabTo(page, page.getByTestId('project-tab-files'), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cloud$/);
    await expect(page.getByTestId('cloud-heading')).toBeFocused();
    await expect(page.getByTestId('cloud-heading')).toHaveText('Meine Dateien');
    await expect(tile(page, 'notizen.pdf')).toBeVisible();
    await expectAccessible(page, 'library');

    // A new folder through the new-file menu: the menu opens on its first item, the arrows walk it.
    const newButton = page.getByTestId('cloud-new');
    await tabTo(page, newButton);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cloud-new-upload')).toBeFocused();
    await expectAccessible(page, 'new-file menu');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('cloud-new-folder')).toBeFocused();
    await page.keyboard.press('Enter');
    const create = page.getByTestId('create-folder-dialog');
    await expect(create.getByRole('textbox')).toBeFocused();
    await expectAccessible(page, 'create folder dialog');
    await page.keyboard.type('Ausflüge');
    await page.keyboard.press('Enter');
    await expect(tile(page, 'Ausflüge')).toBeVisible();
    await expect(create).toHaveCount(0);
    // The dialog hands the focus back to the button it came from.
    await expect(newButton).toBeFocused();

    // An upload through the same menu: the file chooser opens from the keyboard.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cloud-new-upload')).toBeFocused();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({ name: 'protokoll.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Protokoll') });
    await expect(tile(page, 'protokoll.pdf')).toBeVisible({ timeout: 30_000 });
    await expect(newButton).toBeFocused();

    // Into the grid: one Tab stop, the arrows move between the items.
    await tabTo(page, page.locator('[data-cell][tabindex="0"]'));
    await arrowTo(page, 'protokoll.pdf');

    // Space selects, Shift with an arrow extends the selection, Escape clears it.
    await page.keyboard.press('Space');
    await expect(tile(page, 'protokoll.pdf')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(page.locator('[data-cell][aria-selected="true"]')).toHaveCount(2);
    await expect(page.getByTestId('cloud-bulk-bar')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-cell][aria-selected="true"]')).toHaveCount(0);
    await arrowTo(page, 'protokoll.pdf');

    // The item menu from the cell (Shift+F10), its items by the arrows: rename.
    await page.keyboard.press('Shift+F10');
    await expect(page.getByTestId('cloud-action-open')).toBeFocused();
    await expectAccessible(page, 'item menu');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('cloud-action-rename')).toBeFocused();
    await page.keyboard.press('Enter');
    const rename = page.getByTestId('rename-dialog');
    await expect(rename.getByRole('textbox')).toBeFocused();
    await expectAccessible(page, 'rename dialog');
    // The name without its extension is selected: typing replaces it and keeps ".pdf".
    await page.keyboard.type('Protokoll Juni');
    await page.keyboard.press('Enter');
    await expect(tile(page, 'Protokoll Juni.pdf')).toBeVisible();
    await expect(rename).toHaveCount(0);
    // Back where the menu was opened from: its "…" button.
    await expect(tile(page, 'Protokoll Juni.pdf').getByTestId('cloud-item-menu')).toBeFocused();

    // Enter on the "…" button opens the menu (not the preview): move, through the move dialog.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cloud-action-open')).toBeFocused();
    await expect(page.getByTestId('media-preview')).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('cloud-action-move')).toBeFocused();
    await page.keyboard.press('Enter');
    const move = page.getByTestId('move-dialog');
    await expect(move).toBeVisible();
    await tabTo(page, move.locator('[data-testid="move-folder"][data-name="Ausflüge"]'));
    await expectAccessible(page, 'move dialog');
    await page.keyboard.press('Enter');
    // The chosen folder is shown, the focus stays in the dialog on its name.
    await expect(move.getByTestId('move-current')).toHaveText('Ausflüge');
    await expect(move.getByTestId('move-current')).toBeFocused();
    await tabTo(page, move.getByTestId('move-confirm'));
    await page.keyboard.press('Enter');
    await expect(move).toHaveCount(0);
    await expect(tile(page, 'Protokoll Juni.pdf')).toHaveCount(0);
    // The moved item's cell is gone: the focus is on the cell now in its place, still in the grid.
    await expect(page.locator('[data-cell]:focus')).toHaveCount(1);

    // Delete with the Delete key, confirmed from the keyboard; the focus stays in the grid.
    await arrowTo(page, 'rechnung.pdf');
    await page.keyboard.press('Delete');
    const remove = page.getByTestId('delete-dialog');
    await expect(remove).toBeVisible();
    await expectAccessible(page, 'delete dialog');
    await tabTo(page, remove.getByTestId('delete-confirm'));
    await page.keyboard.press('Enter');
    await expect(remove).toHaveCount(0);
    await expect(tile(page, 'rechnung.pdf')).toHaveCount(0);
    await expect(page.locator('[data-cell]:focus')).toHaveCount(1);

    // Enter on a folder opens it; the focus moves to the new location's heading.
    await arrowTo(page, 'Ausflüge');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cloud\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('cloud-heading')).toHaveText('Ausflüge');
    await expect(page.getByTestId('cloud-heading')).toBeFocused();
    await expect(tile(page, 'Protokoll Juni.pdf')).toBeVisible();
    await expectAccessible(page, 'a folder');

    // Enter on a file opens the preview; Escape closes it and the focus is back on the file.
    await tabTo(page, page.locator('[data-cell][tabindex="0"]'));
    await arrowTo(page, 'Protokoll Juni.pdf');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('media-preview')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('media-preview')).toHaveCount(0);
    await expect(tile(page, 'Protokoll Juni.pdf')).toBeFocused();
    expect(await focusedTestId(page)).toBe('cloud-file');
  },
);
