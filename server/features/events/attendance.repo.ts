import { sql } from 'drizzle-orm';
import type { EventAttendanceStatus } from '../../../contracts/events.ts';
import type { Language } from '../../../contracts/language.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { overridesOf as overridesOfEvents } from './events.repo.ts';
import type { OverrideRow } from './series.ts';

export { rows };

/*
 * Attendance's queries (docs/decisions/events.md "Attendance"). A seat is taken with one conditional upsert on
 * `event_occurrence_seats` (`going_count < limit`): PostgreSQL re-checks the condition on the newest row version
 * after waiting for a concurrent writer, so concurrent joins never take one seat too many. Who does not get a
 * seat is waitlisted; leaving frees the seat and moves the waitlist up in join order, in the same transaction.
 */

/** One event's overrides (the events' one query for them). */
export async function overridesOf(db: DbOrTx, eventId: string): Promise<OverrideRow[]> {
  return (await overridesOfEvents(db, [eventId])).get(eventId) ?? [];
}

export type OccurrenceRef = { eventId: string; occurrence: string };

/** Adds the person as waitlisted (the seat comes next); false when they had joined already. */
export async function insertAttendee(
  tx: DbOrTx,
  ref: OccurrenceRef,
  profileId: string,
  startsAt: Date,
): Promise<boolean> {
  const inserted = await rows<{ profile_id: string }>(
    tx,
    sql`insert into event_attendees (event_id, occurrence, profile_id, status, starts_at)
      values (${ref.eventId}, ${ref.occurrence}, ${profileId}, 'waitlist', ${startsAt.toISOString()}::timestamptz)
      on conflict (event_id, occurrence, profile_id) do nothing
      returning profile_id`,
  );
  return inserted.length > 0;
}

/**
 * One conditional upsert: a seat when fewer than `limit` are going (no limit: always); false when full. The
 * first seat creates the row.
 */
export async function takeSeat(tx: DbOrTx, ref: OccurrenceRef, limit: number | null): Promise<boolean> {
  const taken = await rows<{ going_count: number }>(
    tx,
    sql`insert into event_occurrence_seats as s (event_id, occurrence, going_count, waitlist_count)
      values (${ref.eventId}, ${ref.occurrence}, 1, 0)
      on conflict (event_id, occurrence) do update set going_count = s.going_count + 1
        where ${limit}::integer is null or s.going_count < ${limit}::integer
      returning s.going_count`,
  );
  return taken.length > 0;
}

export async function joinWaitlist(tx: DbOrTx, ref: OccurrenceRef): Promise<void> {
  await tx.execute(sql`insert into event_occurrence_seats as s (event_id, occurrence, going_count, waitlist_count)
    values (${ref.eventId}, ${ref.occurrence}, 0, 1)
    on conflict (event_id, occurrence) do update set waitlist_count = s.waitlist_count + 1`);
}

export async function markGoing(tx: DbOrTx, ref: OccurrenceRef, profileId: string): Promise<void> {
  await tx.execute(sql`update event_attendees set status = 'going'
    where event_id = ${ref.eventId} and occurrence = ${ref.occurrence} and profile_id = ${profileId}`);
}

/** Removes the person; their status before, or null when they had not joined. */
export async function deleteAttendee(
  tx: DbOrTx,
  ref: OccurrenceRef,
  profileId: string,
): Promise<EventAttendanceStatus | null> {
  const [deleted] = await rows<{ status: EventAttendanceStatus }>(
    tx,
    sql`delete from event_attendees
      where event_id = ${ref.eventId} and occurrence = ${ref.occurrence} and profile_id = ${profileId}
      returning status`,
  );
  return deleted?.status ?? null;
}

export async function releaseSeat(
  tx: DbOrTx,
  ref: OccurrenceRef,
  status: EventAttendanceStatus,
): Promise<void> {
  const column = sql.raw(status === 'going' ? 'going_count' : 'waitlist_count');
  await tx.execute(sql`update event_occurrence_seats set ${column} = greatest(${column} - 1, 0)
    where event_id = ${ref.eventId} and occurrence = ${ref.occurrence}`);
}

/**
 * Moves the waitlist up into the free seats of one occurrence (`limit` null: everyone), first joined first; the
 * profiles moved up. The seat row is locked first, so a concurrent join waits and then finds the seats taken.
 * Call it inside the transaction that freed seats or raised the limit.
 */
