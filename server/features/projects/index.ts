import type { FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { projectRoutes } from './projects.routes.ts';
import { createProjectService } from './projects.service.ts';

/** Projects (workspaces): create, edit, archive, the dashboard's usage against the tariff. */
export const projectsFeature: FeatureManifest = {
  name: 'projects',
  routes: ({ db, config }) =>
    projectRoutes({
      projects: createProjectService({ db, defaultTariffId: config.defaultTariffId }),
      scopes: createAccessScopes(db),
      db,
    }),
  pathParams: { projectId: 'projectId', 'projects/:id': 'projectId' },
};
