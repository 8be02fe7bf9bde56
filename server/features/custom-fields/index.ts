import type { FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { customFieldRoutes } from './custom-fields.routes.ts';
import { createCustomFieldService } from './custom-fields.service.ts';

/** The app's custom profile fields (ordered, typed). */
export const customFieldsFeature: FeatureManifest = {
  name: 'custom-fields',
  routes: ({ db }) =>
    customFieldRoutes({ customFields: createCustomFieldService({ db }), scopes: createAccessScopes(db), db }),
  pathParams: { customFieldId: 'customFieldId', 'custom-fields/:id': 'customFieldId' },
};
