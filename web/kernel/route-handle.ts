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
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

export function useIsImmersiveRoute(): boolean {
  const matches = useMatches();
  return matches.some((match) => isRouteHandle(match.handle) && match.handle.immersive === true);
}
