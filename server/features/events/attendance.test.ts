import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  accounts,
  eventAttendees,
  eventOccurrenceSeats,
  events,
  notifications,
} from '../../db/schema/index.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { appHostOf } from '../apps/public.ts';
import { createWaitlistMover } from './attendance.service.ts';
import { createConfirmations } from './confirmation.ts';
import { occurrenceStates, stateOf } from './occurrence-states.ts';
import { splitAttachments } from '../../platform/mail/attachments.ts';
import {
  communityApp,
  communityCaller,
  type CommunityApp,
  type Person,
} from '../../test/community-spaces.ts';
import { insertEventRow, insertOverrideRow, type EventRowInput } from '../../test/event-rows.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';

const server = useTestServer();
const logger = pino({ level: 'silent' });
const call = communityCaller(server);

/** A weekly Tuesday series at 19:00 Berlin, far enough ahead that no occurrence has ended. */
const weekly = (tenant: CommunityApp, input: Partial<EventRowInput> = {}) =>
  insertEventRow(tenant.db, {
    appId: tenant.app.id,
    startsLocal: '2027-03-02T19:00:00',
    rrule: 'FREQ=WEEKLY',
    authorProfileId: tenant.owner.profileId,
    participantsLimit: 10,
    isConfirmationEnabled: false,
    ...input,
  });
const first = '2027-03-02T19:00:00';
const second = '2027-03-09T19:00:00';

const join = (eventId: string, who: Person | undefined, occurrence = first) =>
  call('POST', `/api/events/${eventId}/join`, who, { occurrence });
const leave = (eventId: string, who: Person | undefined, occurrence = first) =>
  call('DELETE', `/api/events/${eventId}/join?occurrence=${occurrence}`, who);

async function emailOf(tenant: CommunityApp, who: Person): Promise<string> {
  const [row] = await tenant.db.select().from(accounts).where(eq(accounts.id, who.accountId));
  return row!.email;
}

async function seats(tenant: CommunityApp, eventId: string, occurrence = first) {
  const [row] = await tenant.db
    .select()
    .from(eventOccurrenceSeats)
    .where(and(eq(eventOccurrenceSeats.eventId, eventId), eq(eventOccurrenceSeats.occurrence, occurrence)));
  const attendees = await tenant.db
    .select()
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.occurrence, occurrence)));
  return {
    going: row?.goingCount ?? 0,
    waitlist: row?.waitlistCount ?? 0,
    goingRows: attendees.filter((attendee) => attendee.status === 'going').length,
    waitlistRows: attendees.filter((attendee) => attendee.status === 'waitlist').length,
  };
}

