import type { FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { attendanceRoutesOf } from './attendance.routes.ts';
import { eventCategoryRoutes } from './event-categories.routes.ts';
import { createEventCategoryService } from './event-categories.service.ts';

/**
 * Events (issue 18): series in local wall time with recurrence, per-occurrence attendance with seats and a
 * waitlist, reminders, calendar feeds. Time core: recurrence.ts, ics.ts; decisions: docs/decisions/events.md.
 */
export const eventsFeature: FeatureManifest = {
  name: 'events',
  routes: (context) => [
    // events (events.routes.ts), categories and settings (event-categories.routes.ts, event-settings.routes.ts),
    // attendance (attendance.routes.ts), feeds (feeds.routes.ts)
    ...eventCategoryRoutes({
      db: context.db,
      categories: createEventCategoryService({ db: context.db }),
      scopes: createAccessScopes(context.db),
    }),
    ...attendanceRoutesOf(context),
  ],
  queues: {},
  jobs: () => [],
  pathParams: {
    'events/categories/:id': 'eventCategoryId',
  },
};
