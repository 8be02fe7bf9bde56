import { describe, expect, it } from 'vitest';
import {
  createSelectionStore,
  emptySelection,
  keepListed,
  selectBand,
  selectRange,
  toggleItem,
} from './selection-store';

describe('selection rules (spec §4 "Selection")', () => {
  it('a click toggles: selected, then unselected (RULE-20)', () => {
    const once = toggleItem(emptySelection, 'a', 'single');
    expect(once.ids).toEqual(['a']);
    expect(toggleItem(once, 'a', 'single').ids).toEqual([]);
  });

  it('single mode replaces the selection (RULE-21)', () => {
    const state = toggleItem(toggleItem(emptySelection, 'a', 'single'), 'b', 'single');
    expect(state.ids).toEqual(['b']);
  });

  it('multiple mode adds to it, in the order of the clicks (RULE-22)', () => {
    const state = toggleItem(
      toggleItem(toggleItem(emptySelection, 'c', 'multiple'), 'a', 'multiple'),
      'b',
      'multiple',
    );
    expect(state.ids).toEqual(['c', 'a', 'b']);
    expect(toggleItem(state, 'a', 'multiple').ids).toEqual(['c', 'b']);
  });

  it('shift adds the range between the anchor and the item, either way round', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    const anchored = toggleItem(emptySelection, 'b', 'single');
    expect(selectRange(anchored, order, 'd').ids).toEqual(['b', 'c', 'd']);
    expect(selectRange(toggleItem(emptySelection, 'd', 'single'), order, 'a').ids).toEqual([
      'd',
      'a',
      'b',
      'c',
    ]);
    // Without an anchor only the item itself.
    expect(selectRange(emptySelection, order, 'c').ids).toEqual(['c']);
  });

  it('the rubber band selects what it covers, and adds to the selection only when extended', () => {
    const before = toggleItem(emptySelection, 'x', 'single');
    expect(selectBand(before, ['a', 'b'], false).ids).toEqual(['a', 'b']);
    expect(selectBand(before, ['a', 'x', 'b'], true).ids).toEqual(['x', 'a', 'b']);
    // A band that shrinks back selects less again.
    expect(selectBand(selectBand(before, ['a', 'b'], false), ['a'], false).ids).toEqual(['a']);
  });

  it('items that leave the list leave the selection', () => {
    const state = { ids: ['a', 'b', 'c'], anchor: 'c' };
    expect(keepListed(state, new Set(['a', 'b']))).toEqual({ ids: ['a', 'b'], anchor: null });
    const unchanged = keepListed(state, new Set(['a', 'b', 'c', 'd']));
    expect(unchanged).toBe(state);
  });

  it('the store clears, sets and keeps its own selection apart from another store (page and popup)', () => {
    const page = createSelectionStore();
    const popup = createSelectionStore();
    page.getState().toggle('a', 'single');
    popup.getState().toggle('b', 'multiple');
    popup.getState().toggle('c', 'multiple');
    expect(page.getState().ids).toEqual(['a']);
    expect(popup.getState().ids).toEqual(['b', 'c']);
    page.getState().set(['d', 'e']);
    expect(page.getState()).toMatchObject({ ids: ['d', 'e'], anchor: 'e' });
    page.getState().clear();
    expect(page.getState().ids).toEqual([]);
  });
});
