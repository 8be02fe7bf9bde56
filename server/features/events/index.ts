import type { FeatureManifest } from '../../platform/features.ts';

/**
 * Events (issue 18): series in local wall time with recurrence, per-occurrence attendance with seats and a
 * waitlist, reminders, calendar feeds. Time core: recurrence.ts, ics.ts; decisions: docs/decisions/events.md.
 */
export const eventsFeature: FeatureManifest = {
  name: 'events',
  routes: () => [
    // events (events.routes.ts), categories and settings (event-categories.routes.ts, event-settings.routes.ts),
    // attendance (attendance.routes.ts), feeds (feeds.routes.ts)
  ],
  queues: {},
  jobs: () => [],
  pathParams: {},
};
