import type { FeatureManifest } from '../../platform/features.ts';
import { systemRoutes } from './system.routes.ts';

/** Health, client configuration and version. */
export const systemFeature: FeatureManifest = {
  name: 'system',
  routes: ({ config, database }) => systemRoutes({ config, database }),
};