describe(`event attendance (${testDriver})`, () => {
  it('joins an occurrence: 401, another project 404, without the ability 403, bad input 400, then a seat', async () => {
    const tenant = await communityApp(server());
    const event = await weekly(tenant);
    expect((await join(event.id, undefined)).statusCode).toBe(401);
    expect((await join(event.id, tenant.stranger)).statusCode).toBe(404);
    await tenant.sanction(tenant.other, 'punished');
    expect((await join(event.id, tenant.other)).statusCode).toBe(403);

    for (const occurrence of ['2027-03-02', '2027-03-02T19:00', 'morgen']) {
      expect((await join(event.id, tenant.member, occurrence)).statusCode).toBe(400);
    }
    // A Wednesday the weekly Tuesday series never makes.
    const wrong = await join(event.id, tenant.member, '2027-03-03T19:00:00');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ occurrence: 'validation.invalidValue' });
    expect((await call('POST', `/api/events/${event.id}/join`, tenant.member, {})).statusCode).toBe(400);

    const joined = await join(event.id, tenant.member);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toEqual({
      id: first,
      startsAt: '2027-03-02T18:00:00.000Z',
      endsAt: '2027-03-02T19:00:00.000Z',
      isCancelled: false,
      isChanged: false,
      attendeesCount: 1,
      waitlistCount: 0,
      myStatus: 'going',
      waitlistPosition: null,
    });
    // Joining again changes nothing.
    expect((await join(event.id, tenant.member)).json().data).toMatchObject({
      attendeesCount: 1,
      myStatus: 'going',
    });
    const [row] = await tenant.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    expect(row).toMatchObject({
      occurrence: first,
      status: 'going',
      startsAt: new Date('2027-03-02T18:00:00Z'),
    });
    // Another occurrence of the series has seats of its own.
    expect((await join(event.id, tenant.other, second)).statusCode).toBe(403);
    expect((await join(event.id, tenant.owner, second)).json().data).toMatchObject({
      id: second,
      attendeesCount: 1,
    });
  });

  it('refuses cancelled and ended occurrences and takes a moved one at its real start', async () => {
    const tenant = await communityApp(server());
    const event = await weekly(tenant, { exdates: [second] });
    await insertOverrideRow(tenant.db, {
      eventId: event.id,
      occurrence: '2027-03-16T19:00:00',
      startsLocal: '2027-03-17T08:30:00',
      durationSeconds: 1800,
      changes: null,
    });
    const cancelled = await join(event.id, tenant.member, second);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().details).toEqual({ reason: 'cancelled' });
    expect((await leave(event.id, tenant.member, second)).statusCode).toBe(409);

    const moved = await join(event.id, tenant.member, '2027-03-16T19:00:00');
    expect(moved.json().data).toMatchObject({
      id: '2027-03-16T19:00:00',
      startsAt: '2027-03-17T07:30:00.000Z',
      endsAt: '2027-03-17T08:00:00.000Z',
      isChanged: true,
    });
    const [row] = await tenant.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    expect(row?.startsAt).toEqual(new Date('2027-03-17T07:30:00Z'));

    // A single event has one occurrence: its start.
    const single = await weekly(tenant, { rrule: null, startsLocal: '2027-05-04T10:00:00' });
    expect((await join(single.id, tenant.member, '2027-05-04T10:00:00')).json().data.myStatus).toBe('going');
    expect((await join(single.id, tenant.member, '2027-05-11T10:00:00')).statusCode).toBe(400);

    const past = await weekly(tenant, { startsLocal: '2026-01-06T19:00:00' });
    const ended = await join(past.id, tenant.member, '2026-01-06T19:00:00');
    expect(ended.statusCode).toBe(409);
    expect(ended.json().details).toEqual({ reason: 'ended' });
  });

  it('never gives one seat too many: 30 joins at once on 10 seats leave 10 going and 20 waitlisted', async () => {
    const tenant = await communityApp(server());
    const event = await weekly(tenant, { participantsLimit: 10 });
    const people = await Promise.all(Array.from({ length: 30 }, () => tenant.person('member')));
    const answers = await Promise.all(people.map((person) => join(event.id, person)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(people.map(() => 200));
    const statuses = answers.map((answer) => answer.json().data.myStatus as string);
    expect(statuses.filter((status) => status === 'going')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'waitlist')).toHaveLength(20);
    expect(await seats(tenant, event.id)).toEqual({
      going: 10,
      waitlist: 20,
      goingRows: 10,
      waitlistRows: 20,
    });
    // Places on the waitlist, read once everyone committed (an answer given mid-way may count fewer before).
    const positions: number[] = [];
    for (const person of people) {
      const states = await occurrenceStates(
        tenant.db,
        [{ eventId: event.id, occurrence: first }],
        person.profileId,
      );
      const position = stateOf(states, event.id, first).waitlistPosition;
      if (position !== null) {
        positions.push(position);
      }
    }
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('leaving frees the seat for the first on the waitlist, who is told and mailed', async () => {
    const tenant = await communityApp(server());
    const event = await weekly(tenant, { participantsLimit: 1, isConfirmationEnabled: false });
    const third = await tenant.person('member');
    expect((await leave(event.id, undefined)).statusCode).toBe(401);
    expect((await leave(event.id, tenant.stranger)).statusCode).toBe(404);
    expect((await leave(event.id, tenant.member, 'gestern')).statusCode).toBe(400);

    expect((await join(event.id, tenant.member)).json().data.myStatus).toBe('going');
    expect((await join(event.id, tenant.other)).json().data).toMatchObject({
      myStatus: 'waitlist',
      waitlistPosition: 1,
    });
    expect((await join(event.id, third)).json().data).toMatchObject({
      myStatus: 'waitlist',
      waitlistPosition: 2,
    });
    // Someone punished meanwhile may no longer leave through the API (read only).
    await tenant.sanction(third, 'punished');
    expect((await leave(event.id, third)).statusCode).toBe(403);

    const left = await leave(event.id, tenant.member);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toMatchObject({ attendeesCount: 1, waitlistCount: 1, myStatus: null });
    expect(await seats(tenant, event.id)).toEqual({ going: 1, waitlist: 1, goingRows: 1, waitlistRows: 1 });
    const promoted = await call('GET', `/api/events/${event.id}/attendees?occurrence=${first}`, tenant.owner);
    expect(promoted.json().data.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([
      [tenant.other.profileId, 'going'],
      [third.profileId, 'waitlist'],
    ]);
    // Told in the app (no second mail from the notification sweep) and by the confirmation mail.
    const told = await tenant.db
      .select()
      .from(notifications)
      .where(eq(notifications.profileId, tenant.other.profileId));
    expect(told).toMatchObject([
      { type: 'event_seat_granted', emailState: 'skipped', data: { eventId: event.id, occurrence: first } },
    ]);
    const [mail] = await listOutbox(tenant.db, { to: await emailOf(tenant, tenant.other), limit: 5 });
    expect(mail).toMatchObject({
      template: 'event-confirmation',
      subject: `Ein Platz ist frei geworden: ${event.name}`,
    });
    // Leaving again, or leaving the waitlist, moves nobody.
    expect((await leave(event.id, tenant.member)).json().data).toMatchObject({
      attendeesCount: 1,
      waitlistCount: 1,
    });
    expect((await leave(event.id, tenant.owner)).statusCode).toBe(200);
    expect(await seats(tenant, event.id)).toEqual({ going: 1, waitlist: 1, goingRows: 1, waitlistRows: 1 });
  });

  it('moves waitlists up when the limit is raised, in every open occurrence (the events’ PATCH)', async () => {
    const tenant = await communityApp(server());
    const event = await weekly(tenant, { participantsLimit: 1, isConfirmationEnabled: false });
    const third = await tenant.person('member');
    for (const occurrence of [first, second]) {
      for (const person of [tenant.member, tenant.other, third]) {
        await join(event.id, person, occurrence);
      }
    }
    const { runtime } = server();
    const mover = createWaitlistMover({
      db: tenant.db,
      confirmations: createConfirmations({
        mailer: runtime.mailer,
        appBaseUrl: 'https://apps.example.com',
        logger,
      }),
      notifier: { deliver: async () => undefined },
    });
    const app = {
      id: tenant.app.id,
      name: tenant.app.name,
      slug: tenant.app.slug,
      projectId: tenant.project.id,
    };
    const tell = await tenant.db.transaction(async (tx) => {
      const [raised] = await tx
        .update(events)
        .set({ participantsLimit: 2 })
        .where(eq(events.id, event.id))
        .returning();
      return mover.moveUp(tx, app, raised!);
    });
    await tell();
    for (const occurrence of [first, second]) {
      expect(await seats(tenant, event.id, occurrence)).toEqual({
        going: 2,
        waitlist: 1,
        goingRows: 2,
        waitlistRows: 1,
      });
    }
    const [mail] = await listOutbox(tenant.db, { to: await emailOf(tenant, tenant.other), limit: 5 });
    expect(mail?.subject).toBe(`Ein Platz ist frei geworden: ${event.name}`);
    expect(await listOutbox(tenant.db, { to: await emailOf(tenant, third), limit: 5 })).toEqual([]);
  });

  it('mails the confirmation with the occurrence’s .ics in the member’s language and zone', async () => {
    const tenant = await communityApp(server());
    const event = await weekly(tenant, {
      name: 'Yoga am Abend',
      isConfirmationEnabled: true,
      eventType: 'virtual',
      virtualLocationUrl: 'https://meet.example.com/yoga',
      participantsLimit: null,
    });
    await tenant.db
      .update(accounts)
      .set({ language: 'en', timezone: 'America/New_York' })
      .where(eq(accounts.id, tenant.member.accountId));
    expect((await join(event.id, tenant.member, second)).statusCode).toBe(200);
    const outbox = await listOutbox(tenant.db, { to: await emailOf(tenant, tenant.member), limit: 5 });
    expect(outbox).toHaveLength(1);
    const mail = outbox[0]!;
    expect(mail).toMatchObject({ template: 'event-confirmation', language: 'en' });
    expect(mail.subject).toBe('You are registered: Yoga am Abend');
    expect(mail.text).toContain('When: Tuesday, 9 March 2027, 19:00–20:00 (Europe/Berlin)');
    expect(mail.text).toContain('In your time zone: Tuesday, 9 March 2027, 13:00–14:00 (America/New_York)');
    expect(mail.text).toContain('Join online: https://meet.example.com/yoga');
    const { attachments } = splitAttachments(mail.headers);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      filename: `${event.slug}.ics`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
    const calendar = new ICAL.Component(ICAL.parse(attachments[0]!.content));
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const vevent = new ICAL.Event(vevents[0]);
    expect(vevent.summary).toBe('Yoga am Abend');
    expect(vevent.isRecurring()).toBe(false);
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2027-03-09T18:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2027-03-09T19:00:00.000Z');
    expect(vevent.uid).toBe(
      `${event.id}-20270309T190000@${new URL(appHostOf(server().config).appBaseUrl).host}`,
    );

    // Waitlisted members get no confirmation (the answer tells them their place); without the switch, none.
    const quiet = await weekly(tenant, { isConfirmationEnabled: false });
    await join(quiet.id, tenant.other);
    expect(await listOutbox(tenant.db, { to: await emailOf(tenant, tenant.other), limit: 5 })).toEqual([]);
  });
});

describe(`event attendees (${testDriver})`, () => {
  it('lists attendees: organizers see all, members who is going, others nothing', async () => {
    const tenant = await communityApp(server());
    const event = await weekly(tenant, { participantsLimit: 1 });
    const url = `/api/events/${event.id}/attendees?occurrence=${first}`;
    await join(event.id, tenant.member);
    await join(event.id, tenant.other);

    expect((await call('GET', url, undefined)).statusCode).toBe(401);
    expect((await call('GET', url, tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${event.id}/attendees`, tenant.owner)).statusCode).toBe(400);
    expect((await call('GET', `${url}&page=0`, tenant.owner)).statusCode).toBe(400);
    expect((await call('GET', `${url}&status=vielleicht`, tenant.owner)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/events/${event.id}/attendees?occurrence=2027-03-03T19:00:00`, tenant.owner))
        .statusCode,
    ).toBe(400);

    const all = await call('GET', url, tenant.owner);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({
      data: [
        { id: tenant.member.profileId, firstName: 'Ben', lastName: 'Test', status: 'going', avatarUrl: null },
        { id: tenant.other.profileId, status: 'waitlist' },
      ],
      meta: { page: 1, pages: 1, total: 2 },
    });
    const waitlist = await call('GET', `${url}&status=waitlist`, tenant.owner);
    expect(waitlist.json().data.map((row: { id: string }) => row.id)).toEqual([tenant.other.profileId]);

    // A member sees who is going, not the waitlist, and cannot export.
    const seen = await call('GET', url, tenant.moderator);
    expect(seen.json()).toMatchObject({ data: [{ id: tenant.member.profileId }], meta: { total: 1 } });
    expect((await call('GET', `${url}&status=waitlist`, tenant.moderator)).statusCode).toBe(403);
    expect((await call('GET', `${url}&format=csv`, tenant.moderator)).statusCode).toBe(403);
    // Punished: may look at the event, not at who comes.
    await tenant.sanction(tenant.other, 'punished');
    expect((await call('GET', url, tenant.other)).statusCode).toBe(403);
  });

  it('exports CSV for Excel: BOM, semicolons, formulas defused, e-mail only for the team', async () => {
    const tenant = await communityApp(server());
    const host = await tenant.person('member');
    const event = await weekly(tenant, { participantsLimit: 1, authorProfileId: host.profileId });
    await tenant.db
      .update(accounts)
      .set({ firstName: '=HYPERLINK("http://evil.example")', lastName: 'Müller; Sohn' })
      .where(eq(accounts.id, tenant.member.accountId));
    await join(event.id, tenant.member);
    await join(event.id, tenant.other);
    const url = `/api/events/${event.id}/attendees?occurrence=${first}&format=csv`;

    const exported = await call('GET', url, tenant.owner);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="${event.slug}-20270302-190000.csv"`,
    );
    expect(exported.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    const [memberRow, otherRow] = await Promise.all([
      emailOf(tenant, tenant.member),
      emailOf(tenant, tenant.other),
    ]);
    expect(lines[0]).toBe('Name;E-Mail;Status;Angemeldet am');
    expect(lines[1]).toMatch(
      new RegExp(
        `^"'=HYPERLINK\\(""http://evil.example""\\) Müller; Sohn";${memberRow};Zusage;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^Ben Test;${otherRow};Warteliste;`));
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);

    // The author (a plain member) exports too, without addresses; only going ones with status=going.
    const byHost = await call('GET', `${url}&status=going`, host);
    expect(byHost.statusCode).toBe(200);
    const hostLines = byHost.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(hostLines[0]).toBe('Name;Status;Angemeldet am');
    expect(hostLines).toHaveLength(3);
    expect(byHost.body).not.toContain('@');
  });
});
