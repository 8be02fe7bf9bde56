import type { Rule } from './rule.ts';
import { weekdays } from './rule.ts';
import type { WallTime } from '../../platform/time-zone.ts';
import { daysInMonth, wallToInstant } from '../../platform/time-zone.ts';

/*
 * The rule's dates, period by period (a period is a day, week, month or year, INTERVAL of them apart), in
 * local wall time: each picked date gets DTSTART's clock time. Only the periods a window needs are made.
 */

/** Filled by `occurrencesBetween` when passed: how many periods (days, weeks, months, years) it looked at. */
export type ExpansionStats = { periods: number };

const dayMs = 86_400_000;

const dayOf = (wall: WallTime) => Math.floor(wall / dayMs);
/** Monday 0 … Sunday 6; day 0 (1970-01-01) was a Thursday. */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;
const weekdayIndex = (weekday: (typeof weekdays)[number]) => weekdays.indexOf(weekday);
const monthIndexOf = (wall: WallTime) => new Date(wall).getUTCFullYear() * 12 + new Date(wall).getUTCMonth();
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / dayMs;

function weekStartDay(day: number, rule: Rule): number {
  return day - ((weekdayOf(day) - weekdayIndex(rule.weekStart) + 7) % 7);
}

/** The days of `first`..`last` (day numbers) that are the weekdays of BYDAY, honouring positions within the range. */
function byDayIn(rule: Rule, first: number, last: number): number[] {
  const days: number[] = [];
  for (const { weekday, position } of rule.byDay) {
    const target = weekdayIndex(weekday);
    const firstMatch = first + ((target - weekdayOf(first) + 7) % 7);
    const lastMatch = last - ((weekdayOf(last) - target + 7) % 7);
    if (position === null) {
      for (let day = firstMatch; day <= last; day += 7) {
        days.push(day);
      }
    } else {
      const day = position > 0 ? firstMatch + (position - 1) * 7 : lastMatch + (position + 1) * 7;
      if (day >= first && day <= last) {
        days.push(day);
      }
    }
  }
  return days;
}

/** The days of one month the rule picks (BYMONTHDAY, else BYDAY, else the start's day of the month). */
function monthDays(rule: Rule, year: number, month: number, startDate: Date): number[] {
  const length = daysInMonth(year, month);
  const first = dayNumber(year, month, 1);
  if (rule.byMonthDay.length > 0) {
    const weekdaySet = new Set(rule.byDay.map((day) => weekdayIndex(day.weekday)));
    return rule.byMonthDay
      .map((monthDay) => (monthDay > 0 ? monthDay : length + 1 + monthDay))
      .filter((monthDay) => monthDay >= 1 && monthDay <= length)
      .map((monthDay) => first + monthDay - 1)
      .filter((day) => weekdaySet.size === 0 || weekdaySet.has(weekdayOf(day)));
  }
  if (rule.byDay.length > 0) {
    return byDayIn(rule, first, first + length - 1);
  }
  // RFC 5545: a date that does not exist (the 31st in April, 29 February) is no occurrence, not a moved one.
  return startDate.getUTCDate() <= length ? [first + startDate.getUTCDate() - 1] : [];
}

/** The sorted wall times the rule makes in period `period` (counted in INTERVAL steps from DTSTART's period). */
function periodStarts(rule: Rule, start: WallTime, period: number): WallTime[] {
  const startDate = new Date(start);
  const startDay = dayOf(start);
  const clock = start - startDay * dayMs;
  const monthAllowed = (day: number) =>
    rule.byMonth.length === 0 || rule.byMonth.includes(new Date(day * dayMs).getUTCMonth() + 1);
  let days: number[] = [];
  switch (rule.frequency) {
    case 'DAILY': {
      const day = startDay + period * rule.interval;
      const monthDay = new Date(day * dayMs).getUTCDate();
      const length = daysInMonth(
        new Date(day * dayMs).getUTCFullYear(),
        new Date(day * dayMs).getUTCMonth() + 1,
      );
      const monthDayAllowed =
        rule.byMonthDay.length === 0 ||
        rule.byMonthDay.some((wanted) => (wanted > 0 ? wanted : length + 1 + wanted) === monthDay);
      const weekdayAllowed =
        rule.byDay.length === 0 ||
        rule.byDay.some((wanted) => weekdayIndex(wanted.weekday) === weekdayOf(day));
      days = monthAllowed(day) && monthDayAllowed && weekdayAllowed ? [day] : [];
      break;
    }
    case 'WEEKLY': {
      const first = weekStartDay(startDay, rule) + period * rule.interval * 7;
      const wanted =
        rule.byDay.length > 0
          ? new Set(rule.byDay.map((day) => weekdayIndex(day.weekday)))
          : new Set([weekdayOf(startDay)]);
      for (let day = first; day < first + 7; day += 1) {
        if (wanted.has(weekdayOf(day)) && monthAllowed(day)) {
          days.push(day);
        }
      }
      break;
    }
    case 'MONTHLY': {
      const monthIndex = monthIndexOf(start) + period * rule.interval;
      const year = Math.floor(monthIndex / 12);
      const month = (monthIndex % 12) + 1;
      days =
        rule.byMonth.length === 0 || rule.byMonth.includes(month)
          ? monthDays(rule, year, month, startDate)
          : [];
      break;
    }
    case 'YEARLY': {
      const year = startDate.getUTCFullYear() + period * rule.interval;
      if (rule.byMonth.length > 0 || rule.byMonthDay.length > 0) {
        const months = rule.byMonth.length > 0 ? rule.byMonth : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
        days = months.flatMap((month) => monthDays(rule, year, month, startDate));
      } else if (rule.byDay.length > 0) {
        days = byDayIn(rule, dayNumber(year, 1, 1), dayNumber(year, 12, 31));
      } else {
        const month = startDate.getUTCMonth() + 1;
        days = monthDays(rule, year, month, startDate);
      }
      break;
    }
  }
  const walls = [...new Set(days)].sort((a, b) => a - b).map((day) => day * dayMs + clock);
  // DTSTART is always the first occurrence (RFC 5545 §3.8.5.3), even where the rule would not pick it.
  return period === 0 ? [start, ...walls.filter((wall) => wall > start)] : walls;
}

