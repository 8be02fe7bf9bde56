import { useLayoutEffect } from 'react';

/** The layer of a page drawn before the scripts (web/build/skeletons/), present only in web/dist/sign-in.html and projects.html. */
export const bootSkeletonId = 'boot-skeleton';

/**
 * Removes the static skeleton once the app has drawn a real screen under it: a layout effect, so the removal and
 * the new screen reach the display in the same frame. Rendered by the root route (any screen, or its error) and
 * by the app's own error screen.
 */
export function BootSkeletonGone() {
  useLayoutEffect(() => {
    document.getElementById(bootSkeletonId)?.remove();
  }, []);
  return null;
}
