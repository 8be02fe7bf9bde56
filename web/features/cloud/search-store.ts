import { createStore, type StoreApi } from 'zustand';
import { addExtensionChip, normalizeExtension } from '../../../contracts/cloud-filters';
import { sorting } from '../../../contracts/constants';
import type { CloudListFilters } from './cloud-api';
import type { SavedSearchFilters } from './cloud-changes';

/**
 * The library's search (spec §2 "search box", "filter side panel", "search table"; §4 "Closing the search
 * clears filters"): the text being typed, the term applied (Enter, the Search button or the debounce), the
 * file-type chips, the creation-date range and the table's sort and page. Searching shows the table instead
 * of the grid; closing the search clears the text and every filter.
 */
export type SearchSortKey = (typeof sorting.searchTableKeys)[number];
export type SearchSort = SearchSortKey | `-${SearchSortKey}`;

export type SearchState = {
  /** What is in the search box. */
  input: string;
  /** The term searched for: the input once applied. */
  term: string;
  ext: readonly string[];
  /** YYYY-MM-DD or '' (open). */
  dateFrom: string;
  dateTo: string;
  sort: SearchSort;
  /** The table page, from 1. */
  page: number;
};

export const initialSearch: SearchState = {
  input: '',
  term: '',
  ext: [],
  dateFrom: '',
  dateTo: '',
  sort: sorting.searchTableDefault,
  page: 1,
};

/** Filters as the panel changed them: any change shows the first page of the new result. */
function withFilters(state: SearchState, change: Partial<SearchState>): SearchState {
  return { ...state, ...change, page: 1 };
}

/** The typed text becomes the term (trimmed); an unchanged term keeps the page. */
export function applyInput(state: SearchState): SearchState {
  const term = state.input.trim();
  return term === state.term ? state : withFilters(state, { term });
}

export function addExtension(state: SearchState, extension: string): SearchState {
  const ext = addExtensionChip(state.ext, extension);
  return ext.length === state.ext.length ? state : withFilters(state, { ext });
}

export function removeExtension(state: SearchState, extension: string): SearchState {
  return withFilters(state, { ext: state.ext.filter((chip) => chip !== extension) });
}

/** A whole chip list (the tags input answers with one): normalised, without empties and duplicates. */
export function setExtensions(state: SearchState, extensions: readonly string[]): SearchState {
  const ext = extensions.reduce<string[]>((chips, extension) => addExtensionChip(chips, extension), []);
  const same = ext.length === state.ext.length && ext.every((chip, index) => chip === state.ext[index]);
  return same ? state : withFilters(state, { ext });
}

/** Whether an extension is already a chip, however it is written ('.PDF' and 'pdf' are one). */
export function hasExtension(state: Pick<SearchState, 'ext'>, extension: string): boolean {
  return state.ext.includes(normalizeExtension(extension));
}

export function setDates(
  state: SearchState,
  dates: Partial<Pick<SearchState, 'dateFrom' | 'dateTo'>>,
): SearchState {
  const next = { dateFrom: dates.dateFrom ?? state.dateFrom, dateTo: dates.dateTo ?? state.dateTo };
  return next.dateFrom === state.dateFrom && next.dateTo === state.dateTo ? state : withFilters(state, next);
}

/** The panel's "clear filter": types and dates go, the search term stays. */
export function clearFilters(state: SearchState): SearchState {
  return withFilters(state, { ext: [], dateFrom: '', dateTo: '' });
}

/** Clicking a column header: the same column flips its direction, another column starts descending. */
export function toggleSort(state: SearchState, key: SearchSortKey): SearchState {
  const descending: SearchSort = `${sorting.descendingPrefix}${key}`;
  return withFilters(state, { sort: state.sort === descending ? key : descending });
}

export function sortKeyOf(sort: SearchSort): { key: SearchSortKey; descending: boolean } {
  const descending = sort.startsWith(sorting.descendingPrefix);
  return {
    key: (descending ? sort.slice(sorting.descendingPrefix.length) : sort) as SearchSortKey,
    descending,
  };
}

