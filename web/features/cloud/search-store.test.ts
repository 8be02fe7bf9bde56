import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  addExtension,
  applyInput,
  applySaved,
  clearFilters,
  closeSearch,
  createSearchStore,
  initialSearch,
  isDateRangeInvalid,
  isSearching,
  listFiltersOf,
  savedFiltersOf,
  setDates,
  setExtensions,
  sortKeyOf,
  toggleSort,
  type SearchState,
} from './search-store';

const state = (change: Partial<SearchState>): SearchState => ({ ...initialSearch, ...change });

describe('file-type chips (RULE-87)', () => {
  it('adds a chip only when it is not empty', () => {
    expect(addExtension(initialSearch, '   ').ext).toEqual([]);
    expect(addExtension(initialSearch, '.').ext).toEqual([]);
    expect(addExtension(initialSearch, 'png').ext).toEqual(['png']);
  });

  it('writes chips normalised and never twice', () => {
    const once = addExtension(initialSearch, '.PDF ');
    expect(once.ext).toEqual(['pdf']);
    // The same type however written leaves the state as it was (no new page reset, no re-render).
    expect(addExtension(once, 'pdf')).toBe(once);
    expect(addExtension(once, '.Pdf')).toBe(once);
    expect(addExtension(once, 'png').ext).toEqual(['pdf', 'png']);
  });

  it('normalises a whole list from the tags input', () => {
    expect(setExtensions(initialSearch, ['.PNG', 'png', '', 'Jpg']).ext).toEqual(['png', 'jpg']);
    const same = state({ ext: ['png'] });
    expect(setExtensions(same, ['PNG'])).toBe(same);
  });
});

describe('searching and the filter badge', () => {
  it('is not searching with typed text that was not applied yet', () => {
    expect(isSearching(state({ input: 'foto' }))).toBe(false);
    expect(isSearching(applyInput(state({ input: ' foto ' })))).toBe(true);
    expect(applyInput(state({ input: ' foto ' })).term).toBe('foto');
  });

  it('is searching with any filter, even without a term', () => {
    expect(isSearching(initialSearch)).toBe(false);
    expect(isSearching(state({ ext: ['png'] }))).toBe(true);
    expect(isSearching(state({ dateFrom: '2024-05-01' }))).toBe(true);
    expect(isSearching(state({ dateTo: '2024-05-01' }))).toBe(true);
  });

  it('counts each chip and each set date for the badge, not the term', () => {
    expect(activeFilterCount(state({ term: 'foto' }))).toBe(0);
    expect(activeFilterCount(state({ ext: ['png', 'pdf'], dateFrom: '2024-05-01' }))).toBe(3);
    expect(activeFilterCount(state({ dateFrom: '2024-05-01', dateTo: '2024-05-31' }))).toBe(2);
  });
});

describe('closing and clearing', () => {
  const full = state({
    input: 'foto',
    term: 'foto',
    ext: ['png'],
    dateFrom: '2024-05-01',
    dateTo: '2024-05-31',
    page: 3,
    sort: 'name',
  });

  it('closing the search clears the text and every filter (spec §4), keeping the chosen sort', () => {
    const closed = closeSearch(full);
    expect(closed).toEqual({ ...initialSearch, sort: 'name' });
    expect(isSearching(closed)).toBe(false);
    expect(activeFilterCount(closed)).toBe(0);
  });

  it('"clear filter" removes types and dates but keeps the term', () => {
    const cleared = clearFilters(full);
    expect(cleared).toMatchObject({
      term: 'foto',
      input: 'foto',
      ext: [],
      dateFrom: '',
      dateTo: '',
      page: 1,
    });
    expect(isSearching(cleared)).toBe(true);
  });

  it('the store closes through close()', () => {
    const store = createSearchStore();
    store.getState().setInput('foto');
    store.getState().apply();
    store.getState().addExtension('PNG');
    store.getState().setDateFrom('2024-05-01');
    expect(isSearching(store.getState())).toBe(true);
    store.getState().close();
    expect(store.getState()).toMatchObject({ input: '', term: '', ext: [], dateFrom: '', dateTo: '' });
    expect(isSearching(store.getState())).toBe(false);
  });
});

