import type { RecurrenceIssue } from './issues.ts';
import { RecurrenceError, recurrenceIssue } from './issues.ts';
import { sixNumbers } from '../../platform/time-zone.ts';

/*
 * RFC 5545 RRULE text ↔ a typed rule, for the part of the grammar events use: FREQ DAILY/WEEKLY/MONTHLY/YEARLY,
 * INTERVAL, BYDAY (with positions for MONTHLY and YEARLY), BYMONTHDAY, BYMONTH, WKST, COUNT and UNTIL.
 * Everything else is refused by name rather than half-understood: a rule we cannot expand exactly would show
 * members one set of dates and their calendar apps another.
 */

export const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof weekdays)[number];

export const frequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof frequencies)[number];

/** `MO` (every Monday) or `1MO` / `-1FR` (the first Monday, the last Friday of the month or year). */
export type WeekdayNum = { weekday: Weekday; position: number | null };

export type Rule = {
  frequency: Frequency;
  interval: number;
  byDay: WeekdayNum[];
  byMonthDay: number[];
  byMonth: number[];
  weekStart: Weekday;
  count: number | null;
  /** The last instant an occurrence may start at (ms, inclusive); RRULE UNTIL in UTC. */
  until: number | null;
};

/** A daily rule with every part at its default: what parsing and the presets start from. */
export function emptyRule(): Rule {
  return {
    frequency: 'DAILY',
    interval: 1,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    weekStart: 'MO',
    count: null,
    until: null,
  };
}

export type RuleParse = { success: true; data: Rule } | { success: false; issues: RecurrenceIssue[] };