/** The first period that can hold a wall time at or after `from`. */
function periodAtOrBefore(rule: Rule, start: WallTime, from: WallTime): number {
  let units: number;
  switch (rule.frequency) {
    case 'DAILY':
      units = dayOf(from) - dayOf(start);
      break;
    case 'WEEKLY':
      units = (weekStartDay(dayOf(from), rule) - weekStartDay(dayOf(start), rule)) / 7;
      break;
    case 'MONTHLY':
      units = monthIndexOf(from) - monthIndexOf(start);
      break;
    case 'YEARLY':
      units = new Date(from).getUTCFullYear() - new Date(start).getUTCFullYear();
      break;
  }
  return Math.max(0, Math.floor(units / rule.interval));
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Where to begin expanding for a window that starts at `from`: the period and how many occurrences came
 * before it. Without COUNT that is a jump straight to the window. With COUNT the skipped occurrences must be
 * counted: DAILY and WEEKLY rules that only filter by weekday repeat every few periods (every week), so whole
 * cycles are counted by multiplication; other COUNT rules are walked from DTSTART, which COUNT keeps short.
 */
function plan(
  rule: Rule,
  start: WallTime,
  from: WallTime,
  stats: ExpansionStats,
): { period: number; before: number } {
  const target = periodAtOrBefore(rule, start, from);
  if (rule.count === null) {
    return { period: target, before: 0 };
  }
  const cyclic = (rule.frequency === 'DAILY' || rule.frequency === 'WEEKLY') && rule.byMonth.length === 0;
  if (!cyclic || rule.byMonthDay.length > 0 || target <= 1) {
    return { period: 0, before: 0 };
  }
  const cycle = rule.frequency === 'DAILY' && rule.byDay.length > 0 ? 7 / gcd(rule.interval, 7) : 1;
  let perCycle = 0;
  for (let period = 1; period <= cycle; period += 1) {
    perCycle += periodStarts(rule, start, period).length;
  }
  const cycles = Math.floor((target - 1) / cycle);
  stats.periods += cycle + 1;
  return { period: 1 + cycles * cycle, before: periodStarts(rule, start, 0).length + cycles * perCycle };
}

/**
 * The rule's starts (before EXDATEs, with COUNT and UNTIL applied) from the period that may hold `from`, in
 * order, up to `to`. Ends by itself at `to` even for a rule that never matches (31 February).
 */
export function* ruleStarts(
  series: { rule: Rule | null; start: WallTime; zone: string },
  from: WallTime,
  to: WallTime,
  stats: ExpansionStats,
): Generator<WallTime> {
  const { rule, start } = series;
  if (rule === null) {
    yield start;
    return;
  }
  const { period: first, before } = plan(rule, start, from, stats);
  let count = before;
  for (let period = first; ; period += 1) {
    stats.periods += 1;
    const walls = periodStarts(rule, start, period);
    for (const wall of walls) {
      count += 1;
      if ((rule.count !== null && count > rule.count) || wall > to) {
        return;
      }
      if (rule.until !== null && wallToInstant(series.zone, wall) > rule.until) {
        return;
      }
      yield wall;
    }
    if (walls.length === 0 && periodAtOrBefore(rule, start, to) < period) {
      return;
    }
  }
}
