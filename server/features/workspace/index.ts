import type { FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { workspaceRoutes } from './workspace.routes.ts';
import { createWorkspaceService } from './workspace.service.ts';

/** The service host's project list and the app router (`GET /api/router`). */
export const workspaceFeature: FeatureManifest = {
  name: 'workspace',
  routes: ({ db, config, urlSigner }) =>
    workspaceRoutes({
      workspace: createWorkspaceService({
        db,
        host: { ...appHostOf(config), sign: (path) => urlSigner.sign(path) },
      }),
    }),
};
