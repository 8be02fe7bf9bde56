import { createContext, useContext } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { clientConfigSchema, type ClientConfig } from '../../contracts/platform';
import { api } from '../api/client';

declare global {
  // Only an interface merges into the DOM's Window.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    /** The answer a pre-painted page's boot script asked for while the app's scripts downloaded. */
    gemeindeClientConfig?: Promise<unknown>;
  }
}

/**
 * The configuration, from the request the pre-painted page's boot script started (web/build/boot-after-paint.js)
 * where there is one: taken once, so that a later fetch asks the server. Where it failed or does not parse, the
 * app asks itself, with its own error handling.
 */
async function fetchClientConfig(signal: AbortSignal): Promise<ClientConfig> {
  const early = window.gemeindeClientConfig;
  window.gemeindeClientConfig = undefined;
  if (early) {
    const parsed = clientConfigSchema.safeParse(await early.catch(() => undefined));
    if (parsed.success) {
      return parsed.data;
    }
  }
  return api.get('/client-config', { schema: clientConfigSchema, signal });
}

export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: ({ signal }) => fetchClientConfig(signal),
  staleTime: Infinity,
  retry: 1,
  // A failure shows the full-page error with its own retry button instead of a notification.
  meta: { silent: true },
});

export const ClientConfigContext = createContext<ClientConfig | null>(null);

/** The server's client configuration; null only outside the configured app (tests, the boot screen). */
export function useClientConfig(): ClientConfig | null {
  return useContext(ClientConfigContext);
}
