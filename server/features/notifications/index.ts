import type { FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { createNotificationMails, notificationMailJob } from './mail.job.ts';
import { newPostJob } from './new-post.job.ts';
import { ownProfileScope } from '../profile/public.ts';
import { createPushSender, vapidSource, vapidSubject } from './push.ts';
import { pushJob } from './push.job.ts';
import { pushRoutes } from './push.routes.ts';
import { createPushSubscriptionService } from './push.service.ts';
import { createNotifier, notificationQueues } from './notifier.ts';
import { notificationRoutes } from './notifications.routes.ts';
import { createNotificationScopes } from './notifications.scopes.ts';
import { createNotificationService } from './notifications.service.ts';
import { createOnboardingService } from './onboarding.service.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { createUnsubscribeLinks, createUnsubscribeService } from './unsubscribe.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';

/**
 * Notifications (issue 16): the in-app list and badge, e-mail after a hold and digests, one-click unsubscribe,
 * web push, and the fan-out of new posts. The rules: docs/decisions/notifications.md.
 */
export const notificationsFeature: FeatureManifest = {
  name: 'notifications',
  routes: ({ db, realtime, jobs, logger, urlSigner, config }) => {
    const notifier = createNotifier({ realtime, jobs, logger });
    const vapid = vapidSource(db, vapidSubject(config));
    return [
      ...pushRoutes({ push: createPushSubscriptionService({ db, vapid }), ownProfile: ownProfileScope(db) }),
      ...notificationRoutes({
        notifications: createNotificationService({ db, sign: (path) => urlSigner.sign(path), notifier }),
        scopes: createNotificationScopes(db),
      }),
      ...unsubscribeRoutes({
        unsubscribe: createUnsubscribeService({ db, links: createUnsubscribeLinks(db) }),
      }),
      ...onboardingRoutes({ onboarding: createOnboardingService({ db }), scopes: createAccessScopes(db) }),
    ];
  },
  queues: notificationQueues,
  jobs: ({ db, realtime, jobs, logger, mailer, config }) => {
    const notifier = createNotifier({ realtime, jobs, logger });
    const mails = createNotificationMails({
      db,
      mailer,
      links: createUnsubscribeLinks(db),
      appBaseUrl: appHostOf(config).appBaseUrl,
      logger,
    });
    const push = createPushSender({ db, logger, vapid: vapidSource(db, vapidSubject(config)) });
    return [newPostJob({ db, notifier }), notificationMailJob(mails), pushJob({ db, realtime, push })];
  },
  pathParams: {
    'notifications/:id': 'notificationId',
    hash: 'credential',
  },
};
