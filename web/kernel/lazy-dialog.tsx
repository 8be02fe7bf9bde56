import { lazy, Suspense, useState, type ComponentType, type JSX } from 'react';
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
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) {
      setWanted(true);
    }
    return wanted ? (
      <Suspense fallback={null}>
        <Loaded {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    ) : null;
  };
}
