import type { FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { teamRoutes } from './team.routes.ts';
import { createTeamService } from './team.service.ts';

/** The project's team: invitations by e-mail, pause, removal, team settings. */
export const teamFeature: FeatureManifest = {
  name: 'team',
  routes: ({ db, mailer, config }) =>
    teamRoutes({
      team: createTeamService({ db, mailer, publicBaseUrl: config.publicBaseUrl }),
      scopes: createAccessScopes(db),
      db,
    }),
  pathParams: { teamMemberId: 'teamMemberId', 'teams/:id': 'teamMemberId' },
};
