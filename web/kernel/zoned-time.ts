/*
 * A wall-clock date and time in a named time zone ↔ the instant it means (spec §3 Post `publishAt` + `timeZone`,
 * an article's schedule): the author picks "Tuesday 09:00 in Europe/Berlin" and the server stores the instant. Built on Intl alone, so
 * no time-zone database ships in the bundle.
 */
import { zonedDateTimeFormat } from '../../contracts/intl-format';

export type ZonedParts = { date: string; time: string };

const formatterOf = zonedDateTimeFormat('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Whether the browser knows the zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

export type ZonedFields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** The fields an instant (ms) shows on a zone's clocks; throws for a zone the browser does not know. */
export function zonedFields(instant: number, timeZone: string): ZonedFields {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') {
      fields[part.type] = Number(part.value);
    }
  }
  return {
    year: fields.year ?? 1970,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** The zone's wall clock at an instant, as milliseconds of a UTC date with the same fields. */
function wallClockOf(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = zonedFields(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in summer: 120). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const wholeSeconds = Math.floor(instant / 1000) * 1000;
  return Math.round((wallClockOf(wholeSeconds, timeZone) - wholeSeconds) / 60_000);
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2})$/;

/**
 * The instant (ISO, UTC) a date (YYYY-MM-DD) and time (HH:mm) mean in a zone; null for an incomplete or
 * impossible value. A time that falls into a spring-forward gap moves forward by the gap, as clocks do.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): string | null {
  const day = datePattern.exec(date);
  const clock = timePattern.exec(time);
  if (!day || !clock || !isKnownTimeZone(timeZone)) {
    return null;
  }
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const [hour, minute] = [Number(clock[1]), Number(clock[2])];
  if (hour > 23 || minute > 59) {
    return null;
  }
  const wall = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== dayOfMonth
  ) {
    return null;
  }
  // The offset at the guess, then at the corrected guess: two rounds settle every real zone.
  let instant = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  instant = wall - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** The date (YYYY-MM-DD) and time (HH:mm) an instant shows on the zone's clocks. */
export function instantToZoned(iso: string, timeZone: string): ZonedParts {
  const instant = new Date(iso).getTime();
  const wall = new Date(wallClockOf(instant, isKnownTimeZone(timeZone) ? timeZone : 'UTC'));
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/** A `datetime-local` value (`2026-12-01T09:00`) on the zone's clocks → ISO instant; null for an incomplete one. */
export function localToInstant(local: string, timeZone: string): string | null {
  const [date = '', time = ''] = local.split('T');
  return zonedToInstant(date, time, timeZone);
}

/** An instant as the zone's clocks show it, in the `datetime-local` form. */
export function instantToLocal(iso: string, timeZone: string): string {
  const { date, time } = instantToZoned(iso, timeZone);
  return `${date}T${time}`;
}

/** The browser's own zone, the default of a new schedule when the person has none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
