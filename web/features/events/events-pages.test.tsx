import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contracts/events';
import type { App } from '../../../contracts/apps';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, urlOf, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { page } from '../../test/workspace-fixtures';
import {
  adminApp,
  appShellRoutes,
  bySlugPath,
  calendarPath,
  listPath,
  memberApp,
  testEvent,
  uuid,
} from './events-test-data';

// The screens are looked at a week before the meetup of 27 October 2026 (only the date is faked: timers run).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-10-20T12:00:00.000Z'));
  signInForTest();
});

afterEach(() => {
  vi.useRealTimers();
});

function open(url: string, routes: Record<string, Route>, app: App = memberApp) {
  const fetchMock = stubFetch({ ...appShellRoutes(app), ...routes });
  renderRoutes(createRoutes('app'), { url, host: 'app' });
  return fetchMock;
}

/** The first screen of a file waits for the app's routes and the lazy chunks to load. */
const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

const meetup = testEvent({}, { attendeesCount: 7 });
const abroad = testEvent(
  {
    id: uuid(7002),
    name: 'Webinar mit New York',
    slug: 'webinar',
    timeZone: 'America/New_York',
    eventType: 'virtual',
    inPersonLocation: null,
    virtualLocationUrl: 'https://meet.example.org/abc',
    rule: null,
    recurringEventPattern: null,
    participantsNumberLimit: null,
  },
  {
    id: '2026-10-28T10:00:00',
    startsAt: '2026-10-28T14:00:00.000Z',
    endsAt: '2026-10-28T15:00:00.000Z',
    myStatus: 'going',
  },
);

describe('the events list', { timeout: 30_000 }, () => {
  it('groups the upcoming occurrences by day with times, place, seats and the member’s standing', async () => {
    const fetchMock = open('/akademie/events', { [listPath]: () => json(200, page([meetup, abroad])) });
    await findHeading('Veranstaltungen');
    const cards = await screen.findAllByTestId('event-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: /Dienstag, 27. Oktober 2026/ })).toBeTruthy();
    expect(within(cards[0]!).getByText('19:00')).toBeTruthy();
    expect(within(cards[0]!).getByText('Café Mitte, Hamburg')).toBeTruthy();
    expect(within(cards[0]!).getByText('Noch 3 Plätze frei')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('event-own-zone').textContent).toContain('10:00 America/New_York');
    expect(within(cards[1]!).getByTestId('event-joined').textContent).toBe('Angemeldet');
    expect(within(cards[1]!).getByRole('link', { name: 'Webinar mit New York' }).getAttribute('href')).toBe(
      '/akademie/events/webinar/view?occurrence=2026-10-28T10:00:00',
    );
    const [list] = callsOf(fetchMock, '/events');
    expect(list?.get('filter')).toBe('upcoming');
    expect(list?.get('timeZone')).toBe('Europe/Berlin');
    expect(screen.queryByTestId('event-create')).toBeNull();
    await expectNoAxeViolations(screen.getByTestId('events-page'));
  });

  it('offers a new event to those who may create one, and says when nothing is planned', async () => {
    open('/akademie/events?filter=self', { [listPath]: () => json(200, page([])) }, adminApp);
    await findHeading('Veranstaltungen');
    expect((await screen.findByTestId('events-empty')).textContent).toContain(
      'Sie haben sich noch für keine anstehende Veranstaltung angemeldet.',
    );
    expect(screen.getByTestId('event-create').getAttribute('href')).toBe('/akademie/events/create');
  });

  it('shows the month from Monday with chips per day and the rest behind +n', async () => {
    const sameDay = [0, 1, 2, 3, 4].map((n) =>
      testEvent({ id: uuid(7010 + n), name: `Kurs ${n + 1}` }, { id: `2026-10-27T1${n}:00:00` }),
    );
    const fetchMock = open('/akademie/events?view=month&date=2026-10-14', {
      [calendarPath]: () => json(200, page(sameDay)),
    });
    await findHeading('Veranstaltungen');
    expect((await screen.findByTestId('calendar-label')).textContent).toBe('Oktober 2026');
    const month = await screen.findByTestId('events-month');
    await within(month).findByText('Kurs 1');
    expect(within(month).getAllByTestId('calendar-event')).toHaveLength(3);
    expect(within(month).getByTestId('calendar-more').textContent).toBe('+2 weitere');
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toBe('Mo');
    const asked = callsOf(fetchMock, '/events/calendar');
    expect(asked[0]?.get('from')).toBe('2026-09-28');
    expect(asked[0]?.get('to')).toBe('2026-11-01');

    fireEvent.click(screen.getByRole('button', { name: 'Nächster Monat' }));
    await waitFor(() => expect(screen.getByTestId('calendar-label').textContent).toBe('November 2026'));
    await expectNoAxeViolations(month);
  });

  it('shows the week with the days as columns', async () => {
    const fetchMock = open('/akademie/events?view=week&date=2026-10-28', {
      [calendarPath]: () => json(200, page([meetup])),
    });
    await findHeading('Veranstaltungen');
    const week = await screen.findByTestId('events-week');
    await within(week).findByText('Stammtisch');
    expect(screen.getByTestId('calendar-label').textContent).toMatch(/^26\. Okt\.\s–\s1\. Nov\. 2026$/);
    const asked = callsOf(fetchMock, '/events/calendar');
    expect([asked[0]?.get('from'), asked[0]?.get('to')]).toEqual(['2026-10-26', '2026-11-01']);
  });
});

/** The query of every call (of `method`) whose path ends so, in order. */
function callsOf(fetchMock: ReturnType<typeof stubFetch>, ending: string, method = 'GET') {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith(ending))
    .map((url) => url.searchParams);
}

