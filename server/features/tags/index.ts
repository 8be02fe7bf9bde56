import type { FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { tagRoutes } from './tags.routes.ts';
import { createTagService } from './tags.service.ts';

/** Member tags of an app, with the default tags blocked and punished. */
export const tagsFeature: FeatureManifest = {
  name: 'tags',
  routes: ({ db }) => tagRoutes({ tags: createTagService({ db }), scopes: createAccessScopes(db), db }),
  pathParams: { tagId: 'tagId', 'tags/:id': 'tagId' },
};
