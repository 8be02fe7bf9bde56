import { createContext, useContext } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { routerResultSchema, type RouterApp } from '../../contracts/router';
import { api } from '../api/client';

export type { RouterApp };

/**
 * `GET /router?url=` (AUTH-20): the app an address of the app host shows. Keyed by the slug (an app's pages
 * share one answer) and by who asks, since the caller's abilities (`permissions.can`) come with it.
 */
export function currentAppQuery(slug: string, address: string, accountId: string | null) {
  return queryOptions({
    queryKey: ['router', slug, accountId],
    queryFn: ({ signal }) =>
      api.get('/router', { query: { url: address }, schema: routerResultSchema, signal }),
    select: (result) => result.app,
    // A 404 is an answer (the not-found page), not a failure to notify about.
    meta: { silent: true },
    staleTime: 5 * 60_000,
    // Signing in or out asks again; the app on screen stays meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === slug ? previous : undefined,
  });
}

export const CurrentAppContext = createContext<RouterApp | null>(null);

/** The app of the app host's current address, or null outside an app (the service host, `/` of an app host). */
export function useOptionalCurrentApp(): RouterApp | null {
  return useContext(CurrentAppContext);
}

/** The app of the current address; only for screens below `/:appSlug`, where the app shell resolved it. */
export function useCurrentApp(): RouterApp {
  const app = useContext(CurrentAppContext);
  if (!app) {
    throw new Error('useCurrentApp() is used outside an app: the app shell provides it under /:appSlug.');
  }
  return app;
}
