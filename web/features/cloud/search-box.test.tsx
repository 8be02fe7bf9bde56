import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoreApi } from 'zustand';
import { timing } from '../../../contracts/constants';
import { callsTo, json, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CloudScopeContext, type CloudScope } from './cloud-scope';
import { extensionSuggestions, FilterPanel, suggestExtensions } from './filter-panel';
import { SearchBox } from './search-box';
import { createSearchStore, listFiltersOf, type SearchStore } from './search-store';

const scope: CloudScope = { projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61', appId: null, basePath: null };
const searchesPath = `/api/projects/${scope.projectId}/cloud/searches`;

const savedSearch = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e70',
  name: 'Rechnungen',
  filters: { search: 'rechnung', ext: ['pdf'], dateFrom: '2024-05-01' },
  createdAt: '2024-05-02T10:00:00.000Z',
};

function stubCloud(saved: unknown[] = []) {
  return stubFetch({
    'GET /api/cloud/mime-types': () =>
      json(200, { data: [{ mimeType: 'image/png', extensions: ['png'], type: 'image' }] }),
    [`GET ${searchesPath}`]: () => json(200, { data: saved }),
    [`POST ${searchesPath}`]: () =>
      json(201, { data: { ...savedSearch, name: 'Fotos', filters: { ext: ['png'] } } }),
  });
}

/** The toolbar's search box and the panel, wired as the library wires them. */
function Search({ store, compact = false }: { store: StoreApi<SearchStore>; compact?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <CloudScopeContext value={scope}>
      <SearchBox store={store} onOpenFilters={() => setOpened(true)} compact={compact} />
      <FilterPanel opened={opened} onClose={() => setOpened(false)} store={store} />
    </CloudScopeContext>
  );
}

function renderSearch(compact = false) {
  const store = createSearchStore();
  renderWithProviders(<Search store={store} compact={compact} />);
  return store;
}

describe('SearchBox', () => {
  it('applies the typed text on Enter at once', () => {
    stubCloud();
    const store = renderSearch();
    const input = screen.getByTestId('cloud-search-input');
    fireEvent.change(input, { target: { value: ' foto ' } });
    expect(store.getState().term).toBe('');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(store.getState().term).toBe('foto');
  });

  it('applies typed text by itself after the debounce', async () => {
    stubCloud();
    const store = renderSearch();
    fireEvent.change(screen.getByTestId('cloud-search-input'), { target: { value: 'rechnung' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, timing.cloudSearchDebounceMs / 2)));
    expect(store.getState().term).toBe('');
    await waitFor(() => expect(store.getState().term).toBe('rechnung'));
  });

  it('the Search button applies at once; compact screens go without it', () => {
    stubCloud();
    const store = renderSearch();
    fireEvent.change(screen.getByTestId('cloud-search-input'), { target: { value: 'foto' } });
    fireEvent.click(screen.getByTestId('cloud-search-submit'));
    expect(store.getState().term).toBe('foto');
  });

  it('shows the filter badge only while filters are active, with their number', () => {
    stubCloud();
    const store = renderSearch();
    store.getState().setInput('foto');
    act(() => store.getState().apply());
    // A term alone is no filter.
    expect(screen.queryByTestId('cloud-filter-badge')).toBeNull();
    act(() => {
      store.getState().addExtension('png');
      store.getState().setDateFrom('2024-05-01');
    });
    expect(screen.getByTestId('cloud-filter-badge').textContent).toBe('2');
    expect(screen.getByTestId('cloud-filter-button').getAttribute('aria-label')).toBe('Filter – 2 aktiv');
  });

  it('closing the search clears the text and the filters (spec §4)', () => {
    stubCloud();
    const store = renderSearch(true);
    expect(screen.queryByTestId('cloud-search-close')).toBeNull();
    expect(screen.queryByTestId('cloud-search-submit')).toBeNull();
    act(() => store.getState().addExtension('pdf'));
    expect(screen.getByTestId('cloud-filter-badge').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('cloud-search-close'));
    expect(store.getState()).toMatchObject({ input: '', term: '', ext: [] });
    expect(screen.queryByTestId('cloud-filter-badge')).toBeNull();
    expect(screen.queryByTestId('cloud-search-close')).toBeNull();
  });
});

