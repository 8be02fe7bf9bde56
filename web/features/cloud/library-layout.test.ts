import { describe, expect, it } from 'vitest';
import { bandRect, cellRect, cellsInBand, libraryLayout, rowCount, stepFocus } from './library-layout';

describe('library layout', () => {
  it('fits 150 px tiles with 12 px gaps into the width, 111 px ones in the popup', () => {
    // 16 px padding on both sides: 1000 - 32 = 968 → (968 + 12) / 162 = 6.05 → 6 columns.
    expect(libraryLayout('grid', 1000, false).columns).toBe(6);
    expect(libraryLayout('grid', 1000, true).columns).toBe(7);
    expect(libraryLayout('grid', 100, false).columns).toBe(1);
    // A phone (390 px): two tiles share the whole width; the picker keeps its tile size.
    expect(libraryLayout('grid', 390, false)).toMatchObject({ columns: 2, tileWidth: 173 });
    expect(libraryLayout('grid', 390, true).tileWidth).toBe(111);
    expect(libraryLayout('grid', 1000, false).rowHeight).toBe(160);
    expect(libraryLayout('list', 1000, false)).toMatchObject({ columns: 1, rowHeight: 60, tileWidth: 968 });
  });

  it('places cells row by row', () => {
    const layout = libraryLayout('grid', 1000, false);
    expect(cellRect(layout, 0)).toEqual({ left: 16, top: 16, right: 166, bottom: 164 });
    expect(cellRect(layout, 7)).toEqual({ left: 178, top: 176, right: 328, bottom: 324 });
    expect(rowCount(layout, 13)).toBe(3);
  });

  it('covers the cells a band touches, including rows scrolled out of view', () => {
    const layout = libraryLayout('grid', 1000, false);
    // From inside cell 1 down to inside cell 14 (row 2, column 2).
    const band = bandRect({ x: 400, y: 480 }, { x: 200, y: 40 });
    expect(cellsInBand(layout, band, 0, 100)).toEqual([1, 2, 7, 8, 13, 14]);
    // Only real cells: the first is the add-new tile and the list has 10 cells.
    expect(cellsInBand(layout, band, 2, 8)).toEqual([2, 7, 8]);
    // A band in the gap between two tiles touches none.
    expect(cellsInBand(layout, bandRect({ x: 167, y: 20 }, { x: 176, y: 100 }), 0, 100)).toEqual([]);
  });

  it('covers whole rows in the list', () => {
    const layout = libraryLayout('list', 800, false);
    expect(cellsInBand(layout, bandRect({ x: 30, y: 70 }, { x: 50, y: 200 }), 0, 50)).toEqual([0, 1, 2, 3]);
  });

  it('moves focus by one cell sideways and one row up and down, within the cells', () => {
    const layout = libraryLayout('grid', 1000, false);
    expect(stepFocus(layout, 3, 'ArrowRight', 20)).toBe(4);
    expect(stepFocus(layout, 3, 'ArrowDown', 20)).toBe(9);
    expect(stepFocus(layout, 3, 'ArrowUp', 20)).toBe(0);
    expect(stepFocus(layout, 17, 'ArrowDown', 20)).toBe(19);
    expect(stepFocus(layout, 5, 'End', 20)).toBe(19);
    expect(stepFocus(layout, 5, 'Home', 20)).toBe(0);
    expect(stepFocus(layout, -1, 'ArrowDown', 20)).toBe(0);
    expect(stepFocus(layout, 0, 'ArrowDown', 0)).toBe(-1);
  });
});
