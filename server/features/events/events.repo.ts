import { and, asc, count, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  eventAttachments,
  eventAttendees,
  eventCategories,
  eventHosts,
  eventOccurrenceSeats,
  eventOverrides,
  eventRemindersSent,
  events,
  profiles,
} from '../../db/schema/index.ts';
import type { OverrideRow } from './series.ts';

/*
 * The events' queries: plain reads and writes, tenant key first. Which events a caller sees and what an edit
 * means are events.service.ts's; occurrences are expanded there from the rows read here.
 */

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type Person = { id: string; firstName: string; lastName: string; avatarId: string | null };

/** Which events of an app a list reads: a category, free ones only (guests). */
export type EventFilter = { appId: string; categoryId?: string; freeOnly: boolean };

const filterConditions = (filter: EventFilter): SQL[] => [
  eq(events.appId, filter.appId),
  isNull(events.deletedAt),
  ...(filter.categoryId ? [eq(events.categoryId, filter.categoryId)] : []),
  ...(filter.freeOnly ? [eq(events.access, 'free')] : []),
];

/** The live events that can overlap [from, to): the `events_window_idx` bounds. */
export async function eventsInWindow(
  db: DbOrTx,
  filter: EventFilter,
  from: Date,
  to: Date,
): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        ...filterConditions(filter),
        lt(events.firstStartsAt, to),
        or(isNull(events.lastEndsAt), gt(events.lastEndsAt, from)),
      ),
    );
}

/** Whether any live event may have an occurrence at or after `at` (upcoming lists grow their window until not). */
export async function anyEventAfter(db: DbOrTx, filter: EventFilter, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(...filterConditions(filter), or(isNull(events.lastEndsAt), gt(events.lastEndsAt, at))))
    .limit(1);
  return row !== undefined;
}

/** Whether any live event starts before `at` (past lists grow their window backwards until not). */
export async function anyEventBefore(db: DbOrTx, filter: EventFilter, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(...filterConditions(filter), lt(events.firstStartsAt, at)))
    .limit(1);
  return row !== undefined;
}

/**
 * The caller's joined occurrences not yet ended (going or waitlisted, not cancelled), soonest first: one page
 * and the total. An occurrence made longer on its own may end later than its series' length says; it is left
 * out a little early, never shown after it ended.
 */
export async function joinedOccurrences(
  db: DbOrTx,
  filter: EventFilter & { profileId: string },
  page: { now: Date; limit: number; offset: number },
): Promise<{ rows: { event: EventRow; occurrence: string }[]; total: number }> {
  const where = and(
    ...filterConditions(filter),
    eq(eventAttendees.profileId, filter.profileId),
    sql`${eventAttendees.startsAt} + ${events.durationSeconds} * interval '1 second' > ${page.now}`,
    sql`not (${eventAttendees.occurrence} = any(${events.exdates}))`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: events, occurrence: eventAttendees.occurrence })
      .from(eventAttendees)
      .innerJoin(events, eq(events.id, eventAttendees.eventId))
      .where(where)
      .orderBy(asc(eventAttendees.startsAt), asc(events.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(eventAttendees)
      .innerJoin(events, eq(events.id, eventAttendees.eventId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findEvent(db: DbOrTx, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

export async function findEventBySlug(
  db: DbOrTx,
  appId: string,
  slug: string,
): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.appId, appId), eq(events.slug, slug), isNull(events.deletedAt)));
  return row;
}

/** The overrides of the events, by event id. */
export async function overridesOf(
  db: DbOrTx,
  eventIds: readonly string[],
): Promise<Map<string, OverrideRow[]>> {
  const byEvent = new Map<string, OverrideRow[]>();
  if (eventIds.length === 0) {
    return byEvent;
  }
  const rows = await db
    .select()
    .from(eventOverrides)
    .where(inArray(eventOverrides.eventId, [...new Set(eventIds)]))
    .orderBy(asc(eventOverrides.occurrence));
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push(row);
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

/** What a card and the page show beside the row: category names, people, hosts and attachments per event. */
export type EventExtras = {
  categories: Map<string, string>;
  people: Map<string, Person>;
  hosts: Map<string, string[]>;
  attachments: Map<string, string[]>;
};

export async function extrasOf(db: DbOrTx, rows: readonly EventRow[]): Promise<EventExtras> {
  const eventIds = [...new Set(rows.map((row) => row.id))];
  const categoryIds = [...new Set(rows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])))];
  const none = Promise.resolve([]);
  const [categoryRows, hostRows, attachmentRows] = await Promise.all([
    categoryIds.length === 0
      ? none
      : db
          .select({ id: eventCategories.id, name: eventCategories.name })
          .from(eventCategories)
          .where(inArray(eventCategories.id, categoryIds)),
    eventIds.length === 0
      ? none
      : db
          .select()
          .from(eventHosts)
          .where(inArray(eventHosts.eventId, eventIds))
          .orderBy(asc(eventHosts.position)),
    eventIds.length === 0
      ? none
      : db
          .select()
          .from(eventAttachments)
          .where(inArray(eventAttachments.eventId, eventIds))
          .orderBy(asc(eventAttachments.position)),
  ]);
  const group = (list: { eventId: string }[], value: (item: never) => string) => {
    const map = new Map<string, string[]>();
    for (const item of list) {
      map.set(item.eventId, [...(map.get(item.eventId) ?? []), value(item as never)]);
    }
    return map;
  };
  const hosts = group(hostRows, (item: { profileId: string }) => item.profileId);
  const profileIds = [
    ...new Set([
      ...hostRows.map((row) => row.profileId),
      ...rows.flatMap((row) => (row.authorProfileId ? [row.authorProfileId] : [])),
    ]),
  ];
  const peopleRows =
    profileIds.length === 0
      ? []
      : await db
          .select({
            id: profiles.id,
            firstName: accounts.firstName,
            lastName: accounts.lastName,
            avatarId: profiles.avatarId,
          })
          .from(profiles)
          .innerJoin(accounts, eq(accounts.id, profiles.accountId))
          .where(inArray(profiles.id, profileIds));
  return {
    categories: new Map(categoryRows.map((row) => [row.id, row.name])),
    people: new Map(peopleRows.map((row) => [row.id, row])),
    hosts,
    attachments: group(attachmentRows, (item: { fileId: string }) => item.fileId),
  };
}

