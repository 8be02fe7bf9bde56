/*
 * Time-zone arithmetic on the runtime's own tz database (Intl), with no library of our own to keep current.
 *
 * A wall time is a local calendar date and clock time without a zone ("09:30 on 29 March"). It is held as a
 * number: the milliseconds a UTC clock would show for the same fields (`Date.UTC(y, m - 1, d, h, mi, s)`), so
 * adding days or comparing two wall times is plain arithmetic that no clock change can disturb. Only when a
 * wall time meets a zone does it become an instant, here.
 */

export type WallTime = number;

/** One change of a zone's UTC offset: the instant and the offsets (ms) before and after it. */
export type ZoneTransition = { at: number; offsetFrom: number; offsetTo: number };

const dayMs = 86_400_000;

/** The six date and time fields a pattern matched (a missing one, like absent seconds, is 0). */
export function sixNumbers(parts: (string | undefined)[]): [number, number, number, number, number, number] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = parts.map((part) => Number(part ?? 0));
  return [a, b, c, d, e, f];
}

const wallPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `2026-03-29T09:30` or `2026-03-29T09:30:00` → wall time; null for anything else or a date that does not exist. */
export function parseWallTime(text: string): WallTime | null {
  const match = wallPattern.exec(text);
  if (!match) {
    return null;
  }
  const [year, month, day, hour, minute, second] = sixNumbers(match.slice(1));
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Wall time → `YYYY-MM-DDTHH:mm:ss`, the id of an occurrence (ISO without an offset). */
export function formatWallTime(wall: WallTime): string {
  return new Date(wall).toISOString().slice(0, 19);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let kept = formatters.get(zone);
  if (!kept) {
    kept = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, kept);
  }
  return kept;
}

const canonicalZones = new Map<string, string>();

/**
 * The runtime's own spelling of a zone it knows (`europe/berlin` → `Europe/Berlin`), null for an unknown one.
 * Series store this spelling: it becomes the TZID of the calendar files, which some clients match by name.
 */
export function canonicalTimeZone(zone: string): string | null {
  // No zone (a profile without one) is the common case: asking Intl would throw, which costs as much as a formatter.
  if (zone === '') {
    return null;
  }
  const known = canonicalZones.get(zone);
  if (known !== undefined) {
    return known;
  }
  try {
    // A formatter costs far more than the expansion it guards, so canonical names (a few hundred) are kept;
    // other spellings are not, or every letter case of every zone could each keep an entry.
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    if (canonical === zone) {
      canonicalZones.set(zone, canonical);
    }
    return canonical;
  } catch {
    return null;
  }
}

const formattedPattern = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):(\d+)$/;

/**
 * The offset (ms) straight from Intl. `format` is used, not `formatToParts`: it is four times faster here
 * (3 µs against 14 µs), and the zone tables below call it a few hundred times per zone and year.
 */
function measuredOffset(zone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const match = formattedPattern.exec(formatter(zone).format(whole));
  if (!match) {
    throw new Error(`Unexpected Intl output for ${zone}`);
  }
  const [month, day, year, hour, minute, second] = sixNumbers(match.slice(1));
  return Date.UTC(year, month - 1, day, hour, minute, second) - whole;
}

type ZoneYear = { offsetAtStart: number; transitions: ZoneTransition[] };

const zoneYears = new Map<string, Map<number, ZoneYear>>();

/**
 * A zone's offset at the start of a UTC year and its transitions within it, found by sampling once a day and
 * halving the day in which the offset changed down to the second; kept per process (a few kB per zone).
 */
function zoneYear(zone: string, year: number): ZoneYear {
  let years = zoneYears.get(zone);
  if (!years) {
    years = new Map();
    zoneYears.set(zone, years);
  }
  const kept = years.get(year);
  if (kept) {
    return kept;
  }
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const transitions: ZoneTransition[] = [];
  const offsetAtStart = measuredOffset(zone, start);
  let before = start;
  let offsetBefore = offsetAtStart;
  while (before < end) {
    const after = Math.min(before + dayMs, end);
    const offsetAfter = measuredOffset(zone, after);
    if (offsetAfter !== offsetBefore) {
      let low = before;
      let high = after;
      while (high - low > 1000) {
        const middle = low + Math.floor((high - low) / 2000) * 1000;
        if (measuredOffset(zone, middle) === offsetBefore) {
          low = middle;
        } else {
          high = middle;
        }
      }
      transitions.push({ at: high, offsetFrom: offsetBefore, offsetTo: offsetAfter });
    }
    before = after;
    offsetBefore = offsetAfter;
  }
  const result = { offsetAtStart, transitions };
  years.set(year, result);
  return result;
}

/** The zone's UTC offset (ms, east positive) at an instant. */
export function offsetAt(zone: string, instant: number): number {
  const { offsetAtStart, transitions } = zoneYear(zone, new Date(instant).getUTCFullYear());
  let offset = offsetAtStart;
  for (const transition of transitions) {
    if (transition.at > instant) {
      break;
    }
    offset = transition.offsetTo;
  }
  return offset;
}

export function instantToWall(zone: string, instant: number): WallTime {
  return instant + offsetAt(zone, instant);
}

/**
 * Wall time in a zone → instant, as RFC 5545 §3.3.5 reads a DATE-TIME with TZID: a time that occurs twice (the
 * autumn hour) is the first of the two; a time that does not exist (the spring gap) is read with the offset
 * before the gap, so 02:30 on the day Berlin springs forward is 03:30 CEST.
 */
export function wallToInstant(zone: string, wall: WallTime): number {
  const offsetBefore = offsetAt(zone, wall - dayMs);
  const offsetAfter = offsetAt(zone, wall + dayMs);
  for (const offset of [offsetBefore, offsetAfter]) {
    const instant = wall - offset;
    if (instantToWall(zone, instant) === wall) {
      return instant;
    }
  }
  return wall - offsetBefore;
}

/**
 * True when the wall time exists exactly once in the zone: not in a spring gap, not in the repeated autumn hour.
 * Calendar apps disagree on the other two (ical.js reads both with the later offset), so ics.ts writes those in UTC.
 */
export function isUnambiguous(zone: string, wall: WallTime): boolean {
  const readings = new Set(
    [offsetAt(zone, wall - dayMs), offsetAt(zone, wall + dayMs)]
      .map((offset) => wall - offset)
      .filter((instant) => instantToWall(zone, instant) === wall),
  );
  return readings.size === 1;
}

/** Every transition of the zone in the UTC years `fromYear`..`toYear`, in order. */
export function transitionsBetween(zone: string, fromYear: number, toYear: number): ZoneTransition[] {
  const all: ZoneTransition[] = [];
  for (let year = fromYear; year <= toYear; year += 1) {
    all.push(...zoneYear(zone, year).transitions);
  }
  return all;
}
