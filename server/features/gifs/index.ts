import type { FeatureManifest } from '../../platform/features.ts';
import { gifRoutes } from './gifs.routes.ts';
import { createGifService } from './gifs.service.ts';
import { gifImageOrigins } from './giphy.client.ts';

/** GIF search and trending through the provider (Giphy) with the deployment's key. */
export const gifsFeature: FeatureManifest = {
  name: 'gifs',
  routes: ({ config, logger }) => gifRoutes({ gifs: createGifService({ config: config.gifs, logger }) }),
  imageOrigins: (config) => gifImageOrigins(config.gifs),
};
