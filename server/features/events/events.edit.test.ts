import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contracts/events.ts';
import { eventAttendees, eventOverrides, events } from '../../db/schema/index.ts';
import { communityApp, communityCaller } from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);

/** An app with a weekly event of its owner (Berlin) and helpers to read it back. */
async function weeklyEvent(startsAt: string, pattern: object = { frequency: 'weekly' }) {
  const tenant = await communityApp(server);
  const created = await call('POST', `/api/apps/${tenant.app.id}/events`, tenant.owner, {
    name: 'Live-Call',
    startsAt,
    timeZone: 'Europe/Berlin',
    durationInSeconds: 3600,
    recurringEventPattern: pattern,
  });
  expect(created.statusCode, created.body).toBe(201);
  const event = created.json<{ data: Event }>().data;
  const patch = async (body: object, id = event.id) => {
    const response = await call('PATCH', `/api/events/${id}`, tenant.owner, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Event }>().data;
  };
  /** The occurrences of local dates from…to in Berlin: [event id, occurrence id, start, name]. */
  const calendar = async (from: string, to: string) => {
    const response = await call(
      'GET',
      `/api/apps/${tenant.app.id}/events/calendar?from=${from}&to=${to}&timeZone=Europe/Berlin`,
      tenant.member,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ data: Event[] }>()
      .data.map((item) => [item.id, item.occurrence.id, item.occurrence.startsAt, item.name]);
  };
  const join = (occurrence: string, startsAt: string, profileId = tenant.member.profileId) =>
    tenant.db
      .insert(eventAttendees)
      .values({ eventId: event.id, occurrence, profileId, status: 'going', startsAt: new Date(startsAt) });
  const attendees = async () =>
    (
      await tenant.db
        .select()
        .from(eventAttendees)
        .where(eq(eventAttendees.profileId, tenant.member.profileId))
    )
      .map((row) => [row.eventId, row.occurrence, row.startsAt.toISOString()])
      .sort((a, b) => a[1]!.localeCompare(b[1]!));
  const row = async (id = event.id) => (await tenant.db.select().from(events).where(eq(events.id, id)))[0]!;
  return { tenant, event, patch, calendar, join, attendees, row };
}

