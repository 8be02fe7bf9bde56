import type { ExpansionStats } from './expansion.ts';
import { ruleStarts } from './expansion.ts';
import type { Rule } from './rule.ts';
import { RecurrenceError, recurrenceIssue } from './issues.ts';
import { formatRule, parseRule } from './rule.ts';
import type { WallTime } from '../../platform/time-zone.ts';
import { canonicalTimeZone, formatWallTime, parseWallTime, wallToInstant } from '../../platform/time-zone.ts';

export type { ExpansionStats } from './expansion.ts';
export { parseRule, safeParseRule, formatRule } from './rule.ts';
export type { Rule } from './rule.ts';
export { RecurrenceError, recurrenceFieldErrors } from './issues.ts';
export type { RecurrenceIssue } from './issues.ts';
export { presetRule, describeRule } from './presets.ts';
export type { RecurrencePreset, RecurrenceEnd, RuleDescription } from './presets.ts';

/*
 * A series is expanded in local wall time: the rule picks calendar dates, each date gets DTSTART's clock time,
 * and only then does the zone turn that wall time into an instant. So 09:30 stays 09:30 across every clock
 * change, and the one hour a year that does not exist (or exists twice) is settled by `wallToInstant`.
 * See docs/decisions/events.md, "Time: recurrence and iCalendar".
 */

/** One occurrence changed on its own (RECURRENCE-ID): moved, made longer or shorter, or other fields (`changes`). */
export type Override<C = unknown> = {
  /** The occurrence's start as the rule made it (local wall time, `YYYY-MM-DDTHH:mm[:ss]`). */
  originalStart: string;
  /** Its new local start in the series' zone; absent: not moved. */
  start?: string;
  durationSeconds?: number;
  changes?: C;
};

export type Series<C = unknown> = {
  /** DTSTART as local wall time in `timeZone`, `YYYY-MM-DDTHH:mm[:ss]`. */
  start: string;
  timeZone: string;
  durationSeconds: number;
  /** An RRULE (`FREQ=WEEKLY;BYDAY=MO`), or null for a single event. */
  rule: string | null;
  /** Cancelled occurrences, by their original local start. */
  exdates: string[];
  overrides: Override<C>[];
};

export type Occurrence<C = unknown> = {
  /** The occurrence's id: its start as the rule made it, local, `YYYY-MM-DDTHH:mm:ss`. */
  originalStart: string;
  startsAt: Date;
  endsAt: Date;
  /** Only with `includeCancelled`: an EXDATE'd occurrence, at its original time. */
  cancelled: boolean;
  override: Override<C> | null;
};

export type ExpansionOptions = { includeCancelled?: boolean; stats?: ExpansionStats };

type Compiled<C> = {
  rule: Rule | null;
  start: WallTime;
  zone: string;
  durationMs: number;
  exdates: Set<WallTime>;
  overrides: Map<WallTime, Override<C>>;
};

const dayMs = 86_400_000;

function wallOf(text: string, ...path: string[]): WallTime {
  const wall = parseWallTime(text);
  if (wall === null) {
    throw new RecurrenceError([recurrenceIssue('invalid_format', ...path)]);
  }
  return wall;
}

function compile<C>(series: Series<C>): Compiled<C> {
  if (canonicalTimeZone(series.timeZone) === null) {
    throw new RecurrenceError([recurrenceIssue('invalid_value', 'timeZone')]);
  }
  if (!Number.isSafeInteger(series.durationSeconds) || series.durationSeconds < 0) {
    throw new RecurrenceError([recurrenceIssue('invalid_value', 'durationSeconds')]);
  }
  return {
    rule: series.rule === null ? null : parseRule(series.rule),
    start: wallOf(series.start, 'start'),
    zone: series.timeZone,
    durationMs: series.durationSeconds * 1000,
    exdates: new Set(series.exdates.map((exdate, index) => wallOf(exdate, 'exdates', String(index)))),
    overrides: new Map(
      series.overrides.map((override, index) => {
        if (override.start !== undefined) {
          wallOf(override.start, 'overrides', String(index), 'start');
        }
        return [wallOf(override.originalStart, 'overrides', String(index), 'originalStart'), override];
      }),
    ),
  };
}

function isOccurrenceOf<C>(series: Compiled<C>, wall: WallTime): boolean {
  for (const candidate of ruleStarts(series, wall, wall, { periods: 0 })) {
    if (candidate === wall) {
      return true;
    }
  }
  return false;
}

