import { elementScroll, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';

// How the library's virtualizer (library-content.tsx) reads and writes its scroll box: without forcing the
// browser to lay out the page in the middle of a commit.

/**
 * The scroll box's size as the browser's own layout finds it: reported by a ResizeObserver, whose first report
 * comes after the frame's layout. The virtualizer's default reads clientWidth and clientHeight in its layout
 * effect, which forces a layout of the whole page in the middle of the commit that inserted the cells (a quarter
 * of the library's longest task, profiled). Until the report the virtualizer counts with `initialRect`.
 */
export function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element) {
    return undefined;
  }
  const observer = new ResizeObserver(() =>
    report({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * The virtualizer's size of the box until it is reported: the box is never larger than the screen, so the rows
 * drawn before fill it. Not the window's size: reading innerHeight in the middle of a render forces the layout
 * that `observeRectAfterLayout` avoids. Where the screen has no size (jsdom), the window's.
 */
export function screenRect(): { width: number; height: number } {
  const { width, height } = window.screen;
  return width > 0 && height > 0
    ? { width, height }
    : { width: window.innerWidth, height: window.innerHeight };
}

const started = new WeakSet<Virtualizer<HTMLDivElement, Element>>();

/**
 * The virtualizer's scrolling without its first write. Taking the box, it scrolls it to where it starts, the top,
 * where the box already is (the library puts it there for every new place, cloud-library.tsx), and a scroll, even
 * to where the box is, lays out the whole page at once: 84 ms of the library's longest task before its first
 * paint, profiled at 1×. Every later write (the keyboard's, a scroll to an item) scrolls.
 */
export const scrollAfterStart: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (
  offset,
  options,
  instance,
) => {
  if (!started.has(instance)) {
    started.add(instance);
    if (offset === 0 && !options.adjustments) {
      return;
    }
  }
  elementScroll(offset, options, instance);
};
