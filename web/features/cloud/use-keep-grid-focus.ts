import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { CloudEntity } from '../../../contracts/cloud';

type KeepGridFocusInput = {
  scrollRef: RefObject<HTMLDivElement | null>;
  items: readonly CloudEntity[];
  /** Another location is another list: the page's heading takes the focus then (kernel/route-focus.ts). */
  locationKey: string;
  extraCount: number;
  focusIndex: number;
  focusCell: (index: number) => void;
};

const lost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Keeps the keyboard in the grid when the focused cell leaves the list (deleted, moved, renamed into another
 * sort position): the cell now at its place takes the focus, instead of `<body>`.
 */
export function useKeepGridFocus({
  scrollRef,
  items,
  locationKey,
  extraCount,
  focusIndex,
  focusCell,
}: KeepGridFocusInput) {
  const inGrid = useRef(false);
  const shownLocation = useRef(locationKey);

  useEffect(() => {
    const track = (event: FocusEvent) => {
      const target = event.target;
      inGrid.current =
        target instanceof HTMLElement &&
        target.closest('[data-cell]') !== null &&
        Boolean(scrollRef.current?.contains(target));
    };
    document.addEventListener('focusin', track);
    return () => document.removeEventListener('focusin', track);
  }, [scrollRef]);

  // A layout effect: the focus is back in the commit that took the cell away, before any key can meet `<body>`.
  useLayoutEffect(() => {
    if (shownLocation.current !== locationKey) {
      shownLocation.current = locationKey;
      inGrid.current = false;
      return;
    }
    const cells = extraCount + items.length;
    if (inGrid.current && lost() && cells > extraCount) {
      focusCell(Math.min(Math.max(focusIndex, extraCount), cells - 1));
    }
    // Only a changed list can take the focused cell away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, locationKey]);
}
