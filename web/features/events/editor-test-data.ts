import type { Event, EventCategory, EventSettings } from '../../../contracts/events';
import type { App } from '../../../contracts/apps';
import { json, testApp, type Route } from '../../test/fixtures';

/**
 * The editor's and settings' test data: the weekly "Offene Sprechstunde" of the app "Akademie Nord", Tuesdays at
 * 19:00 in Berlin from 6 October 2026, shaped like the server's answers (contracts/events.ts).
 */
const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

/** The app's team: it creates events and opens settings/events. */
export const teamApp: App = {
  ...testApp,
  permissions: { can: ['view', 'edit', 'view_events', 'create_event', 'view_profiles'] },
};

/** What the app's shell reads around a screen, and the timezone list the zone field offers. */
export const shellRoutes = (app: App = teamApp): Record<string, Route> => ({
  'GET /api/router': () => json(200, { type: 'app', entity: null, app }),
  [`GET /api/apps/${app.id}/notifications/counters`]: () => json(200, { notifications: 0 }),
  'GET /api/timezones': () =>
    json(200, {
      data: [
        { tzCode: 'Europe/Berlin', utc: '+01:00' },
        { tzCode: 'America/New_York', utc: '-05:00' },
      ],
    }),
});

export function testEventSettings(overrides: Partial<EventSettings> = {}): EventSettings {
  return {
    creators: 'admins',
    defaultDurationInSeconds: 5400,
    defaultParticipantsNumberLimit: 25,
    defaultReminderOffsetsInSeconds: [86_400, 3_600],
    isEmailConfirmationEnabledByDefault: true,
    ...overrides,
  };
}

export const categories: EventCategory[] = [
  { id: uuid(9101), name: 'Workshops', position: 1, eventsCount: 3 },
  { id: uuid(9102), name: 'Meet-ups', position: 2, eventsCount: 0 },
  { id: uuid(9103), name: 'Sprechstunden', position: 3, eventsCount: 12 },
];

export const host = { id: uuid(6002), firstName: 'Ben', lastName: 'Maier', avatarUrl: null };

/** The weekly series, answered about its occurrence of Tuesday 27 October (after the clocks went back). */
export function testEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: uuid(9001),
    name: 'Offene Sprechstunde',
    slug: 'offene-sprechstunde',
    description: '<p>Fragen rund um den Kurs.</p>',
    excerpt: 'Fragen rund um den Kurs.',
    category: { id: categories[2]!.id, name: categories[2]!.name },
    cover: null,
    attachments: [
      { id: uuid(9201), name: 'Agenda.pdf', mimeType: 'application/pdf', size: 1200, url: '/f/1' },
    ],
    hosts: [host],
    eventType: 'virtual',
    virtualLocationUrl: 'https://meet.example/sprechstunde',
    inPersonLocation: null,
    timeZone: 'Europe/Berlin',
    startsAtLocal: '2026-10-06T19:00:00',
    durationInSeconds: 3600,
    rule: 'FREQ=WEEKLY',
    recurringEventPattern: { frequency: 'weekly', dayType: 'everyday', interval: 1 },
    participantsNumberLimit: 20,
    isEmailConfirmationEnabled: true,
    isReminderEnabled: true,
    reminderOffsetsInSeconds: [86_400, 3_600],
    access: 'auth',
    commentsCount: 0,
    author: host,
    occurrence: {
      id: '2026-10-27T19:00:00',
      startsAt: '2026-10-27T18:00:00.000Z',
      endsAt: '2026-10-27T19:00:00.000Z',
      isCancelled: false,
      isChanged: false,
      attendeesCount: 4,
      waitlistCount: 0,
      myStatus: null,
      waitlistPosition: null,
    },
    calendarLinks: {
      ics: '/api/events/x/ics',
      google: 'https://calendar.google.com',
      outlook: 'https://outlook.live.com',
    },
    createdAt: '2026-09-01T10:00:00.000Z',
    updatedAt: '2026-09-01T10:00:00.000Z',
    permissions: { can: ['view', 'edit', 'delete', 'join', 'comment'] },
    ...overrides,
  };
}
