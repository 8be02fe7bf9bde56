import { cloudDefaults } from '../../../contracts/constants';

/**
 * Where every cell of the library's grid or list sits (spec §9: tiles 150 px wide, 111 in the popup; rows of
 * 160 px in the grid and 60 px in the list). The virtual scroller, the keyboard and the rubber band all work
 * from these numbers, so the band also covers cells that are scrolled out and not rendered.
 */
export type LibraryView = 'grid' | 'list';

/** Where the browser keeps the view last chosen (use-library-view.ts). */
export const libraryViewStorageKey = 'cloud.view';

export type LibraryLayout = {
  view: LibraryView;
  columns: number;
  tileWidth: number;
  rowHeight: number;
  gap: number;
  padding: number;
  /** Width of a list row (the content width). */
  contentWidth: number;
};

export type Rect = { left: number; top: number; right: number; bottom: number };

export const gridGap = 12;
export const contentPadding = 16;

export function libraryLayout(view: LibraryView, width: number, popup: boolean): LibraryLayout {
  const tileWidth = popup ? cloudDefaults.popupGridTileWidthPx : cloudDefaults.gridTileWidthPx;
  const contentWidth = Math.max(0, width - 2 * contentPadding);
  if (view === 'list') {
    return {
      view,
      columns: 1,
      tileWidth: contentWidth,
      rowHeight: cloudDefaults.listItemSizePx,
      gap: 0,
      padding: contentPadding,
      contentWidth,
    };
  }
  const columns = Math.max(1, Math.floor((contentWidth + gridGap) / (tileWidth + gridGap)));
  // A phone's page holds two or three tiles: they share its whole width instead of leaving a strip empty.
  const narrow = !popup && columns <= 3;
  return {
    view,
    columns,
    tileWidth: narrow
      ? Math.max(tileWidth, Math.floor((contentWidth - gridGap * (columns - 1)) / columns))
      : tileWidth,
    rowHeight: cloudDefaults.gridItemSizePx,
    gap: gridGap,
    padding: contentPadding,
    contentWidth,
  };
}

export const rowCount = (layout: LibraryLayout, cells: number) => Math.ceil(cells / layout.columns);

/** The rectangle of a cell in the scroll content's coordinates. */
export function cellRect(layout: LibraryLayout, index: number): Rect {
  const row = Math.floor(index / layout.columns);
  const column = index % layout.columns;
  const left = layout.padding + column * (layout.tileWidth + layout.gap);
  const top = layout.padding + row * layout.rowHeight;
  return { left, top, right: left + layout.tileWidth, bottom: top + layout.rowHeight - layout.gap };
}

const overlaps = (a: Rect, b: Rect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The cells from `first` to `first + count - 1` that the band touches. */
export function cellsInBand(layout: LibraryLayout, band: Rect, first: number, count: number): number[] {
  const covered: number[] = [];
  const firstRow = Math.max(0, Math.floor((band.top - layout.padding) / layout.rowHeight));
  const lastRow = Math.floor((band.bottom - layout.padding) / layout.rowHeight);
  for (let row = firstRow; row <= lastRow; row += 1) {
    for (let column = 0; column < layout.columns; column += 1) {
      const index = row * layout.columns + column;
      if (index >= first && index < first + count && overlaps(cellRect(layout, index), band)) {
        covered.push(index);
      }
    }
  }
  return covered;
}

/** The rectangle between two points, whichever way the pointer went. */
export function bandRect(from: { x: number; y: number }, to: { x: number; y: number }): Rect {
  return {
    left: Math.min(from.x, to.x),
    top: Math.min(from.y, to.y),
    right: Math.max(from.x, to.x),
    bottom: Math.max(from.y, to.y),
  };
}

/** The cell the arrow keys move focus to (RULE: arrows move focus), clamped to the cells that exist. */
export function stepFocus(
  layout: LibraryLayout,
  index: number,
  key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End',
  count: number,
): number {
  if (count === 0) {
    return -1;
  }
  const steps = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -layout.columns,
    ArrowDown: layout.columns,
    Home: -Infinity,
    End: Infinity,
  } as const;
  const next = index < 0 ? 0 : index + steps[key];
  return Math.min(count - 1, Math.max(0, next));
}
