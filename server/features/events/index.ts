import type { FeatureContext, FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { registerCommentEntity } from '../community/public.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { createNotifier } from '../notifications/public.ts';
import { attendanceRoutesOf } from './attendance.routes.ts';
import { createWaitlistMover, type EventDelivery } from './attendance.service.ts';
import { createConfirmations } from './confirmation.ts';
import { eventReminderQueues, eventRemindersJobOf } from './reminders.job.ts';
import { eventCategoryRoutes } from './event-categories.routes.ts';
import { createEventCategoryService } from './event-categories.service.ts';
import { eventSettingsRoutes } from './event-settings.routes.ts';
import { createEventSettingsService } from './event-settings.service.ts';
import { createEventScopes } from './events.access.ts';
import { eventCommentEntity } from './events.comments.ts';
import { createKeptEventAnswers } from './events-kept.ts';
import { createEventEdits } from './events.edits.ts';
import { eventRoutes } from './events.routes.ts';
import { createEventService } from './events.service.ts';
import { feedRoutes } from './feeds.routes.ts';
import { createFeedService, feedKeyOf } from './feeds.service.ts';

// Members comment on events with the community's comments engine (events.comments.ts).
registerCommentEntity('event', eventCommentEntity);

/**
 * Events (issue 18): series in local wall time with recurrence, per-occurrence attendance with seats and a
 * waitlist, reminders, calendar feeds. Time core: recurrence.ts, ics.ts; decisions: docs/decisions/events.md.
 */
export const eventsFeature: FeatureManifest = {
  name: 'events',
  routes: (context) => {
    const delivery = eventDeliveryOf(context);
    // events (events.routes.ts), categories and settings (event-categories.routes.ts, event-settings.routes.ts),
    // attendance (attendance.routes.ts), feeds (feeds.routes.ts)
    return [
      ...eventCategoryRoutes({
        db: context.db,
        categories: createEventCategoryService({ db: context.db }),
        scopes: createAccessScopes(context.db),
      }),
      ...eventSettingsRoutes({
        settings: createEventSettingsService({ db: context.db }),
        scopes: createAccessScopes(context.db),
      }),
      ...feedRoutesOf(context),
      ...attendanceRoutesOf(context, delivery),
      ...eventRoutesOf(context, delivery),
    ];
  },
  queues: { ...eventReminderQueues },
  jobs: (context) => [eventRemindersJobOf(context)],
  pathParams: {
    'events/categories/:id': 'eventCategoryId',
    'events/:id': 'eventId',
    eventSlug: 'eventSlug',
    // The private feed's token is itself the secret (server/test/route-table.ts credentialParams).
    feedToken: 'credential',
  },
};

/** Calendar feeds (feeds.routes.ts): the member's private feed, the app's public one, one event's file. */
function feedRoutesOf({ db, config, codePepper }: FeatureContext) {
  const feeds = createFeedService({
    db,
    appBaseUrl: appHostOf(config).appBaseUrl,
    feedKey: feedKeyOf(codePepper),
  });
  return feedRoutes({ feeds, scopes: createAccessScopes(db), eventScopes: createEventScopes(db) });
}

/** The confirmation mails and notifications of joins and of the waitlist moving up, shared by the routes. */
function eventDeliveryOf({ config, logger, realtime, jobs, mailer }: FeatureContext): EventDelivery {
  return {
    confirmations: createConfirmations({ mailer, appBaseUrl: appHostOf(config).appBaseUrl, logger }),
    notifier: createNotifier({ realtime, jobs, logger }),
  };
}

/** The events themselves (events.routes.ts): lists, calendar, page, create, edit, delete. */
function eventRoutesOf(context: FeatureContext, delivery: EventDelivery) {
  const { db, config, urlSigner } = context;
  const deps = {
    db,
    sign: (path: string) => urlSigner.sign(path),
    imageOrigins: [appHostOf(config).appBaseUrl, config.publicBaseUrl],
  };
  const waitlists = createWaitlistMover({ db, ...delivery });
  return eventRoutes({
    events: createEventService(deps),
    edits: createEventEdits({ ...deps, waitlists }),
    kept: createKeptEventAnswers(db),
    scopes: createAccessScopes(db),
    eventScopes: createEventScopes(db),
  });
}
