import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { eventLimits } from '../../../contracts/events.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import type { JobDefinition, Jobs, QueuePolicy } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { FeatureContext } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { createNotifier, recordNotifications, type Notifier } from '../notifications/public.ts';
import { overridesOf, recipientsOf, rows } from './attendance.repo.ts';
import { occurrenceOf } from './attendance.service.ts';
import { eventMailFacts, type EventApp } from './confirmation.ts';

/*
 * Reminders before an occurrence and the notice at its start (issue 18, docs/decisions/events.md "Attendance").
 * Each going attendee is reminded at every offset of the event (default 24 h and 1 h) by e-mail and push, and
 * told at the start (offset 0, `event_starts`, in the app and by push). A reminder is claimed before it is sent
 * (`event_reminders_sent`, insert … on conflict do nothing), so two sweeps at once or a retried job send it once.
 *
 * Nothing remembers "the last run": a reminder is due from its time until the next one is (the 24 h reminder
 * until the 1 h one, the last until the start, the start notice until the end), so a sweep after the worker was
 * down sends what is still worth sending and skips what an occurrence that already started has outgrown. A
 * reminder that fell due before the member joined is not sent. The sweep runs every minute and, for reminders
 * due before the next run, sends itself a job for their exact time, so none is more than a poll late.
 */

export const eventRemindersQueue = 'events.reminders';

export const eventReminderQueues = {
  [eventRemindersQueue]: { retryLimit: 2, retryDelaySeconds: 15 },
} satisfies Record<string, QueuePolicy>;

/** Due reminders per sweep; the rest wait for the next run (a minute later at most). */
const sweepBatch = 1000;
/** The cron's period: reminders due within it get a job of their own at their time. */
const lookAheadSeconds = 60;

type DueRow = {
  event_id: string;
  occurrence: string;
  profile_id: string;
  offset_seconds: number;
  app_id: string;
  app_name: string;
  app_slug: string;
  project_id: string;
};

/**
 * Reminders due at `now` that were not sent: the occurrence not cancelled, its event live, reminders on (the
 * start notice comes either way), inside the reminder's window, due after the member joined.
 */
function dueReminders(db: Db, now: Date, until: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const upTo = sql`${until.toISOString()}::timestamptz`;
  return rows<DueRow & { due_at: string | Date }>(
    db,
    sql`select a.event_id, a.occurrence, a.profile_id, o.offset_seconds,
        a.starts_at - make_interval(secs => o.offset_seconds) as due_at,
        ap.id as app_id, ap.name as app_name, ap.slug as app_slug, ap.project_id
      from event_attendees a
      join events e on e.id = a.event_id and e.deleted_at is null
      join apps ap on ap.id = e.app_id
      cross join lateral unnest(
        case when e.is_reminder_enabled then e.reminder_offsets else '{}'::integer[] end || 0
      ) as o(offset_seconds)
      where a.status = 'going'
        and a.starts_at > ${at} - interval '1 day'
        and a.starts_at <= ${upTo} + make_interval(secs => ${eventLimits.reminderMaxSeconds})
        and not (a.occurrence = any(e.exdates))
        and a.starts_at - make_interval(secs => o.offset_seconds) <= ${upTo}
        and a.starts_at - make_interval(secs => o.offset_seconds) >= a.joined_at
        and ${at} < case when o.offset_seconds = 0
          then a.starts_at + make_interval(secs => e.duration_seconds)
          else a.starts_at - make_interval(secs => coalesce(
            (select max(x) from unnest(e.reminder_offsets) x where x < o.offset_seconds), 0))
          end
        and not exists (
          select 1 from event_reminders_sent r
          where r.event_id = a.event_id and r.occurrence = a.occurrence and r.profile_id = a.profile_id
            and r.offset_seconds = o.offset_seconds)
      order by due_at
      limit ${limit}`,
  );
}

export type ReminderDeps = {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  notifier: Pick<Notifier, 'deliver'>;
  jobs: Pick<Jobs, 'send'>;
  appBaseUrl: string;
  logger: Logger;
};