/** A saved search replaces what is searched for; the table's sort stays as the person set it. */
export function applySaved(state: SearchState, filters: SavedSearchFilters): SearchState {
  const term = filters.search?.trim() ?? '';
  return withFilters(state, {
    input: term,
    term,
    ext: setExtensions(initialSearch, filters.ext ?? []).ext,
    dateFrom: filters.dateFrom?.slice(0, 10) ?? '',
    dateTo: filters.dateTo?.slice(0, 10) ?? '',
  });
}

/** Spec §4: closing the search clears the text and the filters. */
export function closeSearch(state: SearchState): SearchState {
  return { ...initialSearch, sort: state.sort };
}

/** 'YYYY-MM-DD' strings compare in date order, so a plain comparison suffices. */
export function isDateRangeInvalid(state: Pick<SearchState, 'dateFrom' | 'dateTo'>): boolean {
  return state.dateFrom !== '' && state.dateTo !== '' && state.dateFrom > state.dateTo;
}

/** The badge on the filter button: each file-type chip and each set date is one filter. */
export function activeFilterCount(state: Pick<SearchState, 'ext' | 'dateFrom' | 'dateTo'>): number {
  return state.ext.length + (state.dateFrom ? 1 : 0) + (state.dateTo ? 1 : 0);
}

/** The table replaces the grid while a term is applied or any filter is set. */
export function isSearching(state: SearchState): boolean {
  return state.term !== '' || activeFilterCount(state) > 0;
}

/**
 * What the table searches with. A reversed date range is shown as an error in the panel and left out until
 * it is fixed, so the person does not see an empty result caused by a half-typed range.
 */
export function listFiltersOf(state: SearchState): CloudListFilters {
  const invalid = isDateRangeInvalid(state);
  return {
    sort: state.sort,
    search: state.term,
    ext: state.ext,
    dateFrom: invalid ? '' : state.dateFrom,
    dateTo: invalid ? '' : state.dateTo,
  };
}

/** What "save search" stores: only what is set. */
export function savedFiltersOf(state: SearchState): SavedSearchFilters {
  return {
    ...(state.term ? { search: state.term } : {}),
    ...(state.ext.length > 0 ? { ext: [...state.ext] } : {}),
    ...(state.dateFrom ? { dateFrom: state.dateFrom } : {}),
    ...(state.dateTo ? { dateTo: state.dateTo } : {}),
  };
}

export type SearchStore = SearchState & {
  setInput: (input: string) => void;
  /** Enter, the Search button or the debounce. */
  apply: () => void;
  addExtension: (extension: string) => void;
  removeExtension: (extension: string) => void;
  setExtensions: (extensions: readonly string[]) => void;
  setDateFrom: (date: string) => void;
  setDateTo: (date: string) => void;
  clearFilters: () => void;
  applySaved: (filters: SavedSearchFilters) => void;
  toggleSort: (key: SearchSortKey) => void;
  setPage: (page: number) => void;
  close: () => void;
};

/** One store per library on screen: the page and a picker popup above it search independently. */
export function createSearchStore(): StoreApi<SearchStore> {
  return createStore<SearchStore>((set) => ({
    ...initialSearch,
    setInput: (input) => set({ input }),
    apply: () => set(applyInput),
    addExtension: (extension) => set((state) => addExtension(state, extension)),
    removeExtension: (extension) => set((state) => removeExtension(state, extension)),
    setExtensions: (extensions) => set((state) => setExtensions(state, extensions)),
    setDateFrom: (dateFrom) => set((state) => setDates(state, { dateFrom })),
    setDateTo: (dateTo) => set((state) => setDates(state, { dateTo })),
    clearFilters: () => set(clearFilters),
    applySaved: (filters) => set((state) => applySaved(state, filters)),
    toggleSort: (key) => set((state) => toggleSort(state, key)),
    setPage: (page) => set({ page: Math.max(1, Math.floor(page)) }),
    close: () => set(closeSearch),
  }));
}
