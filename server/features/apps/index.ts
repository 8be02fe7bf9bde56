import type { FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { appHostOf } from './apps.presenter.ts';
import { appRoutes } from './apps.routes.ts';
import { createAppServicesService } from './app-services.service.ts';
import { createAppsService } from './apps.service.ts';

/** Branded apps of a project: create, settings, services, archive. */
export const appsFeature: FeatureManifest = {
  name: 'apps',
  routes: ({ db, config, urlSigner }) =>
    appRoutes({
      apps: createAppsService({
        db,
        host: { ...appHostOf(config), sign: (path) => urlSigner.sign(path) },
      }),
      appServices: createAppServicesService({ db }),
      scopes: createAccessScopes(db),
      db,
    }),
  pathParams: { appId: 'appId', 'apps/:id': 'appId', service: 'service' },
};
