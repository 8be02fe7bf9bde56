import { useMatches } from 'react-router';

/** What a route tells the shell about itself through `handle`. */
export type RouteHandle = {
  /** The screen paints its own full-bleed backdrop; the header becomes see-through. */
  immersive?: boolean;
  /**
   * Who may open the route (spec §2), enforced by the shell's guards before anything loads: `signedIn` sends
   * visitors without a session to sign-in and back afterwards, `guest` sends signed-in people home. Applies
   * to the route's children too.
   */
  access?: 'signedIn' | 'guest';
  /**
   * The screen keeps the bottom corners for itself (a composer with its send button): the features' floating
   * overlays (the support widget) stay away. Applies to the route's children too.
   */
  withoutOverlays?: boolean;
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

export function useIsImmersiveRoute(): boolean {
  const matches = useMatches();
  return matches.some((match) => isRouteHandle(match.handle) && match.handle.immersive === true);
}

export function useRouteWithoutOverlays(): boolean {
  const matches = useMatches();
  return matches.some((match) => isRouteHandle(match.handle) && match.handle.withoutOverlays === true);
}
