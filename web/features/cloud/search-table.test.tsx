import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StoreApi } from 'zustand';
import { useStore } from 'zustand';
import type { CloudEntity } from '../../../contracts/cloud';
import { json, stubFetch, urlOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CloudScopeContext, myFiles, type CloudScope } from './cloud-scope';
import { SearchTable } from './search-table';
import { createSearchStore, listFiltersOf, type SearchStore } from './search-store';

const scope: CloudScope = { projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61', appId: null, basePath: null };
const listPath = `/api/projects/${scope.projectId}/cloud/folders/content`;
const rootId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';

function entity(index: number, change: Partial<CloudEntity> = {}): CloudEntity {
  const id = `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4${String(index).padStart(3, '0')}`;
  return {
    id,
    name: `foto-${index}.png`,
    isFolder: false,
    isDeleted: false,
    isFavorite: false,
    parentId: rootId,
    fileInfo: {
      name: `foto-${index}.png`,
      originalName: `foto-${index}.png`,
      mimeType: 'image/png',
      width: 640,
      height: 480,
      size: 1536,
    },
    url: null,
    thumbnails: null,
    type: 'image',
    extension: 'png',
    status: null,
    encodeProgress: null,
    durationMs: null,
    isCustomThumbnail: false,
    thumbId: null,
    isOwn: true,
    deletedAt: null,
    createdAt: '2024-05-10T08:00:00.000Z',
    updatedAt: '2024-05-10T08:00:00.000Z',
    permissions: { can: [] },
    ...change,
  };
}

function listAnswer(items: CloudEntity[], page = 1, pages = 1, total = items.length) {
  return json(200, {
    data: items,
    meta: { page, pages, total, files: total, folders: 0, rootId, folder: null },
  });
}

function Table({ store, onOpen }: { store: StoreApi<SearchStore>; onOpen: (entity: CloudEntity) => void }) {
  const state = useStore(store);
  return (
    <CloudScopeContext value={scope}>
      <SearchTable
        store={store}
        location={myFiles}
        filters={listFiltersOf(state)}
        onOpen={onOpen}
        renderActions={(item) => (
          <button type="button" data-testid="cloud-item-menu" aria-label={item.name} />
        )}
      />
    </CloudScopeContext>
  );
}

function renderTable() {
  const store = createSearchStore();
  store.getState().setInput('foto');
  store.getState().apply();
  const onOpen = vi.fn<(entity: CloudEntity) => void>();
  renderWithProviders(<Table store={store} onOpen={onOpen} />);
  return { store, onOpen };
}

const searchesOf = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([input]) =>
    Object.fromEntries(new URL(urlOf(input), 'http://localhost').searchParams),
  );

