import { startTransition, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { Loader } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { cloudDefaults } from '../../../contracts/constants';
import { LibraryCell, type CellHandlers } from './library-cell';
import {
  cellRect,
  libraryLayout,
  rowCount,
  type LibraryLayout,
  type LibraryView,
  type Rect,
} from './library-layout';
import classes from './cloud-library.module.css';
import { observeRectAfterLayout, screenRect, scrollAfterStart } from './virtualizer-options';

/** Cells drawn before the items: the add-new tile and the uploading tiles. */
export type ExtraCell = { key: string; render: (style: React.CSSProperties, width: number) => ReactNode };

type LibraryContentProps = {
  view: LibraryView;
  popup: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  items: readonly CloudEntity[];
  extraCells: readonly ExtraCell[];
  selectedIds: ReadonlySet<string>;
  /** Ids being dragged: those folders accept no drop (RULE-24). */
  draggedIds: ReadonlySet<string>;
  focusIndex: number;
  canDrag: boolean;
  showCheckboxes: boolean;
  handlers: CellHandlers;
  renderMenu: (entity: CloudEntity, options: { tabbable: boolean }) => ReactNode;
  /** The grid's accessible name (where it is: "My files", a folder). */
  label: string;
  multiselectable: boolean;
  band: Rect | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onNeedMore: () => void;
  onLayout: (layout: LibraryLayout) => void;
};

/** Spec §9: the next page is asked for this close to the end (px): 250 in the grid, 30 in the list. */
const paginationOffset = (view: LibraryView) =>
  view === 'grid' ? cloudDefaults.gridPaginationOffsetPx : cloudDefaults.listPaginationOffsetPx;

/**
 * The box's width, or null until it is measured after the first commit: in an effect, not a layout effect (when
 * the box and this content mount together, the box's ref is attached only after its children's layout effects
 * ran), and in the next frame, with the layout the browser does then anyway rather than one forced at the end
 * of the commit. Measures arrive in a transition: the cells then render in slices that give the main thread
 * back, instead of in one long task.
 */
function useWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) {
      return;
    }
    const measure = () => startTransition(() => setWidth(element.clientWidth));
    const frame = requestAnimationFrame(measure);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

/**
 * The library's items as a virtual grid or list (spec §9: rows of 160 px / 60 px), so a folder of 20,000
 * files renders only what is on screen. Pages are appended as the end comes near.
 */
export function LibraryContent(props: LibraryContentProps) {
  const { view, popup, scrollRef, items, extraCells, hasNextPage, isFetchingNextPage, onNeedMore, onLayout } =
    props;
  const { t } = useTranslation();
  const width = useWidth(scrollRef);
  const layout = libraryLayout(view, width || 800, popup);
  // No cells before the width is known: they would be laid out for a guessed width and all drawn again.
  const cells = width === null ? 0 : extraCells.length + items.length;
  const rows = rowCount(layout, cells);

  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => layout.rowHeight,
    paddingStart: layout.padding,
    paddingEnd: layout.padding,
    overscan: 4,
    observeElementRect: observeRectAfterLayout,
    initialRect: screenRect(),
    scrollToFn: scrollAfterStart,
  });

  useEffect(() => {
    onLayout(layout);
    // `layout` is derived from these three; the object itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout.columns, layout.view, layout.contentWidth, onLayout]);

  useEffect(() => {
    virtualizer.measure();
  }, [layout.rowHeight, layout.columns, virtualizer]);

  // Near the end (or when the content does not even fill the box): the next page.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || width === null) {
      return;
    }
    const check = () => {
      const rest = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (
        hasNextPage &&
        !isFetchingNextPage &&
        rest <= Math.max(paginationOffset(view), 0) + layout.rowHeight
      ) {
        onNeedMore();
      }
    };
    // Measured in the next frame, with the layout the browser draws anyway, not forced in the middle of a render.
    const frame = requestAnimationFrame(check);
    element.addEventListener('scroll', check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', check);
    };
  }, [scrollRef, width, hasNextPage, isFetchingNextPage, onNeedMore, view, layout.rowHeight, cells]);

  const total = virtualizer.getTotalSize();
  // ARIA grid (rows of cells): a cell may hold its checkbox and "…" menu button, which listbox options may
  // not; only the rows on screen exist, so each says where it is (aria-rowindex of aria-rowcount).
  return (
    <>
      <div
        className={classes.content}
        style={{ height: total }}
        role="grid"
        aria-label={props.label}
        aria-multiselectable={props.multiselectable}
        aria-rowcount={rows}
        data-testid="cloud-grid"
      >
        {virtualizer.getVirtualItems().map((row) => {
          const first = row.index * layout.columns;
          const rowCells: ReactNode[] = [];
          for (let index = first; index < Math.min(first + layout.columns, cells); index += 1) {
            const rect = cellRect(layout, index);
            // left/top, not a transform: dnd-kit measures drop targets without their transforms.
            const style = { left: rect.left, top: rect.top };
            if (index < extraCells.length) {
              const extra = extraCells[index]!;
              rowCells.push(
                <div
                  key={extra.key}
                  role="gridcell"
                  className={classes.extraCell}
                  style={{ ...style, width: layout.tileWidth }}
                >
                  {extra.render({}, layout.tileWidth)}
                </div>,
              );
              continue;
            }
            const entity = items[index - extraCells.length]!;
            rowCells.push(
              <LibraryCell
                key={entity.id}
                entity={entity}
                index={index}
                view={view}
                width={layout.tileWidth}
                style={style}
                selected={props.selectedIds.has(entity.id)}
                focused={index === props.focusIndex || (props.focusIndex < 0 && index === extraCells.length)}
                draggable={props.canDrag && !entity.isDeleted && entity.permissions.can.includes('move')}
                droppable={entity.isFolder && !entity.isDeleted && !props.draggedIds.has(entity.id)}
                showCheckbox={props.showCheckboxes}
                handlers={props.handlers}
                renderMenu={props.renderMenu}
                priority={row.index === 0}
              />,
            );
          }
          // The row has no box of its own: its cells are placed within the grid.
          return (
            <div key={row.key} role="row" aria-rowindex={row.index + 1} className={classes.gridRow}>
              {rowCells}
            </div>
          );
        })}
      </div>
      {props.band ? (
        <div
          className={classes.band}
          data-testid="rubber-band"
          style={{
            left: props.band.left,
            top: props.band.top,
            width: props.band.right - props.band.left,
            height: props.band.bottom - props.band.top,
          }}
        />
      ) : null}
      {isFetchingNextPage ? (
        <div
          className={classes.moreLoader}
          style={{ top: total - layout.padding }}
          role="status"
          aria-label={t('cloud.list.loadingMore')}
        >
          <Loader size="sm" />
        </div>
      ) : null}
    </>
  );
}
