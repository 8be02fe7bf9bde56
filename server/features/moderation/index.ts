import type { FeatureManifest } from '../../platform/features.ts';
import { postsPublishedTo } from '../community/public.ts';
import { createNotifier } from '../notifications/public.ts';
import { createDecisionService } from './decisions.service.ts';
import { createInboxService } from './inbox.service.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { reportRoutes } from './reports.routes.ts';
import { createReportService } from './reports.service.ts';
import { createModerationSignals } from './signals.ts';

/**
 * Moderation (issue 16): reports of posts and comments, pre-moderation, the inbox with its decisions, the
 * moderation settings and their hourly limits. Rules: moderation.policy.ts and docs/decisions/notifications.md
 * "Moderation"; the community calls in through public.ts when a post or comment is written.
 */
export const moderationFeature: FeatureManifest = {
  name: 'moderation',
  routes: ({ db, realtime, jobs, logger, urlSigner }) => {
    const sign = (path: string) => urlSigner.sign(path);
    const notifier = createNotifier({ realtime, jobs, logger });
    const signals = createModerationSignals({ db, realtime, logger });
    return [
      ...moderationRoutes({
        db,
        inbox: createInboxService({ db, sign }),
        decisions: createDecisionService({
          db,
          sign,
          notifier,
          signals,
          onPublished: postsPublishedTo(realtime, notifier),
        }),
      }),
      ...reportRoutes({ db, reports: createReportService({ db, signals }) }),
    ];
  },
  pathParams: {
    'moderation/:id': 'moderationItemId',
  },
};