/** One occurrence's due reminders at one offset: claimed, recorded, then mailed and pushed. */
async function remind(deps: ReminderDeps, group: DueRow[]): Promise<number> {
  const { db } = deps;
  const head = group[0]!;
  const [event] = await db.select().from(events).where(eq(events.id, head.event_id));
  if (!event) {
    return 0;
  }
  const occurrence = occurrenceOf(event, await overridesOf(db, event.id), head.occurrence);
  const profileIds = group.map((row) => row.profile_id);
  const app: EventApp = {
    id: head.app_id,
    name: head.app_name,
    slug: head.app_slug,
    projectId: head.project_id,
  };
  const offset = head.offset_seconds;
  const { claimed, recorded } = await db.transaction(async (tx) => {
    const taken = await rows<{ profile_id: string }>(
      tx,
      sql`insert into event_reminders_sent (event_id, occurrence, profile_id, offset_seconds)
        select ${event.id}, ${occurrence.originalStart}, unnest(${`{${profileIds.join(',')}}`}::uuid[]), ${offset}
        on conflict do nothing
        returning profile_id`,
    );
    const ids = taken.map((row) => row.profile_id);
    const told =
      ids.length === 0
        ? []
        : await recordNotifications(tx, [
            {
              appId: app.id,
              type: 'event_starts',
              recipients: ids,
              // Reminders are mailed below at once; the start notice is not mailed at all.
              emailState: 'skipped',
              data: {
                title: occurrence.override?.changes?.name ?? event.name,
                eventId: event.id,
                eventSlug: event.slug,
                occurrence: occurrence.originalStart,
                offsetSeconds: String(offset),
              },
            },
          ]);
    return { claimed: ids, recorded: told };
  });
  await deps.notifier.deliver(recorded);
  if (offset > 0) {
    const recipients = await recipientsOf(db, claimed);
    for (const recipient of recipients) {
      if (!recipient.isEmailEnabled || !recipient.emailActions.includes('event_starts')) {
        continue;
      }
      await deps.mailer
        .send({
          template: 'event-reminder',
          to: recipient.email,
          language: recipient.language,
          projectId: app.projectId,
          params: { ...eventMailFacts(deps, app, event, occurrence, recipient), offsetSeconds: offset },
        })
        .catch((error: unknown) => {
          deps.logger.error({ err: error, eventId: event.id }, 'events: reminder mail not queued');
        });
    }
  }
  return claimed.length;
}

/** A wake-up job sent by the sweep for a reminder's exact time: it sends and schedules nothing further. */
export type ReminderJobData = { isWakeUp?: boolean };

/**
 * Sends what is due at `now`. The minute's run also sends itself a wake-up job for each time within the next
 * minute at which something falls due (wake-ups do not, so jobs never multiply).
 */
export async function runReminderSweep(
  deps: ReminderDeps,
  now: Date = new Date(),
  options: { scheduleWakeUps?: boolean } = {},
): Promise<number> {
  const ahead = new Date(now.getTime() + lookAheadSeconds * 1000);
  const found = await dueReminders(deps.db, now, ahead, sweepBatch);
  const groups = new Map<string, DueRow[]>();
  const wakeUps = new Set<number>();
  for (const row of found) {
    const dueAt = new Date(row.due_at).getTime();
    if (dueAt > now.getTime()) {
      wakeUps.add(Math.ceil((dueAt - now.getTime()) / 1000));
      continue;
    }
    const key = `${row.event_id} ${row.occurrence} ${row.offset_seconds}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  let sent = 0;
  for (const group of groups.values()) {
    try {
      sent += await remind(deps, group);
    } catch (error) {
      deps.logger.error({ err: error, eventId: group[0]!.event_id }, 'events: reminders not sent');
    }
  }
  for (const seconds of options.scheduleWakeUps === false ? [] : wakeUps) {
    await deps.jobs
      .send<ReminderJobData>(eventRemindersQueue, { isWakeUp: true }, { startAfterSeconds: seconds })
      .catch((error: unknown) => {
        // The next minute's sweep sends them, a little late.
        deps.logger.warn({ err: error }, 'events: reminder wake-up not queued');
      });
  }
  return sent;
}

export function eventRemindersJob(deps: ReminderDeps): JobDefinition<ReminderJobData> {
  return {
    name: eventRemindersQueue,
    cron: '* * * * *',
    handler: async (data) => {
      await runReminderSweep(deps, new Date(), { scheduleWakeUps: data?.isWakeUp !== true });
    },
  };
}

/** The reminder job with its dependencies, from what the worker holds (the manifest's `jobs`). */
export function eventRemindersJobOf(context: FeatureContext): JobDefinition<ReminderJobData> {
  const { db, mailer, realtime, jobs, logger, config } = context;
  return eventRemindersJob({
    db,
    mailer,
    jobs,
    logger,
    notifier: createNotifier({ realtime, jobs, logger }),
    appBaseUrl: appHostOf(config).appBaseUrl,
  });
}