/**
 * Every occurrence that overlaps [windowStart, windowEnd), ordered by start. Overrides are applied (a moved
 * occurrence shows where it moved to, also when it came from outside the window), EXDATEs left out unless
 * `includeCancelled`. Only the periods the window needs are expanded, so there is no cap on occurrences.
 */
export function occurrencesBetween<C>(
  series: Series<C>,
  windowStart: Date,
  windowEnd: Date,
  options: ExpansionOptions = {},
): Occurrence<C>[] {
  const compiled = compile(series);
  const stats = options.stats ?? { periods: 0 };
  const from = windowStart.getTime();
  const to = windowEnd.getTime();
  const overlaps = (startsAt: number, endsAt: number) =>
    startsAt < to && (endsAt > from || (endsAt === startsAt && startsAt >= from));
  const occurrences: Occurrence<C>[] = [];
  if (!(from < to)) {
    return occurrences;
  }
  // A wall time lies within a day of its instant (offsets stay within ±14 h), so a day on each side is enough.
  for (const wall of ruleStarts(compiled, from - compiled.durationMs - dayMs, to + dayMs, stats)) {
    const cancelled = compiled.exdates.has(wall);
    if ((cancelled && !options.includeCancelled) || (!cancelled && compiled.overrides.has(wall))) {
      continue;
    }
    const startsAt = wallToInstant(compiled.zone, wall);
    const endsAt = startsAt + compiled.durationMs;
    if (overlaps(startsAt, endsAt)) {
      occurrences.push({
        originalStart: formatWallTime(wall),
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        cancelled,
        override: null,
      });
    }
  }
  for (const [original, override] of compiled.overrides) {
    if (compiled.exdates.has(original) || !isOccurrenceOf(compiled, original)) {
      continue;
    }
    const startsAt = wallToInstant(
      compiled.zone,
      override.start === undefined ? original : wallOf(override.start),
    );
    const endsAt = startsAt + (override.durationSeconds ?? series.durationSeconds) * 1000;
    if (overlaps(startsAt, endsAt)) {
      occurrences.push({
        originalStart: formatWallTime(original),
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        cancelled: false,
        override,
      });
    }
  }
  return occurrences.sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.originalStart.localeCompare(b.originalStart),
  );
}

/** True when `originalStart` is an occurrence the rule makes (cancelled or not): what a RECURRENCE-ID may name. */
export function isOccurrence(series: Series, originalStart: string): boolean {
  const wall = parseWallTime(originalStart);
  return wall !== null && isOccurrenceOf(compile(series), wall);
}

export type SeriesSplit<C> = { before: Series<C> | null; after: Series<C> };

/**
 * "This and following": the series up to `atOriginalStart` keeps its DTSTART and gets an UNTIL one second before
 * that occurrence, so its past occurrences (and their attendees) stay exactly as they were; a new series starts
 * at it with the rest of COUNT. EXDATEs and overrides go with the part they belong to. `before` is null when
 * the split is at the first occurrence (then "this and following" is "all").
 */
export function splitSeries<C>(series: Series<C>, atOriginalStart: string): SeriesSplit<C> {
  const compiled = compile(series);
  const at = wallOf(atOriginalStart, 'originalStart');
  const { rule } = compiled;
  if (rule === null || !isOccurrenceOf(compiled, at)) {
    throw new RecurrenceError([recurrenceIssue('invalid_value', 'originalStart')]);
  }
  const beforeAt = (text: string) => wallOf(text) < at;
  let earlier = 0;
  if (rule.count !== null) {
    for (const wall of ruleStarts(compiled, compiled.start, at, { periods: 0 })) {
      earlier += wall < at ? 1 : 0;
    }
  }
  const after: Series<C> = {
    ...series,
    start: formatWallTime(at),
    rule: formatRule({ ...rule, count: rule.count === null ? null : rule.count - earlier }),
    exdates: series.exdates.filter((exdate) => !beforeAt(exdate)),
    overrides: series.overrides.filter((override) => !beforeAt(override.originalStart)),
  };
  if (at === compiled.start) {
    return { before: null, after };
  }
  const before: Series<C> = {
    ...series,
    rule: formatRule({ ...rule, count: null, until: wallToInstant(compiled.zone, at) - 1000 }),
    exdates: series.exdates.filter(beforeAt),
    overrides: series.overrides.filter((override) => beforeAt(override.originalStart)),
  };
  return { before, after };
}
