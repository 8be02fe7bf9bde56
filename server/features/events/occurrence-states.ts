import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { EventAttendanceStatus } from '../../../contracts/events.ts';

/*
 * The seat counts of occurrences and the caller's place in them, for every answer that shows an occurrence
 * (lists, the page, join / leave). One query for a whole page: the keys travel as two arrays.
 */

export type OccurrenceKey = { eventId: string; occurrence: string };

export type OccurrenceState = {
  attendeesCount: number;
  waitlistCount: number;
  myStatus: EventAttendanceStatus | null;
  /** 1 = next to move up; null when not waitlisted. */
  waitlistPosition: number | null;
};

export const occurrenceKey = (eventId: string, occurrence: string) => `${eventId} ${occurrence}`;

const emptyState: OccurrenceState = {
  attendeesCount: 0,
  waitlistCount: 0,
  myStatus: null,
  waitlistPosition: null,
};

type StateRow = {
  event_id: string;
  occurrence: string;
  going_count: number | null;
  waitlist_count: number | null;
  my_status: EventAttendanceStatus | null;
  waitlist_position: number | string | null;
};

/** States of the given occurrences (missing ones: nobody joined); `profileId` null for guests. */
export async function occurrenceStates(
  db: DbOrTx,
  keys: readonly OccurrenceKey[],
  profileId: string | null,
): Promise<Map<string, OccurrenceState>> {
  const states = new Map<string, OccurrenceState>();
  if (keys.length === 0) {
    return states;
  }
  const eventIds = keys.map((key) => key.eventId);
  const occurrences = keys.map((key) => key.occurrence);
  const result: unknown = await db.execute(sql`
    select k.event_id, k.occurrence, s.going_count, s.waitlist_count, a.status as my_status,
      case when a.status = 'waitlist' then (
        select count(*) from event_attendees w
        where w.event_id = k.event_id and w.occurrence = k.occurrence and w.status = 'waitlist'
          and (w.joined_at, w.profile_id) <= (a.joined_at, a.profile_id)
      ) end as waitlist_position
    from unnest(${sql.param(eventIds)}::uuid[], ${sql.param(occurrences)}::text[]) as k(event_id, occurrence)
    left join event_occurrence_seats s on s.event_id = k.event_id and s.occurrence = k.occurrence
    left join event_attendees a
      on a.event_id = k.event_id and a.occurrence = k.occurrence and a.profile_id = ${profileId}::uuid
  `);
  for (const row of (result as { rows: StateRow[] }).rows) {
    states.set(occurrenceKey(row.event_id, row.occurrence), {
      attendeesCount: row.going_count ?? 0,
      waitlistCount: row.waitlist_count ?? 0,
      myStatus: row.my_status,
      waitlistPosition: row.waitlist_position === null ? null : Number(row.waitlist_position),
    });
  }
  return states;
}

/** The state of one occurrence from a map `occurrenceStates` answered. */
export function stateOf(
  states: Map<string, OccurrenceState>,
  eventId: string,
  occurrence: string,
): OccurrenceState {
  return states.get(occurrenceKey(eventId, occurrence)) ?? emptyState;
}
