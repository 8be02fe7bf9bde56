import type { FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { eventCategoryRoutes } from './event-categories.routes.ts';
import { createEventCategoryService } from './event-categories.service.ts';

/**
 * Events (issue 18): series in local wall time with recurrence, per-occurrence attendance with seats and a
 * waitlist, reminders, calendar feeds. Time core: recurrence.ts, ics.ts; decisions: docs/decisions/events.md.
 */
export const eventsFeature: FeatureManifest = {
  name: 'events',
  routes: ({ db }) => [
    // events (events.routes.ts), categories and settings (event-categories.routes.ts, event-settings.routes.ts),
    // attendance (attendance.routes.ts), feeds (feeds.routes.ts)
    ...eventCategoryRoutes({
      db,
      categories: createEventCategoryService({ db }),
      scopes: createAccessScopes(db),
    }),
  ],
  queues: {},
  jobs: () => [],
  pathParams: {
    'events/categories/:id': 'eventCategoryId',
  },
};
