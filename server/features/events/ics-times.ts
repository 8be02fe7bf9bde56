import type { Occurrence, Series } from './recurrence.ts';
import { occurrencesBetween } from './recurrence.ts';
import type { Rule, Weekday } from './rule.ts';
import { formatRule, formatUtcStamp, parseRule, weekdays } from './rule.ts';
import {
  formatWallTime,
  instantToWall,
  isUnambiguous,
  parseWallTime,
  transitionsBetween,
  wallToInstant,
} from '../../platform/time-zone.ts';

/*
 * How the times of a VEVENT are written so that every calendar app places them where `occurrencesBetween` does.
 * Apps agree on plain local times in a zone; they part ways on the hour a clock change removes or repeats, on
 * lengths across a change, and on rule parts left to DTSTART. Those are written so that there is nothing to read
 * differently.
 */

const dayMs = 86_400_000;

export const localStamp = (wall: number) => formatWallTime(wall).replace(/[-:]/g, '');

export function wallOf(text: string): number {
  const wall = parseWallTime(text);
  if (wall === null) {
    throw new Error(`Not a local date-time: ${text}`);
  }
  return wall;
}

/** An instant in the zone's wall time, or in UTC where that wall time is read differently by different apps. */
function timeProperty(name: string, zone: string, instant: number): string {
  const wall = instantToWall(zone, instant);
  return isUnambiguous(zone, wall)
    ? `${name};TZID=${zone}:${localStamp(wall)}`
    : `${name}:${formatUtcStamp(instant)}`;
}

/** An exact duration (RFC 5545 §3.3.6: hours, minutes and seconds are exact, days are not). */
function durationValue(seconds: number): string {
  const parts = [
    [Math.floor(seconds / 3600), 'H'],
    [Math.floor((seconds % 3600) / 60), 'M'],
    [seconds % 60, 'S'],
  ].filter(([amount]) => amount !== 0);
  return `PT${parts.map(([amount, unit]) => `${amount}${unit}`).join('') || '0S'}`;
}

/**
 * The times of the series' own VEVENT. DTSTART keeps the zone, so apps repeat it in local wall time. The length
 * is DTEND; only when DTSTART itself falls into a gap or the repeated hour (apps read it differently, and
 * DTEND − DTSTART with it) is it written as an exact DURATION instead.
 */
export function seriesTimes(series: Series): string[] {
  const { timeZone } = series;
  const start = wallOf(series.start);
  const startsAt = wallToInstant(timeZone, start);
  const endsAt = startsAt + series.durationSeconds * 1000;
  if (series.rule === null) {
    return [timeProperty('DTSTART', timeZone, startsAt), timeProperty('DTEND', timeZone, endsAt)];
  }
  const times = [
    `DTSTART;TZID=${timeZone}:${localStamp(start)}`,
    isUnambiguous(timeZone, start)
      ? timeProperty('DTEND', timeZone, endsAt)
      : `DURATION:${durationValue(series.durationSeconds)}`,
    `RRULE:${formatRule(explicitRule(parseRule(series.rule), start))}`,
  ];
  if (series.exdates.length > 0) {
    const exdates = series.exdates.map(wallOf).sort((a, b) => a - b);
    times.push(`EXDATE;TZID=${timeZone}:${exdates.map(localStamp).join(',')}`);
  }
  return times;
}

/** The times of one occurrence on its own (RECURRENCE-ID): named by its original local start, placed exactly. */
export function occurrenceTimes(
  zone: string,
  originalStart: number,
  startsAt: number,
  endsAt: number,
): string[] {
  return [
    `RECURRENCE-ID;TZID=${zone}:${localStamp(originalStart)}`,
    timeProperty('DTSTART', zone, startsAt),
    timeProperty('DTEND', zone, endsAt),
  ];
}

/**
 * Occurrences apps would place differently from us: those starting in a gap or the repeated hour, and those
 * whose end differs (apps add the length in wall time, where RFC 5545 asks for the exact one, and read an end in
 * the repeated hour as its second time). Found around each transition of the years the feed describes; they are
 * written again with their exact instants.
 */
export function edgeOccurrences<C>(series: Series<C>, years: { from: number; to: number }): Occurrence<C>[] {
  const found = new Map<string, Occurrence<C>>();
  const { timeZone } = series;
  const durationMs = series.durationSeconds * 1000;
  const clock = wallOf(series.start) % dayMs;
  for (const { at, offsetFrom, offsetTo } of transitionsBetween(timeZone, years.from, years.to)) {
    // The wall times the change touches (the gap or the repeated hour): a series whose clock time and length
    // cannot reach them on any day (09:30 for an hour) needs no look; most series are such.
    const touchedFrom = at + Math.min(offsetFrom, offsetTo);
    const touchedTo = at + Math.max(offsetFrom, offsetTo);
    if (Math.floor((touchedTo - clock) / dayMs) * dayMs < touchedFrom - clock - durationMs) {
      continue;
    }
    const nearby = occurrencesBetween(
      series,
      new Date(at - durationMs - 2 * dayMs),
      new Date(at + 2 * dayMs),
    );
    for (const occurrence of nearby) {
      const original = wallOf(occurrence.originalStart);
      const wallEnd = original + durationMs;
      const exact =
        isUnambiguous(timeZone, original) &&
        isUnambiguous(timeZone, wallEnd) &&
        instantToWall(timeZone, occurrence.endsAt.getTime()) === wallEnd;
      if (occurrence.override === null && !exact) {
        found.set(occurrence.originalStart, occurrence);
      }
    }
  }
  return [...found.values()];
}

/**
 * The rule with the parts RFC 5545 takes from DTSTART written out (the weekday, the day of the month, the month):
 * the same set, but apps no longer fill them in their own way — ical.js turns a yearly 29 February into 1 March.
 */
function explicitRule(rule: Rule, start: number): Rule {
  const date = new Date(start);
  const noDays = rule.byDay.length === 0 && rule.byMonthDay.length === 0;
  switch (rule.frequency) {
    case 'DAILY':
      return rule;
    case 'WEEKLY':
      return rule.byDay.length > 0
        ? rule
        : { ...rule, byDay: [{ weekday: weekdays[(date.getUTCDay() + 6) % 7] as Weekday, position: null }] };
    case 'MONTHLY':
      return noDays ? { ...rule, byMonthDay: [date.getUTCDate()] } : rule;
    case 'YEARLY':
      return noDays
        ? {
            ...rule,
            byMonth: rule.byMonth.length > 0 ? rule.byMonth : [date.getUTCMonth() + 1],
            byMonthDay: [date.getUTCDate()],
          }
        : rule;
  }
}