// Parts of RFC 5545 and RFC 7529 we name when refusing them, so the answer says "unsupported", not "unknown".
const unsupportedParts = new Set([
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYSETPOS',
  'RSCALE',
  'SKIP',
]);
const unsupportedFrequencies = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);
const weekdayNumPattern = /^([+-]?)(\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const integerPattern = /^[+-]?\d{1,9}$/;
const untilPattern = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const maxInterval = 1000;

function positiveInteger(value: string): number | null {
  return /^\d{1,9}$/.test(value) && Number(value) >= 1 ? Number(value) : null;
}

function integerList(value: string, min: number, max: number, allowNegative: boolean): number[] | null {
  const numbers: number[] = [];
  for (const item of value.split(',')) {
    const number = Number(item);
    const magnitude = Math.abs(number);
    if (!integerPattern.test(item) || magnitude < min || magnitude > max || (number < 0 && !allowNegative)) {
      return null;
    }
    numbers.push(number);
  }
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function weekdayList(value: string): WeekdayNum[] | null {
  const days: WeekdayNum[] = [];
  for (const item of value.split(',')) {
    const match = weekdayNumPattern.exec(item);
    if (!match) {
      return null;
    }
    const [, sign, digits, weekday] = match as unknown as [string, string, string | undefined, Weekday];
    const position = digits === undefined ? null : Number(digits) * (sign === '-' ? -1 : 1);
    if (position !== null && (position === 0 || Math.abs(position) > 53)) {
      return null;
    }
    if (!days.some((day) => day.weekday === weekday && day.position === position)) {
      days.push({ weekday, position });
    }
  }
  return days;
}

function parseUntil(value: string): number | null {
  const match = untilPattern.exec(value);
  if (!match) {
    return null;
  }
  const [year, month, day, hour, minute, second] = sixNumbers(match.slice(1));
  const instant = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(instant);
  return back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
    ? instant
    : null;
}

const orNull = <T>(value: T | null, pick: (value: T) => Partial<Rule> | null) =>
  value === null ? null : pick(value);

/** Each supported part other than FREQ: its value → the rule fields it sets, or null when the value is bad. */
const partReaders = {
  INTERVAL: (value: string) =>
    orNull(positiveInteger(value), (interval) => (interval > maxInterval ? null : { interval })),
  COUNT: (value: string) => orNull(positiveInteger(value), (count) => ({ count })),
  UNTIL: (value: string) => orNull(parseUntil(value), (until) => ({ until })),
  BYDAY: (value: string) => orNull(weekdayList(value), (byDay) => ({ byDay })),
  BYMONTHDAY: (value: string) => orNull(integerList(value, 1, 31, true), (byMonthDay) => ({ byMonthDay })),
  BYMONTH: (value: string) => orNull(integerList(value, 1, 12, false), (byMonth) => ({ byMonth })),
  WKST: (value: string) =>
    (weekdays as readonly string[]).includes(value) ? { weekStart: value as Weekday } : null,
} satisfies Record<string, (value: string) => Partial<Rule> | null>;

/** Parses `FREQ=WEEKLY;BYDAY=MO,WE` (an `RRULE:` prefix and any letter case are accepted). */
export function safeParseRule(text: string): RuleParse {
  const body = text.trim().replace(/^RRULE:/i, '');
  const issues: RecurrenceIssue[] = [];
  const parts = new Map<string, string>();
  for (const part of body === '' ? [] : body.split(';')) {
    const separator = part.indexOf('=');
    const name = (separator === -1 ? part : part.slice(0, separator)).trim().toUpperCase();
    const value =
      separator === -1
        ? ''
        : part
            .slice(separator + 1)
            .trim()
            .toUpperCase();
    if (separator === -1 || name === '' || value === '') {
      issues.push(recurrenceIssue('invalid_format', name || 'RRULE'));
    } else if (parts.has(name)) {
      issues.push(recurrenceIssue('invalid_value', name));
    } else {
      parts.set(name, value);
    }
  }

  const rule = emptyRule();
  const frequency = parts.get('FREQ');
  if (frequency === undefined) {
    issues.push(recurrenceIssue('required', 'FREQ'));
  } else if ((frequencies as readonly string[]).includes(frequency)) {
    rule.frequency = frequency as Frequency;
  } else {
    issues.push(
      recurrenceIssue(unsupportedFrequencies.has(frequency) ? 'unsupported' : 'invalid_value', 'FREQ'),
    );
  }

  for (const [name, value] of parts) {
    if (name === 'FREQ') {
      continue;
    }
    const read = name in partReaders ? partReaders[name as keyof typeof partReaders](value) : undefined;
    if (read === undefined) {
      // A part of the RFC (or an extension) we do not expand, or a name that is no rule part at all.
      const known = unsupportedParts.has(name) || name.startsWith('X-');
      issues.push(recurrenceIssue(known ? 'unsupported' : 'invalid_value', name));
    } else if (read === null) {
      // RFC 5545 §3.3.10: with a DTSTART in a time zone, UNTIL MUST be a UTC date-time.
      issues.push(recurrenceIssue(name === 'UNTIL' ? 'invalid_format' : 'invalid_value', name));
    } else {
      Object.assign(rule, read);
    }
  }

  if (rule.count !== null && rule.until !== null) {
    issues.push(recurrenceIssue('conflict', 'UNTIL'));
  }
  const positioned = rule.byDay.some((day) => day.position !== null);
  if (positioned && (rule.frequency === 'DAILY' || rule.frequency === 'WEEKLY')) {
    // RFC 5545 §3.3.10: numbered BYDAY only with MONTHLY or YEARLY.
    issues.push(recurrenceIssue('conflict', 'BYDAY'));
  }
  if (positioned && rule.byMonthDay.length > 0) {
    // Then BYDAY only narrows the month days; what a position would mean there is left open by the RFC.
    issues.push(recurrenceIssue('unsupported', 'BYDAY'));
  }
  if (rule.byMonthDay.length > 0 && rule.frequency === 'WEEKLY') {
    issues.push(recurrenceIssue('conflict', 'BYMONTHDAY'));
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data: rule };
}

/** Like `safeParseRule`, throwing a `RecurrenceError` that carries the issues. */
export function parseRule(text: string): Rule {
  const parsed = safeParseRule(text);
  if (!parsed.success) {
    throw new RecurrenceError(parsed.issues);
  }
  return parsed.data;
}

/** An instant as an iCalendar UTC date-time, `20260329T073000Z` (seconds; milliseconds dropped). */
export function formatUtcStamp(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The canonical text (fixed part order, defaults left out), so equal rules compare equal as strings. */
export function formatRule(rule: Rule): string {
  const parts = [`FREQ=${rule.frequency}`];
  if (rule.interval !== 1) {
    parts.push(`INTERVAL=${rule.interval}`);
  }
  if (rule.byMonth.length > 0) {
    parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  }
  if (rule.byMonthDay.length > 0) {
    parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  }
  if (rule.byDay.length > 0) {
    parts.push(`BYDAY=${rule.byDay.map((day) => `${day.position ?? ''}${day.weekday}`).join(',')}`);
  }
  if (rule.weekStart !== 'MO') {
    parts.push(`WKST=${rule.weekStart}`);
  }
  if (rule.count !== null) {
    parts.push(`COUNT=${rule.count}`);
  }
  if (rule.until !== null) {
    parts.push(`UNTIL=${formatUtcStamp(rule.until)}`);
  }
  return parts.join(';');
}
