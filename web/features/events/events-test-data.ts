import type { Event } from '../../../contracts/events';
import type { App } from '../../../contracts/apps';
import { json, testApp, type Route } from '../../test/fixtures';
import { page } from '../../test/workspace-fixtures';

/**
 * The events' test data: the app "Akademie Nord" and its weekly meetup, shaped like the server's answers
 * (contracts/events.ts). Anna reads in Europe/Berlin.
 */
export const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

const viewer = {
  profileId: uuid(6001),
  sanction: null,
  punishedUntil: null,
  language: null,
  timezone: 'Europe/Berlin',
  avatarUrl: null,
};

/** Anna, a member: she may see events and join them. */
export const memberApp: App = { ...testApp, permissions: { can: ['view', 'view_events'] }, viewer };
/** The app's admin: creates events too. */
export const adminApp: App = {
  ...testApp,
  permissions: { can: ['view', 'view_events', 'create_event', 'edit'] },
  viewer,
};

/** The weekly Tuesday meetup at 19:00 in Berlin, about its occurrence of 27 October 2026 (after the clock change). */
export function testEvent(
  overrides: Partial<Event> = {},
  occurrence: Partial<Event['occurrence']> = {},
): Event {
  const id = overrides.id ?? uuid(7001);
  return {
    id,
    name: 'Stammtisch',
    slug: 'stammtisch',
    description: '<p>Wir treffen uns jede Woche.</p>',
    excerpt: 'Wir treffen uns jede Woche.',
    category: { id: uuid(7101), name: 'Treffen' },
    cover: null,
    attachments: [],
    hosts: [{ id: uuid(6002), firstName: 'Ben', lastName: 'Maier', avatarUrl: null }],
    eventType: 'person',
    virtualLocationUrl: null,
    inPersonLocation: 'Café Mitte, Hamburg',
    timeZone: 'Europe/Berlin',
    startsAtLocal: '2026-10-20T19:00:00',
    durationInSeconds: 7200,
    rule: 'FREQ=WEEKLY;BYDAY=TU',
    recurringEventPattern: { frequency: 'weekly', dayType: 'everyday', interval: 1, weekdays: ['TU'] },
    participantsNumberLimit: 10,
    isEmailConfirmationEnabled: true,
    isReminderEnabled: true,
    reminderOffsetsInSeconds: [3600],
    access: 'auth',
    commentsCount: 0,
    author: null,
    occurrence: {
      id: '2026-10-27T19:00:00',
      startsAt: '2026-10-27T18:00:00.000Z',
      endsAt: '2026-10-27T20:00:00.000Z',
      isCancelled: false,
      isChanged: false,
      attendeesCount: 7,
      waitlistCount: 0,
      myStatus: null,
      waitlistPosition: null,
      ...occurrence,
    },
    calendarLinks: {
      ics: `/api/events/${id}/calendar.ics`,
      google: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
      outlook: 'https://outlook.live.com/calendar/0/action/compose',
    },
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    permissions: { can: ['view', 'join', 'leave'] },
    ...overrides,
  };
}

/** What the app's shell reads around a screen. */
export const appShellRoutes = (app: App): Record<string, Route> => ({
  'GET /api/router': () => json(200, { type: 'app', entity: null, app }),
  [`GET /api/apps/${app.id}/notifications/counters`]: () => json(200, { notifications: 0 }),
  [`GET /api/apps/${app.id}/events/categories`]: () =>
    json(200, page([{ id: uuid(7101), name: 'Treffen', position: 1, eventsCount: 1 }])),
});

export const listPath = `GET /api/apps/${testApp.id}/events`;
export const calendarPath = `GET /api/apps/${testApp.id}/events/calendar`;
export const bySlugPath = (slug: string) => `GET /api/apps/${testApp.id}/events/by-slug/${slug}`;
