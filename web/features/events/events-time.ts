/*
 * The calendar's arithmetic on the member's clocks: local dates as `YYYY-MM-DD` keys (added to and compared as
 * UTC midnights, so no zone's clock change can shift a day), instants read in a zone, month grids starting on
 * Monday. Intl only.
 */
import { dateTimeFormat } from '../../../contracts/intl-format';
import { zonedFields } from '../../kernel/zoned-time';

export type DateKey = string;

/** The zone the member's times are shown in: their profile's, else the browser's. */
export function memberTimeZone(personTimeZone: string | null): string {
  return personTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An instant read on a zone's clocks: its local date and the minutes since that day's midnight. */
export function zonedParts(iso: string, timeZone: string): { date: DateKey; minutes: number } {
  const { year, month, day, hour, minute } = zonedFields(Date.parse(iso), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return { date: `${year}-${pad(month)}-${pad(day)}`, minutes: hour * 60 + minute };
}

const utcOf = (key: DateKey) => Date.parse(`${key}T00:00:00Z`);
const keyOf = (utc: number): DateKey => new Date(utc).toISOString().slice(0, 10);

export function addDays(key: DateKey, days: number): DateKey {
  return keyOf(utcOf(key) + days * 86_400_000);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(key: DateKey): number {
  return (new Date(utcOf(key)).getUTCDay() + 6) % 7;
}

export function startOfWeek(key: DateKey): DateKey {
  return addDays(key, -weekdayOf(key));
}

export function startOfMonth(key: DateKey): DateKey {
  return `${key.slice(0, 8)}01`;
}

/** The first day of the month `months` away (negative: before). */
export function addMonths(key: DateKey, months: number): DateKey {
  const date = new Date(utcOf(startOfMonth(key)));
  date.setUTCMonth(date.getUTCMonth() + months);
  return keyOf(date.getTime());
}

/** The month's weeks, Monday first, padded with the neighbouring months' days to whole weeks. */
export function monthGrid(key: DateKey): DateKey[][] {
  const first = startOfMonth(key);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: DateKey[][] = [];
  for (let day = startOfWeek(first); day <= last; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(day, index)));
  }
  return weeks;
}

export function todayIn(timeZone: string): DateKey {
  return zonedParts(new Date().toISOString(), timeZone).date;
}

/** A local date in words ("Dienstag, 27. Oktober"); `style` picks the short forms of the calendar heads. */
export function formatDay(
  key: DateKey,
  language: string,
  style: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' },
): string {
  return dateTimeFormat(language, { ...style, timeZone: 'UTC' }).format(new Date(utcOf(key)));
}

/** Two local dates as one span ("18.–24. Okt. 2027", "Oct 18 – 24, 2027"). */
export function formatDayRange(from: DateKey, to: DateKey, language: string): string {
  return dateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(new Date(utcOf(from)), new Date(utcOf(to)));
}

/** An instant's time of day on a zone's clocks ("19:00", "7:00 PM"). */
export function formatTime(iso: string, timeZone: string, language: string): string {
  return dateTimeFormat(language, { timeStyle: 'short', timeZone }).format(new Date(iso));
}

/**
 * The event's own clock when the member's differs ("19:00 Europe/Berlin"), so a member abroad sees both; null
 * when both zones show the same time.
 */
export function eventZoneTime(
  iso: string,
  eventTimeZone: string,
  viewerTimeZone: string,
  language: string,
): string | null {
  const own = formatTime(iso, eventTimeZone, language);
  if (eventTimeZone === viewerTimeZone || own === formatTime(iso, viewerTimeZone, language)) {
    return null;
  }
  return `${own} ${eventTimeZone}`;
}
