import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloudEntity } from '../../../contracts/cloud';
import { json, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { cloudEntity } from './cloud-entity.fixture';
import { CloudLibrary } from './cloud-library';
import { CloudScopeContext, myFiles, type CloudScope } from './cloud-scope';

const projectId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61';
const rootId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';
const scope: CloudScope = { projectId, appId: null, basePath: null };

function file(index: number, name: string): CloudEntity {
  const base = cloudEntity({ name });
  return {
    ...base,
    id: `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4${String(index).padStart(3, '0')}`,
    parentId: rootId,
    fileInfo: { ...base.fileInfo!, size: 2048 },
    url: `/api/cloud/blobs/${index}?sig=x`,
    createdAt: '2024-05-10T08:00:00.000Z',
    updatedAt: '2024-05-10T08:00:00.000Z',
    permissions: { can: ['view', 'rename', 'move', 'delete', 'favorite', 'upload'] },
  };
}

const items = [file(1, 'protokoll.pdf'), file(2, 'rechnung.pdf'), file(3, 'vertrag.pdf')];

function renderLibrary() {
  stubFetch({
    [`GET /api/projects/${projectId}/cloud/folders/content`]: () =>
      json(200, {
        data: items,
        meta: { page: 1, pages: 1, total: 3, files: 3, folders: 0, rootId, folder: null },
      }),
    [`GET /api/projects/${projectId}/cloud/storage`]: () =>
      json(200, {
        data: {
          scope: 'project',
          usedBytes: 6144,
          limitBytes: -1,
          filesCount: 3,
          byType: { image: 0, video: 0, audio: 0, other: 3 },
        },
      }),
    'GET /api/cloud/upload/limits': () => json(200, { data: [] }),
    [`POST /api/files/${items[0]!.id}/open`]: () => json(204, undefined),
  });
  return renderWithProviders(
    <CloudScopeContext value={scope}>
      <CloudLibrary mode="page" location={myFiles} onLocationChange={() => undefined} />
    </CloudScopeContext>,
  );
}

const cellOf = (name: string) => screen.getByRole('gridcell', { name: new RegExp(name) });

/** A key as the browser delivers it to a button: keydown, then (unless prevented) the button's click. */
function pressOnButton(button: HTMLElement, key: 'Enter' | ' ') {
  const notPrevented = fireEvent.keyDown(button, { key });
  if (notPrevented) {
    fireEvent.click(button);
  }
}

describe('the library by keyboard', () => {
  beforeAll(() => {
    // jsdom does not scroll; the library scrolls its list to the top on every new location.
    if (!('scrollTo' in Element.prototype)) {
      Object.defineProperty(Element.prototype, 'scrollTo', { configurable: true, value: () => undefined });
    }
  });
  beforeEach(() => {
    // jsdom lays nothing out: the list's box gets a size, so the virtual grid draws its first rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
  });

  it('is a named grid whose cells carry the selection and are named by what they show', async () => {
    renderLibrary();
    const grid = await screen.findByRole('grid', { name: 'Dateien und Ordner' });
    expect(grid.getAttribute('aria-multiselectable')).toBe('true');
    // The cells follow once the grid's width is measured.
    expect((await within(grid).findAllByRole('row')).length).toBeGreaterThan(0);
    const cell = cellOf('protokoll.pdf');
    expect(cell.getAttribute('aria-selected')).toBe('false');
    // The name starts with the file's visible texts: extension, name, size.
    expect(cell.getAttribute('aria-labelledby')?.split(' ')).toHaveLength(3);
    // One tab stop: the first cell; its "…" button follows it, the others' buttons are out of the Tab order.
    expect(cell.tabIndex).toBe(0);
    expect(cellOf('rechnung.pdf').tabIndex).toBe(-1);
    const buttons = screen.getAllByTestId('cloud-item-menu');
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1]);
  });

  it('takes its box without scrolling it, and the keyboard still moves through its cells', async () => {
    // A scroll lays the whole page out at once; the box is at the top already.
    const scrolls = vi.spyOn(Element.prototype, 'scrollTo');
    renderLibrary();
    const cell = await waitFor(() => cellOf('protokoll.pdf'));
    expect(scrolls).not.toHaveBeenCalled();
    cell.focus();
    fireEvent.keyDown(cell, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(cellOf('vertrag.pdf')));
  });

  it('opens the menu with Enter on the "…" button, without opening the preview or selecting', async () => {
    renderLibrary();
    const cell = await waitFor(() => cellOf('protokoll.pdf'));
    const button = within(cell).getByTestId('cloud-item-menu');
    button.focus();
    pressOnButton(button, 'Enter');
    expect(await screen.findByRole('menu')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-testid')).toBe('cloud-action-open'),
    );
    expect(screen.queryByTestId('media-preview')).toBeNull();
    expect(cell.getAttribute('aria-selected')).toBe('false');
  });

  it('opens the menu with Space on the "…" button too', async () => {
    renderLibrary();
    const cell = await waitFor(() => cellOf('rechnung.pdf'));
    const button = within(cell).getByTestId('cloud-item-menu');
    pressOnButton(button, ' ');
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(cell.getAttribute('aria-selected')).toBe('false');
  });

  it('opens the menu of the focused cell with Shift+F10 and the context-menu key, first item focused', async () => {
    renderLibrary();
    const cell = await waitFor(() => cellOf('protokoll.pdf'));
    cell.focus();
    fireEvent.keyDown(cell, { key: 'F10', shiftKey: true });
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-testid')).toBe('cloud-action-open'),
    );
    // The arrows walk the items (Mantine's menu), the grid leaves them alone.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-testid')).toBe('cloud-action-rename');
    expect(within(menu).getAllByRole('menuitem').length).toBeGreaterThanOrEqual(5);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    cell.focus();
    fireEvent.keyDown(cell, { key: 'ContextMenu' });
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('opens the preview with Enter on a cell, selects with Space and a range with Shift', async () => {
    renderLibrary();
    const first = await waitFor(() => cellOf('protokoll.pdf'));
    first.focus();
    fireEvent.keyDown(first, { key: ' ' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    // Shift+ArrowRight extends the selection from the anchor to the next cell, Shift+Space to the focused one.
    fireEvent.keyDown(first, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(cellOf('rechnung.pdf').getAttribute('aria-selected')).toBe('true'));
    act(() => cellOf('vertrag.pdf').focus());
    fireEvent.keyDown(cellOf('vertrag.pdf'), { key: ' ', shiftKey: true });
    expect(cellOf('vertrag.pdf').getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(cellOf('protokoll.pdf'), { key: 'Escape' });
    act(() => cellOf('protokoll.pdf').focus());
    fireEvent.keyDown(cellOf('protokoll.pdf'), { key: 'Enter' });
    expect(await screen.findByTestId('media-preview')).toBeTruthy();
  });
});
