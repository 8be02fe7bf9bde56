import type { FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { invitationLinkRoutes } from './invitation-links.routes.ts';
import { createInvitationLinkService } from './invitation-links.service.ts';

/** Invite links of an app: whoever holds one joins with the link's tags and plans. */
export const invitationLinksFeature: FeatureManifest = {
  name: 'invitation-links',
  routes: ({ db, config }) =>
    invitationLinkRoutes({
      invitationLinks: createInvitationLinkService({ db, appBaseUrl: appHostOf(config).appBaseUrl }),
      scopes: createAccessScopes(db),
      db,
    }),
  pathParams: { invitationId: 'invitationLinkId', 'invitations/:id': 'invitationLinkId' },
};
