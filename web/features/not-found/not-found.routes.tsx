import type { RouteObject } from 'react-router';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const notFoundRoute: RouteObject = {
  path: '*',
  lazy: async () => ({ Component: (await loadChunk(() => import('./not-found-page'))).NotFoundPage }),
};

export const notFoundFeature: WebFeature = {
  name: 'not-found',
  routes: { service: [notFoundRoute], app: [notFoundRoute], appHostRoot: [notFoundRoute] },
};
