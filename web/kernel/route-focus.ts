import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** The id of every shell's `<main>`: the skip link's target. */
export const mainContentId = 'main-content';

/** How long a page may take to show its heading after a navigation (lazy chunk, first query). */
const headingWaitMs = 8000;

/** A field the new page focused itself (autofocus) keeps the focus; so does anything in an open dialog. */
function focusTakenByPage(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) {
    return false;
  }
  if (active.closest('[role="dialog"], [role="alertdialog"], [aria-modal="true"]')) {
    return true;
  }
  return active.matches(
    'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"]',
  );
}

/**
 * Focuses the page's heading (the first `h1` in `main`), made focusable by script only (tabindex -1), or
 * `main` itself when the page has no heading. Returns whether there was something to focus.
 */
export function focusPageStart(main: HTMLElement, { scroll = false } = {}): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    if (target === main) {
      // `main` must not stay focusable: a click on its empty space would focus it.
      main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
    }
  }
  target.dataset.pageStart = '';
  target.focus({ preventScroll: !scroll });
  return heading !== null;
}

/**
 * After the page changes (a new path, not the first load and not a changed query), moves the focus to the new
 * page's heading, so keyboard and screen reader users start reading at the page instead of at `<body>`. The
 * heading may come a little later (lazy screens, loading data): it is waited for, a few seconds at most. A
 * field the new page focused itself keeps the focus.
 */
export function useFocusPageOnNavigation(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) {
      return;
    }
    previous.current = pathname;
    const main = mainRef.current;
    if (!main) {
      return;
    }
    // Whatever had the focus when the page changed (the link followed, or nothing): once the person has moved
    // on from it while the heading was still coming, the focus stays where they put it.
    const startedOn = document.activeElement;
    const movedOn = () => {
      const active = document.activeElement;
      return active !== startedOn && active !== document.body && active !== null;
    };
    const attempt = () =>
      focusTakenByPage() || movedOn() || (main.querySelector('h1') !== null && focusPageStart(main));
    if (attempt()) {
      return;
    }
    const observer = new MutationObserver(() => {
      if (attempt()) {
        stop();
      }
    });
    const timer = window.setTimeout(() => {
      stop();
      // Still no heading: the start of the content, unless the person has moved on meanwhile.
      if (document.activeElement === document.body || document.activeElement === null) {
        focusPageStart(main);
      }
    }, headingWaitMs);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainRef]);
}