export async function promoteWaitlist(
  tx: DbOrTx,
  eventId: string,
  occurrence: string,
  limit: number | null,
): Promise<string[]> {
  const [seats] = await rows<{ going_count: number }>(
    tx,
    sql`select going_count from event_occurrence_seats
      where event_id = ${eventId} and occurrence = ${occurrence} for update`,
  );
  if (!seats) {
    return [];
  }
  const free = limit === null ? null : Math.max(0, limit - Number(seats.going_count));
  if (free === 0) {
    return [];
  }
  // A materialized CTE picks the people once: as a subquery in FROM, a rescan could lock the next in line too.
  const promoted = await rows<{ profile_id: string }>(
    tx,
    sql`with next as materialized (
        select profile_id from event_attendees
        where event_id = ${eventId} and occurrence = ${occurrence} and status = 'waitlist'
        order by joined_at, profile_id
        ${free === null ? sql`` : sql`limit ${free}`}
        for update
      )
      update event_attendees a set status = 'going'
      from next
      where a.event_id = ${eventId} and a.occurrence = ${occurrence} and a.profile_id = next.profile_id
      returning a.profile_id`,
  );
  if (promoted.length > 0) {
    await tx.execute(sql`update event_occurrence_seats
      set going_count = going_count + ${promoted.length},
        waitlist_count = greatest(waitlist_count - ${promoted.length}, 0)
      where event_id = ${eventId} and occurrence = ${occurrence}`);
  }
  return promoted.map((row) => row.profile_id);
}

/** The occurrences of an event where someone waits for a seat. */
export async function waitlistedOccurrenceIds(db: DbOrTx, eventId: string): Promise<string[]> {
  const found = await rows<{ occurrence: string }>(
    db,
    sql`select occurrence from event_occurrence_seats where event_id = ${eventId} and waitlist_count > 0
      order by occurrence`,
  );
  return found.map((row) => row.occurrence);
}

export type AttendeeRow = {
  profile_id: string;
  first_name: string;
  last_name: string;
  avatar_id: string | null;
  email: string;
  status: EventAttendanceStatus;
  joined_at: string | Date;
};

const attendeeWhere = (ref: OccurrenceRef, status: EventAttendanceStatus | undefined) =>
  sql`a.event_id = ${ref.eventId} and a.occurrence = ${ref.occurrence}
    ${status === undefined ? sql`` : sql`and a.status = ${status}`}`;

/** The attendees of one occurrence, going before waitlisted, each in join order; `limit` null: all of them. */
export async function listAttendees(
  db: DbOrTx,
  ref: OccurrenceRef,
  options: { status?: EventAttendanceStatus; limit: number | null; offset: number },
): Promise<{ rows: AttendeeRow[]; total: number }> {
  const where = attendeeWhere(ref, options.status);
  const [found, [counted]] = await Promise.all([
    rows<AttendeeRow>(
      db,
      sql`select a.profile_id, acc.first_name, acc.last_name, p.avatar_id, acc.email, a.status, a.joined_at
        from event_attendees a
        join profiles p on p.id = a.profile_id
        join accounts acc on acc.id = p.account_id
        where ${where}
        order by a.status = 'waitlist', a.joined_at, a.profile_id
        ${options.limit === null ? sql`` : sql`limit ${options.limit}`} offset ${options.offset}`,
    ),
    rows<{ total: number | string }>(db, sql`select count(*) as total from event_attendees a where ${where}`),
  ]);
  return { rows: found, total: Number(counted?.total ?? 0) };
}

/** Who is told of a seat (the confirmation, a waitlist promotion): address, language, zone and names. */
export type Recipient = {
  profileId: string;
  email: string;
  language: Language;
  timeZone: string | null;
  firstName: string;
  isEmailEnabled: boolean;
  emailActions: string[];
};

export async function recipientsOf(db: DbOrTx, profileIds: readonly string[]): Promise<Recipient[]> {
  if (profileIds.length === 0) {
    return [];
  }
  const found = await rows<{
    profile_id: string;
    email: string;
    language: Language;
    time_zone: string | null;
    first_name: string;
    is_email_enabled: boolean;
    email_actions: string[] | string;
  }>(
    db,
    sql`select p.id as profile_id, acc.email, coalesce(p.language, acc.language) as language,
        coalesce(p.timezone, acc.timezone) as time_zone, acc.first_name, p.is_email_enabled, p.email_actions
      from profiles p join accounts acc on acc.id = p.account_id
      where p.id = any(${`{${profileIds.join(',')}}`}::uuid[]) and p.deleted_at is null and acc.deleted_at is null`,
  );
  return found.map((row) => ({
    profileId: row.profile_id,
    email: row.email,
    language: row.language,
    timeZone: row.time_zone,
    firstName: row.first_name,
    isEmailEnabled: row.is_email_enabled,
    emailActions:
      typeof row.email_actions === 'string' ? (JSON.parse(row.email_actions) as string[]) : row.email_actions,
  }));
}
