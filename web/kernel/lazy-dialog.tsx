import { lazy, Suspense, useState, type ComponentType, type JSX, type ReactNode } from 'react';
import { loadChunk } from './chunk';

/**
 * A dialog whose code loads the first time it opens (`opened`), not with the screen that offers it; mounted
 * from then on, so that it fades out as it closes. A chunk that fails to load is a ChunkLoadError.
 */
export function lazyDialog<P extends { opened: boolean }>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => JSX.Element | null {
  const Loaded = lazy(() => loadChunk(load).then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    return useOpenedOnce(props.opened) ? (
      <Suspense fallback={null}>
        <Loaded {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    ) : null;
  };
}

/** Whether a dialog has been opened at least once: from then on it stays mounted, so that it fades out as it closes. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) {
    setOnce(true);
  }
  return once || opened;
}

/**
 * A dialog mounted the first time it opens, not with the screen that offers it: a closed Mantine modal renders
 * nothing, but its hooks still run (the scroll lock's timer, focus return, listeners) while the screen mounts.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }): ReactNode {
  return useOpenedOnce(opened) ? children : null;
}
