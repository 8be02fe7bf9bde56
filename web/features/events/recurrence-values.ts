import { eventWeekdayValues, type EventWeekday, type RecurringEventPattern } from '../../../contracts/events';
import type { EventFrequency } from '../../../contracts/enums';
import { addDays, weekdayOf as weekdayIndexOf } from './events-time';

/*
 * The recurrence editor's values ⇄ the contract's `recurringEventPattern`, and the series' next dates for the
 * preview. The dates are local wall dates of the event's zone: the rule picks calendar dates and every one gets
 * the start's clock time (docs/decisions/events.md), so the preview needs no zone arithmetic. It follows the
 * server's reading: a date the month or year lacks (the 31st, 29 February) is no occurrence, weeks start on
 * Monday, COUNT counts from the first date, UNTIL is inclusive.
 */

/** The editor's choices: none, the spec's presets (täglich … jährlich), or custom. */
export const recurrenceKinds = [
  'none',
  'daily',
  'workday',
  'weekend',
  'weekly',
  'monthly',
  'annual',
  'custom',
] as const;
export type RecurrenceKind = (typeof recurrenceKinds)[number];

export type RecurrenceEnd = 'never' | 'count' | 'until';

export type RecurrenceValues = {
  kind: RecurrenceKind;
  /** custom: every `interval` days / weeks / months / years, on `weekdays` when weekly. */
  frequency: EventFrequency;
  interval: number;
  weekdays: EventWeekday[];
  end: RecurrenceEnd;
  count: number;
  /** YYYY-MM-DD, inclusive. */
  until: string;
};

const workdays: EventWeekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];
const weekend: EventWeekday[] = ['SA', 'SU'];

export const defaultCount = 10;

/** The weekday of a local date (YYYY-MM-DD). */
export function weekdayOf(date: string): EventWeekday {
  return eventWeekdayValues[weekdayIndexOf(date)]!;
}

export function noRecurrence(): RecurrenceValues {
  return {
    kind: 'none',
    frequency: 'weekly',
    interval: 1,
    weekdays: [],
    end: 'never',
    count: defaultCount,
    until: '',
  };
}

/** The pattern the editor's values stand for; null for a single event. */
export function patternOf(values: RecurrenceValues): RecurringEventPattern | null {
  const base = { dayType: 'everyday' as const, interval: 1 };
  let pattern: RecurringEventPattern;
  switch (values.kind) {
    case 'none':
      return null;
    case 'daily':
      pattern = { ...base, frequency: 'daily' };
      break;
    case 'workday':
    case 'weekend':
      pattern = { ...base, frequency: 'daily', dayType: values.kind };
      break;
    case 'weekly':
    case 'monthly':
    case 'annual':
      pattern = { ...base, frequency: values.kind };
      break;
    case 'custom':
      pattern = { ...base, frequency: values.frequency, interval: values.interval };
      if (values.frequency === 'weekly' && values.weekdays.length > 0) {
        pattern.weekdays = eventWeekdayValues.filter((day) => values.weekdays.includes(day));
      }
      break;
  }
  if (values.end === 'count') {
    pattern.count = values.count;
  } else if (values.end === 'until') {
    pattern.until = values.until || null;
  }
  return pattern;
}

/** The editor's values for a stored pattern: a preset when it is one, else custom. */
export function recurrenceOf(pattern: RecurringEventPattern | null, startDate: string): RecurrenceValues {
  if (!pattern) {
    return noRecurrence();
  }
  const end: Pick<RecurrenceValues, 'end' | 'count' | 'until'> =
    typeof pattern.count === 'number'
      ? { end: 'count', count: pattern.count, until: '' }
      : pattern.until
        ? { end: 'until', count: defaultCount, until: pattern.until }
        : { end: 'never', count: defaultCount, until: '' };
  const weekdays = pattern.weekdays ?? [];
  const onStartDay = weekdays.length === 0 || (weekdays.length === 1 && weekdays[0] === weekdayOf(startDate));
  const common = { frequency: pattern.frequency, interval: pattern.interval, weekdays, ...end };
  if (pattern.dayType !== 'everyday') {
    return { ...common, kind: pattern.dayType, frequency: 'daily' };
  }
  if (pattern.interval === 1 && onStartDay) {
    return { ...common, kind: pattern.frequency, weekdays: [] };
  }
  return { ...common, kind: 'custom' };
}

// ---------- the series' dates ----------

/** YYYY-MM-DD of a year, month (1-12) and day, or null when the month has no such day. */
function dateOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date.toISOString().slice(0, 10)
    : null;
}

/** The dates each period of the rule offers, period after period, from the one holding `start`. */
function* candidates(pattern: RecurringEventPattern, start: string): Generator<string> {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const interval = pattern.interval;
  const dayType = pattern.frequency === 'daily' ? pattern.dayType : 'everyday';
  if (pattern.frequency === 'daily' && dayType === 'everyday') {
    for (let step = 0; ; step += interval) {
      yield addDays(start, step);
    }
  }
  if (pattern.frequency === 'daily' || pattern.frequency === 'weekly') {
    const days =
      dayType === 'workday'
        ? workdays
        : dayType === 'weekend'
          ? weekend
          : pattern.weekdays?.length
            ? pattern.weekdays
            : [weekdayOf(start)];
    const offsets = eventWeekdayValues.flatMap((weekday, index) => (days.includes(weekday) ? [index] : []));
    const monday = addDays(start, -weekdayIndexOf(start));
    for (let week = 0; ; week += interval) {
      for (const offset of offsets) {
        yield addDays(monday, week * 7 + offset);
      }
    }
  }
  for (let step = 0; ; step += interval) {
    const date =
      pattern.frequency === 'monthly'
        ? dateOf(year + Math.floor((month - 1 + step) / 12), ((month - 1 + step) % 12) + 1, day)
        : dateOf(year + step, month, day);
    if (date) {
      yield date;
    }
  }
}

/** How many periods the preview looks through before it gives up (an UNTIL before the start, say). */
const periodBound = 2000;

/**
 * The series' local dates from `start` on (YYYY-MM-DD): the first is the rule's first date (where the series
 * begins), COUNT and UNTIL applied; at most `limit`, and only those on or after `from`.
 */
export function seriesDates(
  pattern: RecurringEventPattern,
  start: string,
  { limit, from = start }: { limit: number; from?: string },
): string[] {
  const dates: string[] = [];
  let counted = 0;
  let looked = 0;
  for (const date of candidates(pattern, start)) {
    if (++looked > periodBound * 7 || (pattern.until && date > pattern.until)) {
      break;
    }
    if (date < start) {
      continue;
    }
    counted += 1;
    if (typeof pattern.count === 'number' && counted > pattern.count) {
      break;
    }
    if (date >= from) {
      dates.push(date);
      if (dates.length >= limit) {
        break;
      }
    }
  }
  return dates;
}