describe(`event edits (${testDriver})`, () => {
  it('changes one occurrence on its own (moved, renamed), cancels and restores it', async () => {
    const { tenant, event, patch, calendar, join, attendees, row } = await weeklyEvent('2030-03-04T19:00');
    await join('2030-03-11T19:00:00', '2030-03-11T18:00:00Z');
    const moved = await patch({
      scope: 'this',
      occurrence: '2030-03-11T19:00:00',
      startsAt: '2030-03-12T20:00',
      name: 'Ausnahmsweise Dienstag',
    });
    expect(moved).toMatchObject({
      id: event.id,
      name: 'Ausnahmsweise Dienstag',
      occurrence: { id: '2030-03-11T19:00:00', startsAt: '2030-03-12T19:00:00.000Z', isChanged: true },
    });
    expect(await attendees()).toEqual([[event.id, '2030-03-11T19:00:00', '2030-03-12T19:00:00.000Z']]);
    expect(await calendar('2030-03-09', '2030-03-19')).toEqual([
      [event.id, '2030-03-11T19:00:00', '2030-03-12T19:00:00.000Z', 'Ausnahmsweise Dienstag'],
      [event.id, '2030-03-18T19:00:00', '2030-03-18T18:00:00.000Z', 'Live-Call'],
    ]);
    expect((await row()).sequence).toBe(1);

    // Only what one occurrence can have of its own; an occurrence the rule makes.
    const url = `/api/events/${event.id}`;
    const hosts = await call('PATCH', url, tenant.owner, {
      scope: 'this',
      occurrence: '2030-03-18T19:00:00',
      hostIds: [],
      access: 'free',
    });
    expect(hosts.json().errors).toEqual({
      hostIds: 'validation.invalidValue',
      access: 'validation.invalidValue',
    });
    for (const occurrence of [undefined, '2030-03-19T19:00:00']) {
      const response = await call('PATCH', url, tenant.owner, { scope: 'this', occurrence, name: 'X' });
      expect(response.json().errors).toEqual({ occurrence: 'validation.invalidValue' });
    }

    // Cancelled: gone from the lists, its attendees kept; the page still shows it as cancelled.
    await patch({ scope: 'this', occurrence: '2030-03-18T19:00:00', isCancelled: true });
    expect((await calendar('2030-03-16', '2030-03-22')).map((item) => item[1])).toEqual([]);
    const page = await call('GET', `${url}?occurrence=2030-03-18T19:00:00`, tenant.member);
    expect(page.json().data.occurrence).toMatchObject({ isCancelled: true });
    await patch({ scope: 'this', occurrence: '2030-03-18T19:00:00', isCancelled: false });
    expect((await calendar('2030-03-16', '2030-03-22')).map((item) => item[1])).toEqual([
      '2030-03-18T19:00:00',
    ]);
    expect((await row()).sequence).toBe(3);
  });

  it('splits at "this and following": the past keeps its attendees, the rest moves to a new event', async () => {
    const { tenant, event, patch, calendar, join, attendees, row } = await weeklyEvent('2030-03-04T19:00', {
      frequency: 'weekly',
      count: 6,
    });
    await join('2030-03-04T19:00:00', '2030-03-04T18:00:00Z');
    await join('2030-03-11T19:00:00', '2030-03-11T18:00:00Z');
    await join('2030-03-25T19:00:00', '2030-03-25T18:00:00Z');
    const split = await patch({
      scope: 'following',
      occurrence: '2030-03-18T19:00:00',
      name: 'Neue Reihe',
      durationInSeconds: 5400,
    });
    expect(split.id).not.toBe(event.id);
    expect(split).toMatchObject({
      name: 'Neue Reihe',
      slug: 'neue-reihe',
      startsAtLocal: '2030-03-18T19:00:00',
      durationInSeconds: 5400,
      recurringEventPattern: { frequency: 'weekly', count: 4 },
    });
    expect((await row()).rrule).toBe('FREQ=WEEKLY;UNTIL=20300318T175959Z');
    expect(await attendees()).toEqual([
      [event.id, '2030-03-04T19:00:00', '2030-03-04T18:00:00.000Z'],
      [event.id, '2030-03-11T19:00:00', '2030-03-11T18:00:00.000Z'],
      [split.id, '2030-03-25T19:00:00', '2030-03-25T18:00:00.000Z'],
    ]);
    expect(await calendar('2030-03-01', '2030-04-30')).toEqual([
      [event.id, '2030-03-04T19:00:00', '2030-03-04T18:00:00.000Z', 'Live-Call'],
      [event.id, '2030-03-11T19:00:00', '2030-03-11T18:00:00.000Z', 'Live-Call'],
      [split.id, '2030-03-18T19:00:00', '2030-03-18T18:00:00.000Z', 'Neue Reihe'],
      [split.id, '2030-03-25T19:00:00', '2030-03-25T18:00:00.000Z', 'Neue Reihe'],
      // Berlin is on summer time from 31 March: still 19:00 local.
      [split.id, '2030-04-01T19:00:00', '2030-04-01T17:00:00.000Z', 'Neue Reihe'],
      [split.id, '2030-04-08T19:00:00', '2030-04-08T17:00:00.000Z', 'Neue Reihe'],
    ]);
    const mine = await call('GET', `/api/events/${split.id}?occurrence=2030-03-25T19:00:00`, tenant.member);
    expect(mine.json().data.occurrence).toMatchObject({ attendeesCount: 0, myStatus: 'going' });
  });

  it('edits the whole series across the October 2026 clock change and re-keys its occurrences', async () => {
    const { tenant, event, patch, calendar, join, attendees, row } = await weeklyEvent('2026-10-15T19:00');
    // 19:00 local before and after Berlin's change on 25 October (CEST → CET).
    expect((await calendar('2026-10-12', '2026-11-08')).map((item) => item[2])).toEqual([
      '2026-10-15T17:00:00.000Z',
      '2026-10-22T17:00:00.000Z',
      '2026-10-29T18:00:00.000Z',
      '2026-11-05T18:00:00.000Z',
    ]);
    await join('2026-10-29T19:00:00', '2026-10-29T18:00:00Z');
    await patch({ scope: 'this', occurrence: '2026-10-22T19:00:00', name: 'Sonderausgabe' });
    await patch({ scope: 'this', occurrence: '2026-11-05T19:00:00', isCancelled: true });
    const sequence = (await row()).sequence;

    const later = await patch({ scope: 'all', startsAt: '2026-10-15T20:30' });
    expect(later).toMatchObject({ startsAtLocal: '2026-10-15T20:30:00', rule: 'FREQ=WEEKLY' });
    expect((await calendar('2026-10-12', '2026-11-12')).map((item) => [item[1], item[2], item[3]])).toEqual([
      ['2026-10-15T20:30:00', '2026-10-15T18:30:00.000Z', 'Live-Call'],
      ['2026-10-22T20:30:00', '2026-10-22T18:30:00.000Z', 'Sonderausgabe'],
      ['2026-10-29T20:30:00', '2026-10-29T19:30:00.000Z', 'Live-Call'],
      ['2026-11-12T20:30:00', '2026-11-12T19:30:00.000Z', 'Live-Call'],
    ]);
    expect(await attendees()).toEqual([[event.id, '2026-10-29T20:30:00', '2026-10-29T19:30:00.000Z']]);
    expect((await row()).sequence).toBe(sequence + 1);

    // A monthly rule no longer makes the 22nd: its override is dropped, the 29th's attendee stays stored.
    await patch({ scope: 'all', recurringEventPattern: { frequency: 'monthly' } });
    const overrides = await tenant.db
      .select()
      .from(eventOverrides)
      .where(eq(eventOverrides.eventId, event.id));
    expect(overrides).toEqual([]);
    expect((await calendar('2026-10-01', '2026-12-31')).map((item) => item[1])).toEqual([
      '2026-10-15T20:30:00',
      '2026-11-15T20:30:00',
      '2026-12-15T20:30:00',
    ]);
    expect(await attendees()).toEqual([[event.id, '2026-10-29T20:30:00', '2026-10-29T19:30:00.000Z']]);
  });

  it('deletes one occurrence, it and the following ones, or the event', async () => {
    const { tenant, event, calendar, row } = await weeklyEvent('2030-03-04T19:00');
    const url = `/api/events/${event.id}`;
    const remove = (query: string) => call('DELETE', `${url}?${query}`, tenant.owner);
    expect((await remove('scope=this')).json().errors).toEqual({ occurrence: 'validation.invalidValue' });
    expect((await remove('scope=this&occurrence=2030-03-11T19:00:00')).statusCode).toBe(204);
    expect((await remove('scope=following&occurrence=2030-03-25T19:00:00')).statusCode).toBe(204);
    expect((await calendar('2030-03-01', '2030-04-30')).map((item) => item[1])).toEqual([
      '2030-03-04T19:00:00',
      '2030-03-18T19:00:00',
    ]);
    expect(await row()).toMatchObject({ exdates: ['2030-03-11T19:00:00'], sequence: 2 });
    expect((await remove('scope=all')).statusCode).toBe(204);
    expect((await call('GET', url, tenant.owner)).statusCode).toBe(404);
    expect((await calendar('2030-03-01', '2030-04-30')).map((item) => item[1])).toEqual([]);
    expect((await row()).deletedAt).not.toBeNull();
    const [stored] = await tenant.db
      .select()
      .from(events)
      .where(and(eq(events.id, event.id), eq(events.appId, tenant.app.id)));
    expect(stored?.sequence).toBe(3);
  });
});

