import { useMatches } from 'react-router';

/** What a route tells the shell about itself through `handle`. */
export type RouteHandle = {
  /** The screen paints its own full-bleed backdrop; the header becomes see-through. */
  immersive?: boolean;
};

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

export function useIsImmersiveRoute(): boolean {
  const matches = useMatches();
  return matches.some((match) => isRouteHandle(match.handle) && match.handle.immersive === true);
}
