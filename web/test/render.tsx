import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ClientConfig } from '../../contracts/platform';
import { ClientConfigContext } from '../kernel/client-config';
import type { HostKind } from '../kernel/host';
import { HostKindContext } from '../kernel/host-context';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';

export const testClientConfig: ClientConfig = {
  serviceHost: 'localhost:3000',
  publicDomain: 'app.localhost:3000',
  defaultLanguage: 'de',
  languages: ['de', 'en'],
  version: 'test',
  gifs: false,
};

type RenderOptions = {
  /** The route pattern the element is mounted at, e.g. `/:appSlug/auth`. */
  path?: string;
  /** The URL to open; defaults to `path`. */
  url?: string;
  host?: HostKind;
  routes?: RouteObject[];
  queryClient?: QueryClient;
};

/**
 * Renders a route tree with every app provider at `url`, as the app would on `host`; with `queryClient` (the one
 * the route loaders use, `setAppQueryClient`) the screens share the loaders' cache.
 */
export function renderRoutes(
  routes: RouteObject[],
  { url, host = 'service', queryClient }: { url: string; host?: HostKind; queryClient?: QueryClient },
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient ?? createQueryClient()} env="test">
      <ClientConfigContext value={testClientConfig}>
        <HostKindContext value={host}>
          <RouterProvider router={router} />
        </HostKindContext>
      </ClientConfigContext>
    </AppProviders>,
  );
  return { ...result, router };
}

/** Renders a screen with every app provider, a memory router and the test client configuration. */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const path = options.path ?? '/';
  const queryClient = options.queryClient ?? createQueryClient();
  const router = createMemoryRouter([{ path, element: ui }, ...(options.routes ?? [])], {
    initialEntries: [options.url ?? path],
  });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <ClientConfigContext value={testClientConfig}>
        <HostKindContext value={options.host ?? 'service'}>
          <RouterProvider router={router} />
        </HostKindContext>
      </ClientConfigContext>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