describe('table sort', () => {
  it('starts with the newest change first', () => {
    expect(initialSearch.sort).toBe('-updatedAt');
    expect(sortKeyOf(initialSearch.sort)).toEqual({ key: 'updatedAt', descending: true });
  });

  it('flips the direction of the same column and starts another column descending', () => {
    const ascending = toggleSort(initialSearch, 'updatedAt');
    expect(ascending.sort).toBe('updatedAt');
    expect(toggleSort(ascending, 'updatedAt').sort).toBe('-updatedAt');
    expect(toggleSort(ascending, 'name').sort).toBe('-name');
    expect(toggleSort(toggleSort(ascending, 'name'), 'name').sort).toBe('name');
  });
});

describe('page reset', () => {
  const onPage = state({ page: 4, term: 'foto', input: 'foto' });

  it('goes back to page 1 when the term, a filter or the sort changes', () => {
    expect(applyInput({ ...onPage, input: 'bild' }).page).toBe(1);
    expect(addExtension(onPage, 'png').page).toBe(1);
    expect(setDates(onPage, { dateFrom: '2024-01-01' }).page).toBe(1);
    expect(setDates(onPage, { dateTo: '2024-01-01' }).page).toBe(1);
    expect(clearFilters(onPage).page).toBe(1);
    expect(toggleSort(onPage, 'name').page).toBe(1);
  });

  it('keeps the page when nothing changed', () => {
    expect(applyInput(onPage).page).toBe(4);
    expect(setDates(onPage, { dateFrom: '' })).toBe(onPage);
  });

  it('the store keeps page numbers whole and from 1', () => {
    const store = createSearchStore();
    store.getState().setPage(3);
    expect(store.getState().page).toBe(3);
    store.getState().setPage(0);
    expect(store.getState().page).toBe(1);
  });
});

describe('what is searched and saved', () => {
  it('leaves a reversed date range out until it is fixed', () => {
    const reversed = state({ term: 'foto', dateFrom: '2024-06-01', dateTo: '2024-05-31' });
    expect(isDateRangeInvalid(reversed)).toBe(true);
    expect(listFiltersOf(reversed)).toEqual({
      sort: '-updatedAt',
      search: 'foto',
      ext: [],
      dateFrom: '',
      dateTo: '',
    });
    const sameDay = state({ dateFrom: '2024-05-31', dateTo: '2024-05-31' });
    expect(isDateRangeInvalid(sameDay)).toBe(false);
    expect(listFiltersOf(sameDay)).toMatchObject({ dateFrom: '2024-05-31', dateTo: '2024-05-31' });
  });

  it('searches with the applied term, not the typed text', () => {
    expect(listFiltersOf(state({ input: 'fo', term: 'foto', sort: 'name' }))).toMatchObject({
      search: 'foto',
      sort: 'name',
    });
  });

  it('saves only what is set and applies a saved search in full', () => {
    expect(savedFiltersOf(state({ input: 'x' }))).toEqual({});
    const saved = savedFiltersOf(state({ term: 'foto', ext: ['png'], dateTo: '2024-05-31' }));
    expect(saved).toEqual({ search: 'foto', ext: ['png'], dateTo: '2024-05-31' });

    const applied = applySaved(state({ ext: ['pdf'], dateFrom: '2020-01-01', page: 2 }), {
      ...saved,
      ext: ['.PNG'],
    });
    expect(applied).toMatchObject({
      input: 'foto',
      term: 'foto',
      ext: ['png'],
      dateFrom: '',
      dateTo: '2024-05-31',
      page: 1,
    });
  });
});
