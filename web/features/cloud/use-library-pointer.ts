import {
  useCallback,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { CloudEntity } from '../../../contracts/cloud';
import type { CellHandlers } from './library-cell';
import { cellRect, cellsInBand, stepFocus, type LibraryLayout, type Rect } from './library-layout';
import type { SelectionMode, SelectionStore } from './selection-store';

export type LibraryIntent =
  | { type: 'open'; entity: CloudEntity }
  | { type: 'pick'; entity: CloudEntity }
  | { type: 'rename'; entity: CloudEntity }
  | { type: 'delete'; entities: CloudEntity[] }
  | { type: 'menu'; entity: CloudEntity };

type PointerOptions = {
  items: readonly CloudEntity[];
  /** Cells before the items (add-new tile, uploads). */
  extraCount: number;
  store: StoreApi<SelectionStore>;
  popup: boolean;
  touch: boolean;
  /** The picker's mode; the page selects one item per click and more with Ctrl, Shift or the checkbox. */
  selectionMode: SelectionMode;
  scrollRef: RefObject<HTMLDivElement | null>;
  onIntent: (intent: LibraryIntent) => void;
};

const arrowKeys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'] as const;
type ArrowKey = (typeof arrowKeys)[number];
const isArrowKey = (key: string): key is ArrowKey => (arrowKeys as readonly string[]).includes(key);

/**
 * How the library answers the mouse, touch and keyboard (spec §4 "Selection", issue "Keyboard"): clicks select
 * (single mode replaces, multiple adds, a selected item is unselected), double-click or Enter opens, the band
 * selects what it covers, Delete deletes, F2 renames, Escape clears, the arrows move the focus, Space selects,
 * Shift with the arrows or Space selects a range, Shift+F10 or the context-menu key opens the item's menu.
 */
export function useLibraryPointer(options: PointerOptions) {
  const { items, extraCount, store, popup, touch, selectionMode, scrollRef, onIntent } = options;
  const ids = useStore(store, (state) => state.ids);
  const selectedIds = useMemo(() => new Set(ids), [ids]);
  const [focusIndex, setFocusIndex] = useState(-1);
  const layoutRef = useRef<LibraryLayout | null>(null);
  const latest = useRef({ items, extraCount, popup, touch, selectionMode, onIntent });
  latest.current = { items, extraCount, popup, touch, selectionMode, onIntent };

  const order = useMemo(() => items.map((item) => item.id), [items]);
  const orderRef = useRef(order);
  orderRef.current = order;

  const handleLayout = useCallback((layout: LibraryLayout) => {
    layoutRef.current = layout;
  }, []);

  const focusCell = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      const layout = layoutRef.current;
      setFocusIndex(index);
      if (!element || !layout || index < 0) {
        return;
      }
      const rect = cellRect(layout, index);
      if (rect.top < element.scrollTop) {
        element.scrollTop = rect.top - layout.padding;
      } else if (rect.bottom > element.scrollTop + element.clientHeight) {
        element.scrollTop = rect.bottom - element.clientHeight + layout.padding;
      }
      const cell = (): HTMLElement | null => element.querySelector<HTMLElement>(`[data-index="${index}"]`);
      const drawn = cell();
      if (drawn) {
        // At once: a focus deferred to the next frame could land after a key the person pressed meanwhile.
        drawn.focus({ preventScroll: true });
        return;
      }
      // A cell scrolled into view is drawn by the virtualizer in its next frame.
      window.requestAnimationFrame(() => cell()?.focus({ preventScroll: true }));
    },
    [scrollRef],
  );

  const handlers = useMemo<CellHandlers>(
    () => ({
      onClick: (entity: CloudEntity, event: MouseEvent) => {
        const { popup: inPopup, touch: isTouch, selectionMode: mode, onIntent: intent } = latest.current;
        // In the picker a folder is for going into; on a phone a tap opens (the checkbox selects).
        if ((inPopup && entity.isFolder) || (isTouch && !inPopup)) {
          intent({ type: 'open', entity });
          return;
        }
        if (event.shiftKey) {
          store.getState().range(orderRef.current, entity.id);
        } else if (event.ctrlKey || event.metaKey) {
          store.getState().toggle(entity.id, 'multiple');
        } else {
          store.getState().toggle(entity.id, inPopup ? mode : 'single');
        }
      },
      onDoubleClick: (entity: CloudEntity) => {
        const { popup: inPopup, onIntent: intent } = latest.current;
        intent(inPopup && !entity.isFolder ? { type: 'pick', entity } : { type: 'open', entity });
      },
      onCheck: (entity: CloudEntity) => {
        const { popup: inPopup, selectionMode: mode } = latest.current;
        store.getState().toggle(entity.id, inPopup ? mode : 'multiple');
      },
      onContextMenu: (entity: CloudEntity) => latest.current.onIntent({ type: 'menu', entity }),
      onFocusCell: (index: number) => setFocusIndex(index),
    }),
    [store],
  );

  const handleBand = useCallback(
    (band: Rect, extend: boolean) => {
      const layout = layoutRef.current;
      if (!layout) {
        return;
      }
      const { extraCount: extras, items: listed } = latest.current;
      const covered = cellsInBand(layout, band, extras, listed.length).map(
        (index) => listed[index - extras]!.id,
      );
      store.getState().band(covered, extend);
    },
    [store],
  );

  const selectedEntities = useCallback(
    () => latest.current.items.filter((item) => store.getState().ids.includes(item.id)),
    [store],
  );

  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      // Only keys pressed on a cell are the grid's: those of the "…" button, the checkbox, the add tile and
      // an open menu (a portal, but inside the cell in React's tree) belong to them.
      if (!(event.target instanceof HTMLElement) || !event.target.matches('[data-cell]')) {
        return;
      }
      const { items: listed, extraCount: extras, onIntent: intent } = latest.current;
      const cells = extras + listed.length;
      // The cell the key was pressed on, even before its focus reached the state.
      const focusIndex = Number(event.target.dataset.index ?? -1);
      const focused = focusIndex >= extras ? listed[focusIndex - extras] : undefined;
      const layout = layoutRef.current;
      if (isArrowKey(event.key) && layout) {
        event.preventDefault();
        const next = stepFocus(layout, focusIndex < extras ? extras - 1 : focusIndex, event.key, cells);
        focusCell(Math.max(next, Math.min(extras, cells - 1)));
        if (event.shiftKey && listed[next - extras]) {
          // A range starts at the item the focus leaves when nothing is anchored yet.
          if (focused && store.getState().anchor === null) {
            store.getState().range(orderRef.current, focused.id);
          }
          store.getState().range(orderRef.current, listed[next - extras]!.id);
        }
        return;
      }
      const selected = selectedEntities();
      if (focused && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
        // The browser also sends a contextmenu event for these keys; one menu is enough.
        event.preventDefault();
        intent({ type: 'menu', entity: focused });
        return;
      }
      switch (event.key) {
        case ' ':
          if (focused) {
            event.preventDefault();
            if (event.shiftKey) {
              store.getState().range(orderRef.current, focused.id);
            } else {
              store
                .getState()
                .toggle(focused.id, latest.current.popup ? latest.current.selectionMode : 'multiple');
            }
          }
          return;
        case 'Enter':
          if (focused) {
            event.preventDefault();
            intent({ type: latest.current.popup && !focused.isFolder ? 'pick' : 'open', entity: focused });
          }
          return;
        case 'Delete':
        case 'Backspace': {
          const targets = selected.length > 0 ? selected : focused ? [focused] : [];
          if (targets.length > 0 && !latest.current.popup) {
            event.preventDefault();
            intent({ type: 'delete', entities: targets });
          }
          return;
        }
        case 'F2': {
          const target = selected.length === 1 ? selected[0] : selected.length === 0 ? focused : undefined;
          if (target) {
            event.preventDefault();
            intent({ type: 'rename', entity: target });
          }
          return;
        }
        case 'Escape':
          if (store.getState().ids.length > 0) {
            event.preventDefault();
            event.stopPropagation();
            store.getState().clear();
          }
          return;
        case 'a':
          if (event.ctrlKey || event.metaKey) {
            event.preventDefault();
            store.getState().set(orderRef.current);
          }
          return;
        default:
      }
    },
    [focusCell, selectedEntities, store],
  );

  return {
    selectedIds,
    focusIndex,
    setFocusIndex,
    focusCell,
    handlers,
    handleBand,
    handleKeyDown,
    handleLayout,
    selectedEntities,
  };
}
