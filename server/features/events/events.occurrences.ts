import type { DbOrTx } from '../../db/client.ts';
import { overridesOf, type EventFilter, type EventRow } from './events.repo.ts';
import * as repo from './events.repo.ts';
import type { PresentedOccurrence } from './events.presenter.ts';
import { isOccurrence, occurrencesBetween, type Series } from './recurrence.ts';
import { seriesOf, type OccurrenceChanges, type OverrideRow } from './series.ts';
import { parseWallTime, wallToInstant } from '../../platform/time-zone.ts';

/*
 * Occurrences of stored events: a window's (read with the `events_window_idx` bounds, then expanded), the
 * upcoming and past ones page by page (growing windows, never years ahead at once), and one by its id.
 */

export type Item = { row: EventRow; occurrence: PresentedOccurrence };

const dayMs = 86_400_000;
const firstSpanMs = 31 * dayMs;
const horizonMs = 200 * 365 * dayMs;

export const seriesOfRow = (
  row: Pick<EventRow, 'startsLocal' | 'timeZone' | 'durationSeconds' | 'rrule' | 'exdates'>,
  overrides: readonly OverrideRow[] = [],
): Series<OccurrenceChanges> => seriesOf(row, overrides);

const byStart = (a: Item, b: Item) =>
  a.occurrence.startsAt.getTime() - b.occurrence.startsAt.getTime() ||
  a.row.id.localeCompare(b.row.id) ||
  a.occurrence.originalStart.localeCompare(b.occurrence.originalStart);

/** Every occurrence overlapping [from, to) of the events of the filter, soonest first (cancelled left out). */
export async function occurrencesInWindow(
  db: DbOrTx,
  filter: EventFilter,
  from: Date,
  to: Date,
): Promise<Item[]> {
  const rows = await repo.eventsInWindow(db, filter, from, to);
  const overrides = await overridesOf(
    db,
    rows.filter((row) => row.rrule !== null).map((row) => row.id),
  );
  const items: Item[] = [];
  for (const row of rows) {
    for (const occurrence of occurrencesBetween(seriesOfRow(row, overrides.get(row.id)), from, to)) {
      items.push({ row, occurrence });
    }
  }
  return items.sort(byStart);
}

export type Found = { items: Item[]; exhausted: boolean };

/**
 * At least `need` occurrences not yet ended (soonest first), or all there are: windows from now growing four
 * times at each step until full or no event reaches past the window.
 */
export async function upcomingOccurrences(
  db: DbOrTx,
  filter: EventFilter,
  need: number,
  now: Date,
): Promise<Found> {
  for (let span = firstSpanMs; ; span *= 4) {
    const to = new Date(now.getTime() + span);
    const items = await occurrencesInWindow(db, filter, now, to);
    if (items.length >= need) {
      return { items, exhausted: false };
    }
    if (span >= horizonMs || !(await repo.anyEventAfter(db, filter, to))) {
      return { items, exhausted: true };
    }
  }
}

/** At least `need` ended occurrences (latest first), or all there are: windows growing backwards from now. */
export async function pastOccurrences(
  db: DbOrTx,
  filter: EventFilter,
  need: number,
  now: Date,
): Promise<Found> {
  for (let span = firstSpanMs; ; span *= 4) {
    const from = new Date(now.getTime() - span);
    const items = (await occurrencesInWindow(db, filter, from, now))
      .filter((item) => item.occurrence.endsAt.getTime() <= now.getTime())
      .reverse();
    if (items.length >= need) {
      return { items, exhausted: false };
    }
    if (span >= horizonMs || !(await repo.anyEventBefore(db, filter, from))) {
      return { items, exhausted: true };
    }
  }
}

/** One occurrence by its id (cancelled ones too); null when the rule does not make it. */
export function occurrenceAt(series: Series<OccurrenceChanges>, id: string): PresentedOccurrence | null {
  if (!isOccurrence(series, id)) {
    return null;
  }
  const cancelled = series.exdates.includes(id);
  const override = cancelled ? undefined : series.overrides.find((item) => item.originalStart === id);
  const wall = parseWallTime(override?.start ?? id);
  if (wall === null) {
    return null;
  }
  const startsAt = wallToInstant(series.timeZone, wall);
  return {
    originalStart: id,
    startsAt: new Date(startsAt),
    endsAt: new Date(startsAt + (override?.durationSeconds ?? series.durationSeconds) * 1000),
    cancelled,
    override: override ?? null,
  };
}

/** The occurrence an event's page shows by default: the next one not ended, else the last one. */
export function defaultOccurrence(
  row: EventRow,
  series: Series<OccurrenceChanges>,
  now: Date,
): PresentedOccurrence {
  const end = row.lastEndsAt?.getTime() ?? now.getTime() + horizonMs;
  for (let span = 366 * dayMs; now.getTime() < end; span *= 8) {
    const to = new Date(Math.min(now.getTime() + span, end + 1));
    const [next] = occurrencesBetween(series, now, to);
    if (next) {
      return next;
    }
    if (to.getTime() > end) {
      break;
    }
  }
  const until = new Date(Math.min(now.getTime(), end) + 1);
  const last = occurrencesBetween(series, row.firstStartsAt, until).at(-1);
  const any = occurrencesBetween(series, row.firstStartsAt, new Date(end + 1), { includeCancelled: true })[0];
  return last ?? any ?? occurrenceAt(series, series.start)!;
}
