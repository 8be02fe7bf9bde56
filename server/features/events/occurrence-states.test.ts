import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { eventAttendees, eventOccurrenceSeats, events } from '../../db/schema/index.ts';
import { communityApp } from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { occurrenceStates, stateOf } from './occurrence-states.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`occurrence states (${testDriver})`, () => {
  it('answers counts, the caller’s status and waitlist place for a page of occurrences in one query', async () => {
    const tenant = await communityApp(server);
    const db = tenant.db;
    const eventId = newId();
    await db.insert(events).values({
      id: eventId,
      appId: tenant.app.id,
      name: 'Stammtisch',
      slug: `stammtisch-${eventId.slice(0, 8)}`,
      startsLocal: '2026-10-20T19:00:00',
      timeZone: 'Europe/Berlin',
      durationSeconds: 3600,
      rrule: 'FREQ=WEEKLY',
      firstStartsAt: new Date('2026-10-20T17:00:00Z'),
      participantsLimit: 1,
    });
    const first = '2026-10-20T19:00:00';
    const second = '2026-10-27T19:00:00';
    const startsAt = new Date('2026-10-20T17:00:00Z');
    await db
      .insert(eventOccurrenceSeats)
      .values({ eventId, occurrence: first, goingCount: 1, waitlistCount: 2 });
    await db.insert(eventAttendees).values([
      { eventId, occurrence: first, profileId: tenant.owner.profileId, status: 'going', startsAt },
      {
        eventId,
        occurrence: first,
        profileId: tenant.other.profileId,
        status: 'waitlist',
        startsAt,
        joinedAt: new Date('2026-10-01T10:00:00Z'),
      },
      {
        eventId,
        occurrence: first,
        profileId: tenant.member.profileId,
        status: 'waitlist',
        startsAt,
        joinedAt: new Date('2026-10-01T11:00:00Z'),
      },
    ]);
    const keys = [
      { eventId, occurrence: first },
      { eventId, occurrence: second },
    ];

    const asMember = await occurrenceStates(db, keys, tenant.member.profileId);
    expect(stateOf(asMember, eventId, first)).toEqual({
      attendeesCount: 1,
      waitlistCount: 2,
      myStatus: 'waitlist',
      waitlistPosition: 2,
    });
    expect(stateOf(asMember, eventId, second)).toEqual({
      attendeesCount: 0,
      waitlistCount: 0,
      myStatus: null,
      waitlistPosition: null,
    });
    expect(
      stateOf(await occurrenceStates(db, keys, tenant.other.profileId), eventId, first).waitlistPosition,
    ).toBe(1);
    expect(stateOf(await occurrenceStates(db, keys, tenant.owner.profileId), eventId, first)).toMatchObject({
      myStatus: 'going',
      waitlistPosition: null,
    });
    expect(stateOf(await occurrenceStates(db, keys, null), eventId, first).myStatus).toBeNull();
    expect((await occurrenceStates(db, [], null)).size).toBe(0);
  });
});
