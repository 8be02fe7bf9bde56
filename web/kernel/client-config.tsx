import { createContext, useContext } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { clientConfigSchema, type ClientConfig } from '../../contracts/platform';
import { api } from '../api/client';

export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: ({ signal }) => api.get('/client-config', { schema: clientConfigSchema, signal }),
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
