import type { FeatureManifest } from '../../platform/features.ts';
import { createCodeService, createSessionService } from '../auth/public.ts';
import { invitationRoutes } from './invitations.routes.ts';
import { createInvitationService } from './invitations.service.ts';

/** Joining an app from an invitation mail or link (`/auth/join/{token}`). */
export const invitationsFeature: FeatureManifest = {
  name: 'invitations',
  routes: ({ db, tokens, codePepper, mailer, logger }) => {
    const sessions = createSessionService({ db, tokens, logger });
    const codes = createCodeService({ db, pepper: codePepper });
    return invitationRoutes({ invitations: createInvitationService({ db, codes, sessions, mailer }) });
  },
  pathParams: { invitationToken: 'credential' },
};
