import { formatUtcStamp } from './rule.ts';
import type { ZoneTransition } from '../../platform/time-zone.ts';
import { daysInMonth, formatWallTime, offsetAt, transitionsBetween } from '../../platform/time-zone.ts';

/*
 * A VTIMEZONE written from the zone's real transitions (the runtime's tz database), not from a table of our own.
 * Transitions that follow one yearly pattern (same kind, offsets, month, clock time and "n-th / last weekday")
 * in consecutive years become one STANDARD or DAYLIGHT block with an RRULE, which is the form Outlook needs to
 * map a zone correctly; Berlin comes out as the familiar two blocks. A pattern that changes (the US in 2007)
 * ends with UNTIL and a new block starts; transitions that follow no pattern are listed as RDATEs.
 */

type Onset = {
  transition: ZoneTransition;
  local: Date;
  year: number;
  month: number;
  weekday: number;
  nth: number;
  last: boolean;
};

function onsetOf(transition: ZoneTransition): Onset {
  const local = new Date(transition.at + transition.offsetFrom);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const day = local.getUTCDate();
  return {
    transition,
    local,
    year,
    month,
    weekday: local.getUTCDay(),
    nth: Math.ceil(day / 7),
    last: day + 7 > daysInMonth(year, month),
  };
}

function formatOffset(offset: number): string {
  const seconds = Math.abs(offset) / 1000;
  const hours = String(Math.floor(seconds / 3600)).padStart(2, '0');
  const minutes = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const rest = seconds % 60;
  return `${offset < 0 ? '-' : '+'}${hours}${minutes}${rest === 0 ? '' : String(rest).padStart(2, '0')}`;
}

const localStamp = (local: Date) => formatWallTime(local.getTime()).replace(/[-:]/g, '');
const clockOf = (onset: Onset) => onset.local.getTime() % 86_400_000;
const byDayNames = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The yearly rule all onsets (consecutive years) follow, or null. */
function yearlyRule(onsets: Onset[]): string | null {
  const [first] = onsets;
  if (!first || onsets.some((onset, index) => onset.year !== first.year + index)) {
    return null;
  }
  const day = byDayNames[first.weekday];
  const sameWeekday = onsets.every((onset) => onset.weekday === first.weekday);
  if (sameWeekday && onsets.every((onset) => onset.last)) {
    return `FREQ=YEARLY;BYMONTH=${first.month};BYDAY=-1${day}`;
  }
  if (sameWeekday && onsets.every((onset) => onset.nth === first.nth)) {
    return `FREQ=YEARLY;BYMONTH=${first.month};BYDAY=${first.nth}${day}`;
  }
  if (onsets.every((onset) => onset.local.getUTCDate() === first.local.getUTCDate())) {
    return `FREQ=YEARLY;BYMONTH=${first.month};BYMONTHDAY=${first.local.getUTCDate()}`;
  }
  return null;
}

/** One STANDARD or DAYLIGHT block: a yearly RRULE when the onsets follow one, else RDATEs. */
function block(onsets: Onset[], openEnded: boolean): string[] {
  const [first] = onsets as [Onset, ...Onset[]];
  const { offsetFrom, offsetTo } = first.transition;
  const kind = offsetTo > offsetFrom ? 'DAYLIGHT' : 'STANDARD';
  const lines = [`BEGIN:${kind}`, `DTSTART:${localStamp(first.local)}`];
  const rule = onsets.length > 1 ? yearlyRule(onsets) : null;
  if (rule !== null) {
    const last = onsets[onsets.length - 1] as Onset;
    lines.push(openEnded ? `RRULE:${rule}` : `RRULE:${rule};UNTIL=${formatUtcStamp(last.transition.at)}`);
  } else if (onsets.length > 1) {
    // One value per line and DTSTART again among them: ical.js reads only the first value of an RDATE and, in a
    // block that has RDATEs, not DTSTART. Both are the same set by RFC 5545, which lets RDATE repeat DTSTART.
    lines.push(...onsets.map((onset) => `RDATE:${localStamp(onset.local)}`));
  }
  lines.push(
    `TZOFFSETFROM:${formatOffset(offsetFrom)}`,
    `TZOFFSETTO:${formatOffset(offsetTo)}`,
    `END:${kind}`,
  );
  return lines;
}

/**
 * The VTIMEZONE of `zone` for the years `fromYear`..`toYear` (UTC years; start a year before the first event so
 * the block in force at its start is written). A zone without transitions there gets one STANDARD block.
 */
export function vtimezoneLines(zone: string, fromYear: number, toYear: number): string[] {
  const onsets = transitionsBetween(zone, fromYear, toYear).map(onsetOf);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const firstYear = onsets[0]?.year;
  if (firstYear === undefined || firstYear > fromYear) {
    const offset = offsetAt(zone, Date.UTC(fromYear, 0, 1));
    lines.push(
      'BEGIN:STANDARD',
      `DTSTART:${fromYear}0101T000000`,
      `TZOFFSETFROM:${formatOffset(offset)}`,
      `TZOFFSETTO:${formatOffset(offset)}`,
      'END:STANDARD',
    );
  }
  // Runs of onsets with one key that keep a yearly pattern; a run still going in the last year stays open.
  const keyOf = (onset: Onset) =>
    [onset.transition.offsetFrom, onset.transition.offsetTo, onset.month, clockOf(onset)].join(' ');
  const runs: Onset[][] = [];
  for (const onset of onsets) {
    const run = runs.findLast((candidate) => keyOf(candidate[0] as Onset) === keyOf(onset));
    if (run && yearlyRule([...run, onset]) !== null) {
      run.push(onset);
    } else {
      runs.push([onset]);
    }
  }
  // Onsets that joined no pattern share one block per kind and offsets, listed as RDATEs.
  const loose = new Map<string, Onset[]>();
  for (const run of runs) {
    const [first] = run as [Onset];
    if (run.length > 1) {
      lines.push(...block(run, (run[run.length - 1] as Onset).year >= toYear));
    } else {
      const key = `${first.transition.offsetFrom} ${first.transition.offsetTo}`;
      loose.set(key, [...(loose.get(key) ?? []), first]);
    }
  }
  for (const group of loose.values()) {
    lines.push(...block(group, false));
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