describe('the event page', { timeout: 30_000 }, () => {
  const occurrence = meetup.occurrence;

  it('shows when, how often and where, and joins the occurrence', async () => {
    const joined: Event['occurrence'] = { ...occurrence, myStatus: 'going', attendeesCount: 8 };
    const fetchMock = open(`/akademie/events/stammtisch/view?occurrence=${occurrence.id}`, {
      [bySlugPath('stammtisch')]: () => json(200, { data: meetup }),
      [`GET /api/events/${meetup.id}/attendees`]: () =>
        json(403, { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }),
      [`POST /api/events/${meetup.id}/join`]: () => json(200, { data: joined }),
    });
    await findHeading('Stammtisch');
    expect(screen.getByTestId('event-date').textContent).toBe('Dienstag, 27. Oktober 2026');
    expect(screen.getByTestId('event-recurrence').textContent).toBe('Jeden Dienstag');
    expect(screen.getByTestId('event-seats').textContent).toBe('Noch 3 Plätze frei');
    expect(callsOf(fetchMock, '/by-slug/stammtisch')[0]?.get('occurrence')).toBe(occurrence.id);

    fireEvent.click(screen.getByTestId('event-join'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `POST /api/events/${meetup.id}/join`)).toEqual([
        { occurrence: occurrence.id },
      ]),
    );
    await expectNoAxeViolations(screen.getByTestId('event-page'));
  });

  it('offers the waitlist when the seats are taken', async () => {
    const full = testEvent({}, { attendeesCount: 10, waitlistCount: 2 });
    open('/akademie/events/stammtisch/view', {
      [bySlugPath('stammtisch')]: () => json(200, { data: full }),
      [`GET /api/events/${meetup.id}/attendees`]: () =>
        json(403, { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }),
    });
    await findHeading('Stammtisch');
    expect(screen.getByTestId('event-join').textContent).toBe('Auf die Warteliste');
    expect(screen.getByTestId('event-seats').textContent).toBe(
      'Alle Plätze sind vergeben; 2 Personen warten.',
    );
  });

  it('lists the attendees with the export for the team, and deletes one date of a series', async () => {
    const team = testEvent({
      permissions: { can: ['view', 'join', 'leave', 'edit', 'delete', 'export_attendees'] },
    });
    const fetchMock = open(
      `/akademie/events/stammtisch/view?occurrence=${occurrence.id}`,
      {
        [bySlugPath('stammtisch')]: () => json(200, { data: team }),
        [`GET /api/events/${meetup.id}/attendees`]: () =>
          json(
            200,
            page([
              {
                id: uuid(6003),
                firstName: 'Clara',
                lastName: 'Vogel',
                avatarUrl: null,
                status: 'going',
                joinedAt: '2026-10-02T10:00:00.000Z',
              },
            ]),
          ),
        [`DELETE /api/events/${meetup.id}`]: () => new Response(null, { status: 204 }),
        [listPath]: () => json(200, page([])),
      },
      adminApp,
    );
    await findHeading('Stammtisch');
    expect(await screen.findByText('Clara Vogel')).toBeTruthy();
    expect(screen.getByTestId('event-attendees-csv')).toBeTruthy();
    expect(screen.getByTestId('event-edit').getAttribute('href')).toBe(
      `/akademie/events/stammtisch/edit?occurrence=${occurrence.id}`,
    );

    fireEvent.click(screen.getByTestId('event-delete'));
    const dialog = await screen.findByTestId('event-delete-dialog');
    expect(within(dialog).getByLabelText('Nur diesen Termin')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Diesen und alle folgenden'));
    fireEvent.click(within(dialog).getByTestId('event-delete-confirm'));
    await waitFor(() => expect(callsOf(fetchMock, `/events/${meetup.id}`, 'DELETE')).toHaveLength(1));
    const [query] = callsOf(fetchMock, `/events/${meetup.id}`, 'DELETE');
    expect([query?.get('scope'), query?.get('occurrence')]).toEqual(['following', occurrence.id]);
    await findHeading('Veranstaltungen');
  });
});