export async function insertEvent(db: DbOrTx, row: NewEvent): Promise<void> {
  await db.insert(events).values(row);
}

/** Writes the values and raises SEQUENCE: every change is one calendars should take. */
export async function updateEvent(db: DbOrTx, id: string, values: Partial<NewEvent>): Promise<void> {
  await db
    .update(events)
    .set({ ...values, sequence: sql`${events.sequence} + 1`, updatedAt: new Date() })
    .where(eq(events.id, id));
}

export async function setHosts(db: DbOrTx, eventId: string, profileIds: readonly string[]): Promise<void> {
  await db.delete(eventHosts).where(eq(eventHosts.eventId, eventId));
  if (profileIds.length > 0) {
    await db
      .insert(eventHosts)
      .values(profileIds.map((profileId, position) => ({ eventId, profileId, position })));
  }
}

export async function setAttachments(db: DbOrTx, eventId: string, fileIds: readonly string[]): Promise<void> {
  await db.delete(eventAttachments).where(eq(eventAttachments.eventId, eventId));
  if (fileIds.length > 0) {
    await db
      .insert(eventAttachments)
      .values(fileIds.map((fileId, position) => ({ eventId, fileId, position })));
  }
}

export async function upsertOverride(db: DbOrTx, eventId: string, override: OverrideRow): Promise<void> {
  const values = {
    startsLocal: override.startsLocal,
    durationSeconds: override.durationSeconds,
    changes: override.changes,
    updatedAt: new Date(),
  };
  await db
    .insert(eventOverrides)
    .values({ eventId, occurrence: override.occurrence, ...values })
    .onConflictDoUpdate({ target: [eventOverrides.eventId, eventOverrides.occurrence], set: values });
}

export async function deleteOverrides(
  db: DbOrTx,
  eventId: string,
  occurrences: readonly string[],
): Promise<void> {
  if (occurrences.length > 0) {
    await db
      .delete(eventOverrides)
      .where(and(eq(eventOverrides.eventId, eventId), inArray(eventOverrides.occurrence, [...occurrences])));
  }
}

/** The occurrences that hold attendees, seats or sent reminders (what an edit of the series time re-keys). */
export async function keptOccurrences(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ occurrence: eventAttendees.occurrence })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, eventId))
    .union(
      db
        .selectDistinct({ occurrence: eventOccurrenceSeats.occurrence })
        .from(eventOccurrenceSeats)
        .where(eq(eventOccurrenceSeats.eventId, eventId)),
    );
  return rows.map((row) => row.occurrence);
}

/**
 * Occurrences renamed (an edit of the series' clock time makes new original starts) and their real starts: the
 * attendees, seats and sent reminders follow, and `event_attendees.starts_at` is kept current.
 */
export async function rekeyOccurrences(
  db: DbOrTx,
  eventId: string,
  moves: readonly { from: string; to: string; startsAt: Date }[],
): Promise<void> {
  if (moves.length === 0) {
    return;
  }
  const from = moves.map((move) => move.from);
  const to = moves.map((move) => move.to);
  const starts = moves.map((move) => move.startsAt.toISOString());
  const map = sql`unnest(${sql.param(from)}::text[], ${sql.param(to)}::text[], ${sql.param(starts)}::timestamptz[]) as m(old, new, starts)`;
  await db.execute(sql`
    update event_attendees a set occurrence = m.new, starts_at = m.starts from ${map}
    where a.event_id = ${eventId} and a.occurrence = m.old`);
  await db.execute(sql`
    update event_occurrence_seats s set occurrence = m.new from ${map}
    where s.event_id = ${eventId} and s.occurrence = m.old and m.old <> m.new`);
  await db.execute(sql`
    update event_reminders_sent r set occurrence = m.new from ${map}
    where r.event_id = ${eventId} and r.occurrence = m.old and m.old <> m.new`);
}

/** The real start of one occurrence changed (a moved occurrence): its attendees' `starts_at` follows. */
export async function setAttendeesStart(db: DbOrTx, eventId: string, occurrence: string, startsAt: Date) {
  await db
    .update(eventAttendees)
    .set({ startsAt })
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.occurrence, occurrence)));
}

/**
 * "This and following": the occurrences at or after `occurrence` — their overrides, attendees, seats and sent
 * reminders — move to the new event; the earlier ones stay with the old.
 */
export async function moveOccurrencesFrom(db: DbOrTx, fromId: string, toId: string, occurrence: string) {
  for (const table of [eventOverrides, eventAttendees, eventOccurrenceSeats, eventRemindersSent]) {
    await db
      .update(table)
      .set({ eventId: toId })
      .where(and(eq(table.eventId, fromId), gte(table.occurrence, occurrence)));
  }
}

/** Copies hosts and attachments to the new event of a split. */
export async function copyHostsAndAttachments(db: DbOrTx, fromId: string, toId: string): Promise<void> {
  await db.execute(sql`
    insert into event_hosts (event_id, profile_id, position)
    select ${toId}, profile_id, position from event_hosts where event_id = ${fromId}`);
  await db.execute(sql`
    insert into event_attachments (event_id, file_id, position)
    select ${toId}, file_id, position from event_attachments where event_id = ${fromId}`);
}
