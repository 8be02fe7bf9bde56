import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accounts, eventAttendees, eventRemindersSent, notifications } from '../../db/schema/index.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { communityApp, type CommunityApp, type Person } from '../../test/community-spaces.ts';
import { insertEventRow, type EventRowInput } from '../../test/event-rows.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { createNotifier } from '../notifications/public.ts';
import { runReminderSweep, type ReminderDeps } from './reminders.job.ts';

const server = useTestServer();
const logger = pino({ level: 'silent' });

function depsOf(jobs: ReminderDeps['jobs'] = { send: async () => null }): ReminderDeps {
  const { runtime } = server();
  return {
    db: runtime.database.db,
    mailer: runtime.mailer,
    notifier: createNotifier({ realtime: runtime.realtime, jobs: runtime.jobs, logger }),
    jobs,
    appBaseUrl: 'https://apps.example.com',
    logger,
  };
}

const minutes = (count: number) => count * 60_000;

/** A single event at `startsLocal` Berlin, with the given people going (joined long before any reminder). */
async function eventWith(
  tenant: CommunityApp,
  startsLocal: string,
  going: readonly Person[],
  input: Partial<EventRowInput> = {},
) {
  const event = await insertEventRow(tenant.db, {
    appId: tenant.app.id,
    startsLocal,
    name: 'Stammtisch',
    ...input,
  });
  const startsAt = event.firstStartsAt;
  if (going.length > 0) {
    await tenant.db.insert(eventAttendees).values(
      going.map((person) => ({
        eventId: event.id,
        occurrence: startsLocal,
        profileId: person.profileId,
        status: 'going' as const,
        startsAt,
        joinedAt: new Date('2026-01-01T00:00:00Z'),
      })),
    );
  }
  return { event, startsAt: startsAt.getTime() };
}

async function sentOf(tenant: CommunityApp, eventId: string) {
  const found = await tenant.db
    .select()
    .from(eventRemindersSent)
    .where(eq(eventRemindersSent.eventId, eventId));
  return found.map((row) => `${row.profileId} ${row.offsetSeconds}`).sort();
}

async function mailsTo(tenant: CommunityApp, who: Person) {
  const [account] = await tenant.db.select().from(accounts).where(eq(accounts.id, who.accountId));
  return listOutbox(tenant.db, { to: account!.email, limit: 10 });
}

