import { createStore, type StoreApi } from 'zustand';

/**
 * The library's selection (spec §4 "Selection"): clicking an item toggles it; in single mode a click
 * replaces the selection, in multiple mode it adds. Changing folder clears it. The rubber band sets a
 * range at once. Ids keep their selection order (the picker returns files in the order they were picked).
 */
export type SelectionMode = 'single' | 'multiple';

export type SelectionState = {
  ids: readonly string[];
  /** The item keyboard focus and shift-ranges start from. */
  anchor: string | null;
};

export const emptySelection: SelectionState = { ids: [], anchor: null };

/** A click on an item: selected → unselected; else single mode replaces, multiple mode adds. */
export function toggleItem(state: SelectionState, id: string, mode: SelectionMode): SelectionState {
  if (state.ids.includes(id)) {
    return { ids: state.ids.filter((item) => item !== id), anchor: id };
  }
  return { ids: mode === 'single' ? [id] : [...state.ids, id], anchor: id };
}

/** Shift-click: everything between the anchor and the item (in list order) is added. */
export function selectRange(state: SelectionState, order: readonly string[], id: string): SelectionState {
  const from = state.anchor === null ? -1 : order.indexOf(state.anchor);
  const to = order.indexOf(id);
  if (from === -1 || to === -1) {
    return { ids: state.ids.includes(id) ? state.ids : [...state.ids, id], anchor: id };
  }
  const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
  const ids = [...state.ids, ...range.filter((item) => !state.ids.includes(item))];
  return { ids, anchor: state.anchor };
}

/** The rubber band: exactly the items it covers, plus the earlier selection when it was extended (Ctrl). */
export function selectBand(
  state: SelectionState,
  covered: readonly string[],
  extend: boolean,
): SelectionState {
  const base = extend ? state.ids : [];
  const ids = [...base, ...covered.filter((item) => !base.includes(item))];
  return { ids, anchor: covered.at(-1) ?? state.anchor };
}

/** Items that left the list (deleted, moved away) leave the selection too. */
export function keepListed(state: SelectionState, listed: ReadonlySet<string>): SelectionState {
  const ids = state.ids.filter((item) => listed.has(item));
  return ids.length === state.ids.length
    ? state
    : { ids, anchor: ids.includes(state.anchor ?? '') ? state.anchor : null };
}

export type SelectionStore = SelectionState & {
  toggle: (id: string, mode: SelectionMode) => void;
  range: (order: readonly string[], id: string) => void;
  band: (covered: readonly string[], extend: boolean) => void;
  set: (ids: readonly string[]) => void;
  keep: (listed: ReadonlySet<string>) => void;
  clear: () => void;
};

/** One store per library on screen: the page and a picker popup above it select independently. */
export function createSelectionStore(): StoreApi<SelectionStore> {
  return createStore<SelectionStore>((set) => ({
    ...emptySelection,
    toggle: (id, mode) => set((state) => toggleItem(state, id, mode)),
    range: (order, id) => set((state) => selectRange(state, order, id)),
    band: (covered, extend) => set((state) => selectBand(state, covered, extend)),
    set: (ids) => set({ ids: [...ids], anchor: ids.at(-1) ?? null }),
    keep: (listed) => set((state) => keepListed(state, listed)),
    clear: () => set(emptySelection),
  }));
}
