import type { Override, Series } from './recurrence.ts';
import { occurrencesBetween, parseRule } from './recurrence.ts';
import { parseWallTime, wallToInstant } from '../../platform/time-zone.ts';

/*
 * Between the stored rows (events, event_overrides) and the time core's `Series`: every feature file that expands
 * an event (lists, the page, attendance, reminders, feeds) builds it here, so they all read a row the same way.
 */

/** What an override may change besides time (stored in `event_overrides.changes`). */
export type OccurrenceChanges = {
  name?: string;
  description?: string;
  eventType?: 'virtual' | 'person' | 'tbd';
  virtualLocationUrl?: string | null;
  inPersonLocation?: string | null;
};

export type SeriesRow = {
  startsLocal: string;
  timeZone: string;
  durationSeconds: number;
  rrule: string | null;
  exdates: string[];
};

export type OverrideRow = {
  occurrence: string;
  startsLocal: string | null;
  durationSeconds: number | null;
  changes: Record<string, unknown> | null;
};

export function seriesOf(row: SeriesRow, overrides: readonly OverrideRow[] = []): Series<OccurrenceChanges> {
  return {
    start: row.startsLocal,
    timeZone: row.timeZone,
    durationSeconds: row.durationSeconds,
    rule: row.rrule,
    exdates: row.exdates,
    overrides: overrides.map((override) => {
      const result: Override<OccurrenceChanges> = { originalStart: override.occurrence };
      if (override.startsLocal !== null) {
        result.start = override.startsLocal;
      }
      if (override.durationSeconds !== null) {
        result.durationSeconds = override.durationSeconds;
      }
      if (override.changes !== null) {
        result.changes = override.changes;
      }
      return result;
    }),
  };
}

const dayMs = 86_400_000;
const lastRepresentable = Date.UTC(9999, 11, 31);

/**
 * The real-time bounds stored on the row (`first_starts_at`, `last_ends_at`) so a window query reads only the
 * events that can overlap it: the first start and the last end, moved occurrences included; `lastEndsAt` null
 * when the rule never ends. Bounds may be wider than the truth (an UNTIL is taken as a start), never narrower.
 */
export function seriesBounds(series: Series): { firstStartsAt: Date; lastEndsAt: Date | null } {
  const startWall = parseWallTime(series.start);
  if (startWall === null) {
    throw new Error(`invalid series start ${series.start}`);
  }
  let first = wallToInstant(series.timeZone, startWall);
  let last: number | null = first + series.durationSeconds * 1000;
  if (series.rule !== null) {
    const rule = parseRule(series.rule);
    if (rule.until !== null) {
      last = rule.until + series.durationSeconds * 1000;
    } else if (rule.count !== null) {
      // COUNT is bounded (contracts: at most 999), so the walk is short. Past the year 9999 (a far yearly
      // series) the bound is left open, which is wider than the truth and so still right.
      const horizon = first + yearsForCount(rule.frequency, rule.interval, rule.count) * 366 * dayMs;
      if (horizon > lastRepresentable) {
        last = null;
      } else {
        const occurrences = occurrencesBetween(
          { ...series, overrides: [] },
          new Date(first),
          new Date(horizon),
          {
            includeCancelled: true,
          },
        );
        last = occurrences.at(-1)?.endsAt.getTime() ?? last;
      }
    } else {
      last = null;
    }
  }
  for (const override of series.overrides) {
    const wall = parseWallTime(override.start ?? override.originalStart);
    if (wall === null) {
      continue;
    }
    const startsAt = wallToInstant(series.timeZone, wall);
    first = Math.min(first, startsAt);
    if (last !== null) {
      last = Math.max(last, startsAt + (override.durationSeconds ?? series.durationSeconds) * 1000);
    }
  }
  return { firstStartsAt: new Date(first), lastEndsAt: last === null ? null : new Date(last) };
}

/** Years that `count` occurrences can span at most (a monthly rule on the 31st skips months; yearly on 29 Feb, years). */
function yearsForCount(frequency: string, interval: number, count: number): number {
  switch (frequency) {
    case 'DAILY':
      return Math.ceil((count * interval) / 365) + 1;
    case 'WEEKLY':
      return Math.ceil((count * interval * 7) / 365) + 1;
    case 'MONTHLY':
      return Math.ceil((count * interval * 2) / 12) + 1;
    default:
      return count * interval * 4 + 1;
  }
}