describe(`more seats (${testDriver})`, () => {
  it('moves the waitlist up when an edit raises the limit or lifts it', async () => {
    const { tenant, event, patch } = await weeklyEvent('2030-03-04T19:00');
    await patch({ participantsNumberLimit: 1 });
    const occurrence = '2030-03-11T19:00:00';
    for (const person of [tenant.owner, tenant.other, tenant.member]) {
      const joined = await call('POST', `/api/events/${event.id}/join`, person, { occurrence });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    const statuses = async () =>
      Object.fromEntries(
        (
          await tenant.db
            .select()
            .from(eventAttendees)
            .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.occurrence, occurrence)))
        ).map((row) => [row.profileId, row.status]),
      );
    expect(await statuses()).toEqual({
      [tenant.owner.profileId]: 'going',
      [tenant.other.profileId]: 'waitlist',
      [tenant.member.profileId]: 'waitlist',
    });

    const raised = await patch({ participantsNumberLimit: 2 });
    expect(raised.participantsNumberLimit).toBe(2);
    // The first to wait takes the new seat; the second still waits, now first in line.
    expect(await statuses()).toMatchObject({
      [tenant.other.profileId]: 'going',
      [tenant.member.profileId]: 'waitlist',
    });
    const page = await call('GET', `/api/events/${event.id}?occurrence=${occurrence}`, tenant.member);
    expect(page.json<{ data: Event }>().data.occurrence).toMatchObject({
      attendeesCount: 2,
      waitlistCount: 1,
      myStatus: 'waitlist',
      waitlistPosition: 1,
    });

    await patch({ participantsNumberLimit: null });
    expect(await statuses()).toMatchObject({ [tenant.member.profileId]: 'going' });
  });
});
