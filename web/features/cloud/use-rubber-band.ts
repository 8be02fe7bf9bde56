import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { bandRect, type Rect } from './library-layout';

type Point = { x: number; y: number };

type RubberBandOptions = {
  scrollRef: RefObject<HTMLElement | null>;
  /** Called while the band grows and when it ends, with the band in content coordinates. */
  onBand: (band: Rect, extend: boolean) => void;
  /** A press on the background without dragging (clears the selection). */
  onBackgroundClick: () => void;
  enabled: boolean;
};

/** Pixels the pointer must travel before a press becomes a band (a plain click stays a click). */
const startThreshold = 5;
/** How close to the top or bottom edge the pointer must be for the list to scroll along, and how fast. */
const edge = 40;
const scrollStep = 18;

function contentPoint(element: HTMLElement, clientX: number, clientY: number): Point {
  const bounds = element.getBoundingClientRect();
  return { x: clientX - bounds.left + element.scrollLeft, y: clientY - bounds.top + element.scrollTop };
}

/**
 * The rubber band (spec §2 "rubber-band multi-select"): pressing on the library's background and dragging
 * draws a rectangle; what it covers is selected. It is computed from the layout, not from the rendered
 * tiles, so a band that scrolls the virtual list along also covers rows that are not rendered. Presses on
 * a tile are left to the tile (click, drag to move).
 */
export function useRubberBand({ scrollRef, onBand, onBackgroundClick, enabled }: RubberBandOptions) {
  const [band, setBand] = useState<Rect | null>(null);
  const start = useRef<Point | null>(null);
  const last = useRef<{ clientX: number; clientY: number; extend: boolean } | null>(null);
  const dragging = useRef(false);
  const frame = useRef<number | null>(null);
  const handlers = useRef({ onBand, onBackgroundClick });
  handlers.current = { onBand, onBackgroundClick };

  const update = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !start.current || !last.current) {
      return;
    }
    const point = contentPoint(element, last.current.clientX, last.current.clientY);
    const rect = bandRect(start.current, point);
    setBand(rect);
    handlers.current.onBand(rect, last.current.extend);
  }, [scrollRef]);

  // While the pointer rests near an edge, the list scrolls and the band follows.
  const autoScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !last.current || !dragging.current) {
      frame.current = null;
      return;
    }
    const bounds = element.getBoundingClientRect();
    const y = last.current.clientY;
    const delta = y < bounds.top + edge ? -scrollStep : y > bounds.bottom - edge ? scrollStep : 0;
    if (delta !== 0) {
      element.scrollTop += delta;
      update();
    }
    frame.current = window.requestAnimationFrame(autoScroll);
  }, [scrollRef, update]);

  const stop = useCallback(() => {
    start.current = null;
    last.current = null;
    dragging.current = false;
    setBand(null);
    if (frame.current !== null) {
      window.cancelAnimationFrame(frame.current);
      frame.current = null;
    }
  }, []);

  useEffect(() => stop, [stop]);

  const handlePointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const element = scrollRef.current;
      const target = event.target as HTMLElement;
      if (!enabled || !element || event.button !== 0 || event.pointerType === 'touch') {
        return;
      }
      // Tiles, buttons and the scrollbar keep their own behaviour.
      if (target.closest('[data-cell], button, a, input, [role="menu"]')) {
        return;
      }
      const bounds = element.getBoundingClientRect();
      if (event.clientX > bounds.left + element.clientWidth) {
        return;
      }
      start.current = contentPoint(element, event.clientX, event.clientY);
      last.current = {
        clientX: event.clientX,
        clientY: event.clientY,
        extend: event.ctrlKey || event.metaKey,
      };
      const startClient = { x: event.clientX, y: event.clientY };

      const handleMove = (move: PointerEvent) => {
        last.current = { clientX: move.clientX, clientY: move.clientY, extend: move.ctrlKey || move.metaKey };
        if (!dragging.current) {
          if (Math.hypot(move.clientX - startClient.x, move.clientY - startClient.y) < startThreshold) {
            return;
          }
          dragging.current = true;
          frame.current = window.requestAnimationFrame(autoScroll);
        }
        move.preventDefault();
        update();
      };
      const handleUp = () => {
        window.removeEventListener('pointermove', handleMove);
        window.removeEventListener('pointerup', handleUp);
        window.removeEventListener('pointercancel', handleUp);
        if (!dragging.current) {
          handlers.current.onBackgroundClick();
        }
        stop();
      };
      window.addEventListener('pointermove', handleMove);
      window.addEventListener('pointerup', handleUp);
      window.addEventListener('pointercancel', handleUp);
    },
    [autoScroll, enabled, scrollRef, stop, update],
  );

  return { band, handlePointerDown };
}
