import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { LibraryView } from './library-layout';
import type { UploadingItem } from './upload-queue';
import { UploadingTile } from './uploading-tile';

function item(change: Partial<UploadingItem> = {}): UploadingItem {
  const file = new File(['x'], 'kursunterlagen.zip', { type: 'application/zip' });
  Object.defineProperty(file, 'size', { value: 8 * 1024 * 1024 });
  return {
    guid: 'guid-1',
    file,
    source: 'cloud',
    pickerId: 'page',
    folderId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e98',
    progress: 0,
    inQueue: false,
    isPreparing: false,
    isFailed: false,
    abortController: null,
    isNew: false,
    failure: null,
    ...change,
  };
}

function renderTile(uploading: UploadingItem, view: LibraryView = 'grid') {
  const handlers = { onRetry: vi.fn(), onRemove: vi.fn(), onAbort: vi.fn() };
  renderWithProviders(<UploadingTile item={uploading} view={view} width={150} {...handlers} />);
  return { handlers, tile: screen.getByTestId('uploading-tile') };
}

describe('UploadingTile', () => {
  it.each(['grid', 'list'] as const)('shows the percent and how much arrived while uploading (%s)', (view) => {
    const { tile, handlers } = renderTile(item({ progress: 25 }), view);
    expect(tile.dataset.state).toBe('uploading');
    expect(within(tile).getByText('kursunterlagen.zip')).toBeTruthy();
    expect(within(tile).getByText('25 %')).toBeTruthy();
    expect(within(tile).getByText('2 MB von 8 MB')).toBeTruthy();
    fireEvent.click(within(tile).getByRole('button', { name: 'Hochladen abbrechen' }));
    expect(handlers.onAbort).toHaveBeenCalledTimes(1);
  });

  it('says when it waits and when it is prepared', () => {
    renderTile(item({ inQueue: true }));
    expect(screen.getByTestId('uploading-tile').dataset.state).toBe('queued');
    expect(screen.getByText('Wartet …')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hochladen abbrechen' })).toBeTruthy();
  });

  it.each(['grid', 'list'] as const)('offers retry and remove when it failed, with the reason (%s)', (view) => {
    const { tile, handlers } = renderTile(item({ isFailed: true, failure: { kind: 'quota', limitBytes: null } }), view);
    expect(tile.dataset.state).toBe('failed');
    expect(within(tile).getByText(/Hochladen fehlgeschlagen/)).toBeTruthy();
    expect(within(tile).getByText(/Speicher voll/)).toBeTruthy();
    expect(within(tile).queryByRole('button', { name: 'Hochladen abbrechen' })).toBeNull();
    fireEvent.click(within(tile).getByRole('button', { name: 'Erneut versuchen' }));
    fireEvent.click(within(tile).getByRole('button', { name: 'Entfernen' }));
    expect(handlers.onRetry).toHaveBeenCalledTimes(1);
    expect(handlers.onRemove).toHaveBeenCalledTimes(1);
  });
});
