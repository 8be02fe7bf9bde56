import type { FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { createTaskService } from '../tasks/public.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { memberImportJob } from './import.job.ts';
import { createImportService } from './import.service.ts';
import { createInviteService } from './invite.service.ts';
import { memberRoutes } from './members.routes.ts';
import { memberQueues } from './members.queues.ts';
import { createMemberService } from './members.service.ts';

/** An app's members: list and filters, invitations, the CSV import, moderation, the member page. */
export const membersFeature: FeatureManifest = {
  name: 'members',
  routes: ({ db, mailer, jobs, config, urlSigner, realtime }) => {
    const { appBaseUrl } = appHostOf(config);
    const sign = (path: string) => urlSigner.sign(path);
    return memberRoutes({
      members: createMemberService({
        db,
        sign,
        disconnectProfile: (profileId) => realtime.disconnectProfile(profileId),
      }),
      invites: createInviteService({ db, mailer, appBaseUrl, sign }),
      imports: createImportService({ db, jobs, tasks: createTaskService({ db }), appBaseUrl }),
      scopes: createAccessScopes(db),
      db,
    });
  },
  queues: memberQueues,
  jobs: ({ db, mailer }) => [memberImportJob({ db, mailer })],
  pathParams: { profileId: 'profileId', memberId: 'profileId', 'profiles/:id': 'profileId' },
};