describe('FilterPanel', () => {
  async function openPanel() {
    fireEvent.click(screen.getByTestId('cloud-filter-button'));
    return screen.findByTestId('cloud-filter-panel');
  }

  it('adds a file type on Enter, normalised and only once', async () => {
    stubCloud();
    const store = renderSearch();
    const panel = await openPanel();
    const ext = within(panel).getByTestId('cloud-ext-input');
    // The tags input ignores writes into an input that has no focus (autofill); typing has it.
    act(() => ext.focus());
    fireEvent.change(ext, { target: { value: '.PNG' } });
    fireEvent.keyDown(ext, { key: 'Enter' });
    expect(store.getState().ext).toEqual(['png']);
    fireEvent.change(ext, { target: { value: 'png' } });
    fireEvent.keyDown(ext, { key: 'Enter' });
    fireEvent.change(ext, { target: { value: '   ' } });
    fireEvent.keyDown(ext, { key: 'Enter' });
    expect(store.getState().ext).toEqual(['png']);
    expect(screen.getByTestId('cloud-filter-badge').textContent).toBe('1');
  });

  it('takes typed dates and flags a start after the end', async () => {
    stubCloud();
    const store = renderSearch();
    const panel = await openPanel();
    fireEvent.change(within(panel).getByTestId('cloud-date-from'), { target: { value: '2024-06-10' } });
    expect(store.getState().dateFrom).toBe('2024-06-10');
    expect(within(panel).queryByTestId('cloud-date-error')).toBeNull();

    fireEvent.change(within(panel).getByTestId('cloud-date-to'), { target: { value: '2024-05-31' } });
    expect(store.getState().dateTo).toBe('2024-05-31');
    expect(within(panel).getByTestId('cloud-date-error').textContent).toContain(
      'Enddatum liegt vor dem Startdatum',
    );
    // The reversed range is not searched with until it is fixed.
    expect(listFiltersOf(store.getState())).toMatchObject({ dateFrom: '', dateTo: '' });

    fireEvent.change(within(panel).getByTestId('cloud-date-from'), { target: { value: '2024-05-01' } });
    expect(within(panel).queryByTestId('cloud-date-error')).toBeNull();
    expect(listFiltersOf(store.getState())).toMatchObject({ dateFrom: '2024-05-01', dateTo: '2024-05-31' });
  });

  it('"clear filter" removes types and dates but keeps the search term', async () => {
    stubCloud();
    const store = renderSearch();
    act(() => {
      store.getState().setInput('foto');
      store.getState().apply();
      store.getState().addExtension('png');
      store.getState().setDateTo('2024-05-31');
    });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByTestId('cloud-clear-filters'));
    expect(store.getState()).toMatchObject({ term: 'foto', ext: [], dateFrom: '', dateTo: '' });
    expect(screen.queryByTestId('cloud-filter-badge')).toBeNull();
  });

  it('saves the current search under a name', async () => {
    const fetchMock = stubCloud();
    const store = renderSearch();
    const panel = await openPanel();
    expect(within(panel).getByTestId<HTMLButtonElement>('cloud-save-search').disabled).toBe(true);
    act(() => store.getState().addExtension('png'));
    fireEvent.click(within(panel).getByTestId('cloud-save-search'));
    fireEvent.change(within(panel).getByTestId('cloud-save-search-name'), { target: { value: '  Fotos ' } });
    fireEvent.click(within(panel).getByTestId('cloud-save-search-confirm'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `POST ${searchesPath}`)).toEqual([
        { name: 'Fotos', filters: { ext: ['png'] } },
      ]),
    );
    expect(await screen.findByText('Die Suche „Fotos“ wurde gespeichert.')).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByTestId('cloud-save-search-form')).toBeNull());
  });

  it('applies a saved search and closes the panel', async () => {
    stubCloud([savedSearch]);
    const store = renderSearch();
    const panel = await openPanel();
    const entry = await within(panel).findByTestId('cloud-saved-search');
    expect(entry.textContent).toContain('Rechnungen');
    expect(entry.textContent).toContain('„rechnung“ · pdf · ab 01.05.2024');
    fireEvent.click(within(entry).getByRole('button', { name: 'Suche „Rechnungen“ anwenden' }));
    expect(store.getState()).toMatchObject({
      input: 'rechnung',
      term: 'rechnung',
      ext: ['pdf'],
      dateFrom: '2024-05-01',
    });
    await waitFor(() => expect(screen.queryByTestId('cloud-filter-panel')).toBeNull());
    expect(screen.getByTestId('cloud-filter-badge').textContent).toBe('2');
  });
});

describe('file-type suggestions', () => {
  const options = ['epub', 'jpg', 'pdf', 'png', 'mp4'].map((value) => ({ value, label: value }));

  it('lists types that start with the typed text first, then those that contain it', () => {
    expect(
      suggestExtensions({ options, search: 'p', limit: 8 }).map((option) =>
        'value' in option ? option.value : '',
      ),
    ).toEqual(['pdf', 'png', 'epub', 'jpg', 'mp4']);
    expect(
      suggestExtensions({ options, search: '.PN', limit: 8 }).map((option) =>
        'value' in option ? option.value : '',
      ),
    ).toEqual(['png']);
    expect(suggestExtensions({ options, search: 'p', limit: 2 })).toHaveLength(2);
  });

  it('offers every extension the server knows once, sorted', () => {
    expect(
      extensionSuggestions([{ extensions: ['png', 'PNG'] }, { extensions: ['jpg', 'jpeg', ''] }]),
    ).toEqual(['jpeg', 'jpg', 'png']);
  });
});
