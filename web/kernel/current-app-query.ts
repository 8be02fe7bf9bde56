import { queryOptions } from '@tanstack/react-query';
import { routerResultSchema } from '../../contracts/router';
import { api } from '../api/client';
import { masqueradeHeader } from './current-app';

// Its own module, for the app host's shell alone: the router's answer is the whole app, whose schema (and every
// other of contracts/apps.ts) would otherwise be built as every page of the product starts.

/**
 * `GET /router?url=` (AUTH-20): the app an address of the app host shows. Keyed by the slug (an app's pages
 * share one answer), by who asks and as whom (the abilities in `permissions.can` differ).
 */
export function currentAppQuery(
  slug: string,
  address: string,
  accountId: string | null,
  masqueradeProfileId: string | null = null,
) {
  return queryOptions({
    queryKey: ['router', slug, accountId, masqueradeProfileId],
    queryFn: ({ signal }) =>
      api.get('/router', {
        query: { url: address },
        schema: routerResultSchema,
        signal,
        headers: masqueradeProfileId ? { [masqueradeHeader]: masqueradeProfileId } : undefined,
      }),
    select: (result) => result.app,
    // A 404 is an answer (the not-found page), not a failure to notify about.
    meta: { silent: true },
    staleTime: 5 * 60_000,
    // Signing in or out asks again; the app on screen stays meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === slug ? previous : undefined,
  });
}