describe('SearchTable', () => {
  it('says in which folder each result lies', async () => {
    const kurseId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e90';
    const yogaId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e91';
    stubFetch({
      [`GET ${listPath}`]: () =>
        listAnswer([
          entity(1, { parentId: yogaId }),
          entity(2, { parentId: rootId }),
          entity(3, { parentId: null }),
        ]),
      [`GET /api/projects/${scope.projectId}/cloud/tree`]: () =>
        json(200, {
          data: {
            id: rootId,
            name: 'My files',
            data: [{ id: kurseId, name: 'Kurse', data: [{ id: yogaId, name: 'Yoga', data: [] }] }],
          },
        }),
    });
    renderTable();
    await waitFor(() => expect(screen.getAllByTestId('cloud-search-folder')).toHaveLength(2));
    expect(screen.getAllByTestId('cloud-search-folder').map((line) => line.textContent)).toEqual([
      'in Meine Dateien › Kurse › Yoga',
      'in Meine Dateien',
    ]);
  });

  it('lists the results with name, date changed, type, size and the item menu', async () => {
    const fetchMock = stubFetch({
      [`GET ${listPath}`]: () =>
        listAnswer([
          entity(1),
          entity(2, {
            name: 'Belege',
            isFolder: true,
            fileInfo: null,
            type: null,
            extension: null,
            updatedAt: '2024-01-31T12:00:00.000Z',
          }),
        ]),
    });
    renderTable();
    const rows = await screen.findAllByTestId('cloud-search-row');
    expect(rows).toHaveLength(2);
    expect(searchesOf(fetchMock)[0]).toMatchObject({
      search: 'foto',
      sort: '-updatedAt',
      page: '1',
      limit: '10',
      type: 'my',
    });

    const [file, folder] = rows as [HTMLElement, HTMLElement];
    // The e2e helper tile() finds items by these attributes.
    expect(file.hasAttribute('data-cell')).toBe(true);
    expect(file.getAttribute('data-name')).toBe('foto-1.png');
    expect(file.textContent).toContain('10.05.2024');
    expect(file.textContent).toContain('PNG-Bild');
    expect(file.textContent).toContain('1,5 KB');
    expect(within(file).getByTestId('cloud-item-menu')).toBeTruthy();
    expect(folder.textContent).toContain('31.01.2024');
    expect(folder.textContent).toContain('Ordner');
    expect(screen.getByText('2 Treffer')).toBeTruthy();
  });

  it('opens an item by a click on its name or a double click on the row', async () => {
    stubFetch({ [`GET ${listPath}`]: () => listAnswer([entity(1)]) });
    const { onOpen } = renderTable();
    const row = await screen.findByTestId('cloud-search-row');
    fireEvent.click(within(row).getByTestId('cloud-search-open'));
    fireEvent.doubleClick(row);
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen.mock.calls[0]?.[0].name).toBe('foto-1.png');
  });

  it('sorts by the clicked column, descending first, and flips on a second click', async () => {
    const fetchMock = stubFetch({ [`GET ${listPath}`]: () => listAnswer([entity(1)]) });
    const { store } = renderTable();
    await screen.findByTestId('cloud-search-row');
    fireEvent.click(screen.getByTestId('cloud-search-sort-name'));
    await waitFor(() => expect(searchesOf(fetchMock).at(-1)).toMatchObject({ sort: '-name' }));
    fireEvent.click(screen.getByTestId('cloud-search-sort-name'));
    await waitFor(() => expect(searchesOf(fetchMock).at(-1)).toMatchObject({ sort: 'name' }));
    expect(store.getState().sort).toBe('name');
    expect(screen.getByTestId('cloud-search-sort-name').closest('th')?.getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('pages through 10 rows at a time and goes back to page 1 when the search changes', async () => {
    const fetchMock = stubFetch({
      [`GET ${listPath}`]: (_init, url) => {
        const page = Number(url.searchParams.get('page'));
        return listAnswer([entity(page)], page, 2, 11);
      },
    });
    const { store } = renderTable();
    await screen.findByTestId('cloud-search-row');
    fireEvent.click(screen.getByRole('button', { name: 'Seite 2' }));
    await waitFor(() =>
      expect(screen.getByTestId('cloud-search-row').getAttribute('data-name')).toBe('foto-2.png'),
    );
    expect(store.getState().page).toBe(2);

    fireEvent.click(screen.getByTestId('cloud-search-sort-updatedAt'));
    expect(store.getState().page).toBe(1);
    await waitFor(() => expect(searchesOf(fetchMock).at(-1)).toMatchObject({ page: '1', sort: 'updatedAt' }));
  });

  it('says so when nothing is found', async () => {
    stubFetch({ [`GET ${listPath}`]: () => listAnswer([], 1, 0) });
    renderTable();
    const table = screen.getByTestId('cloud-search-table');
    await waitFor(() => expect(table.textContent).toContain('Keine Dateien gefunden'));
    expect(table.textContent).toContain('passen Sie die Filter an');
    expect(screen.queryByTestId('cloud-search-pagination')).toBeNull();
  });
});
