import type { EventDayType, EventFrequency } from '../../../contracts/enums.ts';
import type { Rule, Weekday } from './rule.ts';
import { emptyRule, formatRule, parseRule } from './rule.ts';

/*
 * The spec's recurrence presets (frequency daily / weekly / monthly / annual, day type everyday / workday /
 * weekend) are only names for RRULEs: the series stores the rule, the editor shows the preset it matches.
 *
 * The day type narrows a daily series only; weekly, monthly and annual series repeat on the start's weekday,
 * day of the month or date, so a day type there would have nothing to choose. Workday and weekend series are
 * written as WEEKLY with BYDAY, the form Google and Outlook write for "every weekday" themselves.
 */
export type RecurrencePreset =
  | { frequency: 'daily'; dayType: EventDayType }
  | { frequency: Exclude<EventFrequency, 'daily'>; dayType: 'everyday' };

/** How a series ends, beside the preset: after a number of occurrences or at an instant (ms, inclusive). */
export type RecurrenceEnd = { count: number } | { until: number } | null;

export type RuleDescription = { preset: RecurrencePreset | null; end: RecurrenceEnd };

const dayTypeDays: Record<Exclude<EventDayType, 'everyday'>, Weekday[]> = {
  workday: ['MO', 'TU', 'WE', 'TH', 'FR'],
  weekend: ['SA', 'SU'],
};

const frequencyOf = { weekly: 'WEEKLY', monthly: 'MONTHLY', annual: 'YEARLY' } as const;

export function presetRule(preset: RecurrencePreset, end: RecurrenceEnd = null): string {
  const rule: Rule = {
    ...emptyRule(),
    count: end && 'count' in end ? end.count : null,
    until: end && 'until' in end ? end.until : null,
  };
  if (preset.frequency !== 'daily') {
    rule.frequency = frequencyOf[preset.frequency];
  } else if (preset.dayType !== 'everyday') {
    rule.frequency = 'WEEKLY';
    rule.byDay = dayTypeDays[preset.dayType].map((weekday) => ({ weekday, position: null }));
  }
  return formatRule(rule);
}

function dayTypeOf(rule: Rule): Exclude<EventDayType, 'everyday'> | null {
  if (rule.byDay.some((day) => day.position !== null)) {
    return null;
  }
  const days = new Set(rule.byDay.map((day) => day.weekday));
  for (const dayType of ['workday', 'weekend'] as const) {
    const wanted = dayTypeDays[dayType];
    if (days.size === wanted.length && wanted.every((weekday) => days.has(weekday))) {
      return dayType;
    }
  }
  return null;
}

/** Which preset a rule is (null: a custom rule the editor shows part by part), and how it ends. */
export function describeRule(text: string): RuleDescription {
  const rule = parseRule(text);
  const end: RecurrenceEnd =
    rule.count !== null ? { count: rule.count } : rule.until !== null ? { until: rule.until } : null;
  if (rule.interval !== 1 || rule.byMonth.length > 0 || rule.byMonthDay.length > 0) {
    return { preset: null, end };
  }
  if (rule.byDay.length === 0) {
    switch (rule.frequency) {
      case 'DAILY':
        return { preset: { frequency: 'daily', dayType: 'everyday' }, end };
      case 'WEEKLY':
        return { preset: { frequency: 'weekly', dayType: 'everyday' }, end };
      case 'MONTHLY':
        return { preset: { frequency: 'monthly', dayType: 'everyday' }, end };
      case 'YEARLY':
        return { preset: { frequency: 'annual', dayType: 'everyday' }, end };
    }
  }
  // DAILY with BYDAY is the same set of days as WEEKLY with BYDAY; other tools write either.
  const dayType = rule.frequency === 'DAILY' || rule.frequency === 'WEEKLY' ? dayTypeOf(rule) : null;
  return { preset: dayType ? { frequency: 'daily', dayType } : null, end };
}