describe(`event reminders (${testDriver})`, () => {
  it('reminds each going member once per offset, also when sweeps run twice and in parallel', async () => {
    const tenant = await communityApp(server());
    const { event, startsAt } = await eventWith(tenant, '2027-06-01T19:00:00', [tenant.member, tenant.other]);
    await tenant.db.insert(eventAttendees).values({
      eventId: event.id,
      occurrence: '2027-06-01T19:00:00',
      profileId: tenant.moderator.profileId,
      status: 'waitlist',
      startsAt: event.firstStartsAt,
    });
    const deps = depsOf();

    // A minute before the 24-hour reminder: nothing yet.
    await runReminderSweep(deps, new Date(startsAt - minutes(24 * 60 + 1)));
    expect(await sentOf(tenant, event.id)).toEqual([]);

    const dayBefore = new Date(startsAt - minutes(24 * 60) + 20_000);
    await Promise.all([runReminderSweep(deps, dayBefore), runReminderSweep(deps, dayBefore)]);
    await runReminderSweep(deps, dayBefore);
    expect(await sentOf(tenant, event.id)).toEqual(
      [`${tenant.member.profileId} 86400`, `${tenant.other.profileId} 86400`].sort(),
    );
    const mails = await mailsTo(tenant, tenant.member);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'event-reminder',
      subject: 'Erinnerung: „Stammtisch“ beginnt in 1 Tag',
    });
    expect(mails[0]!.text).toContain('Dienstag, 1. Juni 2027, 19:00–20:00 (Europe/Berlin)');
    expect(mails[0]!.text).toContain(`https://apps.example.com/${tenant.app.slug}/events/${event.slug}/view`);
    expect(await mailsTo(tenant, tenant.moderator)).toEqual([]);

    await runReminderSweep(deps, new Date(startsAt - minutes(60) + 5_000));
    // The start notice: in the app and by push, not by mail.
    await runReminderSweep(deps, new Date(startsAt + 30_000));
    await runReminderSweep(deps, new Date(startsAt + 40_000));
    expect(await sentOf(tenant, event.id)).toHaveLength(6);
    expect(await mailsTo(tenant, tenant.member)).toHaveLength(2);
    const told = await tenant.db
      .select()
      .from(notifications)
      .where(eq(notifications.profileId, tenant.member.profileId));
    expect(told.map((row) => [row.type, row.data.offsetSeconds, row.emailState]).sort()).toEqual([
      ['event_starts', '0', 'skipped'],
      ['event_starts', '3600', 'skipped'],
      ['event_starts', '86400', 'skipped'],
    ]);
  });

  it('reminds nobody of cancelled occurrences or deleted events; reminders off leaves the start notice', async () => {
    const tenant = await communityApp(server());
    const deps = depsOf();
    const cancelled = await eventWith(tenant, '2027-08-03T19:00:00', [tenant.member], {
      exdates: ['2027-08-03T19:00:00'],
    });
    const deleted = await eventWith(tenant, '2027-08-03T19:00:00', [tenant.member], {
      deletedAt: new Date(),
    });
    const quiet = await eventWith(tenant, '2027-08-03T19:00:00', [tenant.member], {
      isReminderEnabled: false,
    });
    for (const at of [minutes(-24 * 60) + 1000, minutes(-60) + 1000, 1000]) {
      await runReminderSweep(deps, new Date(cancelled.startsAt + at));
    }
    expect(await sentOf(tenant, cancelled.event.id)).toEqual([]);
    expect(await sentOf(tenant, deleted.event.id)).toEqual([]);
    expect(await sentOf(tenant, quiet.event.id)).toEqual([`${tenant.member.profileId} 0`]);
    expect(await mailsTo(tenant, tenant.member)).toEqual([]);
  });

  it('after the worker was down, sends what is still due and nothing an occurrence outgrew', async () => {
    const tenant = await communityApp(server());
    const deps = depsOf();
    const soon = await eventWith(tenant, '2027-10-05T19:00:00', [tenant.member]);
    // Another started ten minutes before the worker came back; it lasts an hour.
    const started = await eventWith(tenant, '2027-10-05T18:20:00', [tenant.member]);
    // Someone who joined 20 minutes before the start is not reminded of what fell due before.
    await tenant.db
      .update(eventAttendees)
      .set({ joinedAt: new Date(soon.startsAt - minutes(20)) })
      .where(eq(eventAttendees.eventId, soon.event.id));
    const late = await eventWith(tenant, '2027-10-05T19:00:00', [tenant.other]);

    // The worker was down from two days before until 30 minutes before the start.
    await runReminderSweep(deps, new Date(soon.startsAt - minutes(30)));
    expect(await sentOf(tenant, late.event.id)).toEqual([`${tenant.other.profileId} 3600`]);
    expect(await sentOf(tenant, started.event.id)).toEqual([`${tenant.member.profileId} 0`]);
    expect(await sentOf(tenant, soon.event.id)).toEqual([]);
    const [mail] = await mailsTo(tenant, tenant.other);
    expect(mail?.subject).toBe('Erinnerung: „Stammtisch“ beginnt in 1 Stunde');
  });

  it('schedules a job at the exact time of reminders due before the next minute, and wake-ups none', async () => {
    const tenant = await communityApp(server());
    const sent: { data: object; options: unknown }[] = [];
    const deps = depsOf({
      send: async (_name, data, options) => {
        sent.push({ data, options });
        return null;
      },
    });
    const { event, startsAt } = await eventWith(tenant, '2027-12-07T19:00:00', [tenant.member], {
      reminderOffsets: [3600],
    });
    await runReminderSweep(deps, new Date(startsAt - minutes(60) - 25_000), { scheduleWakeUps: false });
    expect(sent).toEqual([]);
    await runReminderSweep(deps, new Date(startsAt - minutes(60) - 25_000));
    expect(sent).toEqual([{ data: { isWakeUp: true }, options: { startAfterSeconds: 25 } }]);
    expect(await sentOf(tenant, event.id)).toEqual([]);
    await runReminderSweep(deps, new Date(startsAt - minutes(60)), { scheduleWakeUps: false });
    expect(await sentOf(tenant, event.id)).toEqual([`${tenant.member.profileId} 3600`]);
  });
});
