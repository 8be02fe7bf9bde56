import type { QueryClient } from '@tanstack/react-query';

let current: QueryClient | null = null;

/** main.tsx hands the app's query client over once it exists (a test that renders the routes, its own; null after). */
export function setAppQueryClient(client: QueryClient | null): void {
  current = client;
}

/**
 * The app's query client, for route loaders that ask for a screen's data while the screen's code is still loading
 * (the answer then waits in the cache for the component's own query). Null in tests that render without it.
 */
export function appQueryClient(): QueryClient | null {
  return current;
}
