import type { FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { contactRoutes } from './contacts.routes.ts';
import { createContactService } from './contacts.service.ts';
import { createGeneralProfileService } from './general-profile.service.ts';

/** Every person a project knows, with their apps, and their general profile. */
export const contactsFeature: FeatureManifest = {
  name: 'contacts',
  routes: ({ db }) =>
    contactRoutes({
      contacts: createContactService({ db }),
      generalProfiles: createGeneralProfileService({ db }),
      scopes: createAccessScopes(db),
      db,
    }),
  pathParams: { contactId: 'contactId', 'contacts/:id': 'contactId' },
};
