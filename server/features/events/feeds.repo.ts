import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventAttendees, eventFeedTokens, events, profiles } from '../../db/schema/index.ts';
import type { EventRow } from './events.access.ts';
import { overridesOf as overridesOfEvents } from './events.repo.ts';
import type { OverrideRow } from './series.ts';

/** The live profile a feed token names, with its nonce; undefined when revoked or the profile is gone. */
export async function findFeedOwner(
  db: DbOrTx,
  profileId: string,
): Promise<{ appId: string; accountId: string; nonce: string } | undefined> {
  const [row] = await db
    .select({ appId: profiles.appId, accountId: profiles.accountId, nonce: eventFeedTokens.nonce })
    .from(eventFeedTokens)
    .innerJoin(profiles, eq(profiles.id, eventFeedTokens.profileId))
    .where(and(eq(eventFeedTokens.profileId, profileId), isNull(profiles.deletedAt)));
  return row;
}

export async function findFeedNonce(db: DbOrTx, profileId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ nonce: eventFeedTokens.nonce })
    .from(eventFeedTokens)
    .where(eq(eventFeedTokens.profileId, profileId));
  return row?.nonce;
}

export async function saveFeedNonce(db: DbOrTx, profileId: string, nonce: string): Promise<void> {
  await db
    .insert(eventFeedTokens)
    .values({ profileId, nonce })
    .onConflictDoUpdate({ target: eventFeedTokens.profileId, set: { nonce, updatedAt: sql`now()` } });
}

export async function deleteFeedNonce(db: DbOrTx, profileId: string): Promise<void> {
  await db.delete(eventFeedTokens).where(eq(eventFeedTokens.profileId, profileId));
}

export type FeedQuery = {
  appId: string;
  /** Series that ended before this are left out (unless joined). */
  endedSince: Date;
  /** Deleted events stay (cancelled) until this long after their deletion. */
  deletedSince: Date;
  now: Date;
  /** Only `free` events (the app's public feed, guests). */
  freeOnly: boolean;
  /** The member whose joined events are kept whenever they ended, and come first. */
  profileId: string | null;
  limit: number;
};

/**
 * The ids of a feed's events, in its order: those not ended before `endedSince` or joined by the member, live or
 * deleted since `deletedSince`; joined first, then running and upcoming ones by their next start, then past ones,
 * latest first; at most `limit`. The order is decided on narrow rows (ids and sort keys): sorting a thousand whole
 * rows took five times as long, and the rows themselves are shared by the members' feeds (eventsByIds).
 */
export async function feedEventIds(db: DbOrTx, query: FeedQuery): Promise<string[]> {
  const joined =
    query.profileId === null
      ? sql<boolean>`false`
      : sql<boolean>`${events.id} in (select ${eventAttendees.eventId} from ${eventAttendees} where ${eventAttendees.profileId} = ${query.profileId})`;
  const notEnded = sql`(${events.lastEndsAt} is null or ${events.lastEndsAt} >= ${query.now})`;
  const chosen = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.appId, query.appId),
        query.freeOnly ? eq(events.access, 'free') : undefined,
        sql`(${events.deletedAt} is null or ${events.deletedAt} >= ${query.deletedSince})`,
        sql`(${events.lastEndsAt} is null or ${events.lastEndsAt} >= ${query.endedSince} or ${joined})`,
      ),
    )
    .orderBy(
      ...(query.profileId === null ? [] : [desc(joined)]),
      desc(notEnded),
      asc(sql`greatest(${events.firstStartsAt}, ${query.now})`),
      sql`${events.lastEndsAt} desc nulls first`,
      asc(events.id),
    )
    .limit(query.limit);
  return chosen.map((row) => row.id);
}

/** Events by id (in no order) with their overrides, in two queries. */
export async function eventsByIds(
  db: DbOrTx,
  ids: readonly string[],
): Promise<{ rows: EventRow[]; overrides: Map<string, OverrideRow[]> }> {
  if (ids.length === 0) {
    return { rows: [], overrides: new Map() };
  }
  const rows = await db
    .select()
    .from(events)
    .where(sql`${events.id} = any(${sql.param(ids)}::uuid[])`);
  return { rows, overrides: await overridesOf(db, rows) };
}

/** The overrides (RECURRENCE-ID) of the recurring ones among `rows`, by event, in one query. */
export const overridesOf = (db: DbOrTx, rows: readonly Pick<EventRow, 'id' | 'rrule'>[]) =>
  overridesOfEvents(
    db,
    rows.filter((row) => row.rrule !== null).map((row) => row.id),
  );
