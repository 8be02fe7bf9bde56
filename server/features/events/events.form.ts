import type { EventCreateBody, EventPatchBody, RecurringEventPattern } from '../../../contracts/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import { ownLiveFileIds, pictureFieldErrors } from '../cloud/public.ts';
import { findParticipantIds } from '../community/public.ts';
import { isAppManager, type AppAccess } from '../workspace/public.ts';
import { findEventCategory } from './event-categories.repo.ts';
import {
  describeRule,
  formatRule,
  parseRule,
  presetRule,
  RecurrenceError,
  recurrenceFieldErrors,
} from './recurrence.ts';
import type { Weekday } from './rule.ts';
import {
  canonicalTimeZone,
  formatWallTime,
  instantToWall,
  parseWallTime,
  wallToInstant,
} from '../../platform/time-zone.ts';

/*
 * The event form (spec §3 "Event") checked against the database, and `recurringEventPattern` ⇄ RRULE. The
 * pattern's presets are the RRULEs of presets.ts; `interval` and `weekdays` make a custom rule. A start whose
 * weekday a weekly pattern leaves out moves to the first date the rule makes (DTSTART is the rule's first
 * occurrence, docs/decisions/events.md); every other problem is a 400 naming the field.
 */

const weekdayOrder: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const dayMs = 86_400_000;

type Errors = Record<string, string>;
const invalid = 'validation.invalidValue';

/** The pattern as an RRULE in the series' zone (`until`: a local date, inclusive, to the end of that day). */
export function ruleOfPattern(
  pattern: RecurringEventPattern,
  timeZone: string,
  errors: Errors,
): string | null {
  const field = 'recurringEventPattern';
  if (pattern.frequency !== 'daily' && pattern.dayType !== 'everyday') {
    errors[`${field}.dayType`] = invalid;
  }
  if (pattern.weekdays !== undefined && (pattern.frequency !== 'weekly' || pattern.weekdays.length === 0)) {
    errors[`${field}.weekdays`] = invalid;
  }
  const count = pattern.count ?? null;
  const untilDate = pattern.until ?? null;
  if (count !== null && untilDate !== null) {
    errors[`${field}.until`] = invalid;
  }
  if (pattern.dayType !== 'everyday' && pattern.interval !== 1) {
    errors[`${field}.interval`] = invalid;
  }
  const untilWall = untilDate === null ? null : parseWallTime(`${untilDate}T23:59:59`);
  if (untilDate !== null && untilWall === null) {
    errors[`${field}.until`] = invalid;
  }
  if (Object.keys(errors).length > 0) {
    return null;
  }
  const end =
    count !== null ? { count } : untilWall !== null ? { until: wallToInstant(timeZone, untilWall) } : null;
  const preset =
    pattern.frequency === 'daily'
      ? { frequency: 'daily' as const, dayType: pattern.dayType }
      : { frequency: pattern.frequency, dayType: 'everyday' as const };
  const rule = parseRule(presetRule(preset, end));
  rule.interval = pattern.interval;
  if (pattern.weekdays !== undefined) {
    const days = new Set(pattern.weekdays);
    rule.byDay = weekdayOrder.filter((day) => days.has(day)).map((weekday) => ({ weekday, position: null }));
  }
  return formatRule(rule);
}

/** The stored rule read back as the editor's pattern; null for a rule the pattern cannot show. */
export function patternOfRule(text: string | null, timeZone: string): RecurringEventPattern | null {
  if (text === null) {
    return null;
  }
  const rule = parseRule(text);
  const { preset } = describeRule(text);
  const ends = {
    count: rule.count,
    until: rule.until === null ? null : formatWallTime(instantToWall(timeZone, rule.until)).slice(0, 10),
  };
  if (preset !== null) {
    return { frequency: preset.frequency, dayType: preset.dayType, interval: 1, ...ends };
  }
  if (
    rule.byMonth.length > 0 ||
    rule.byMonthDay.length > 0 ||
    rule.byDay.some((day) => day.position !== null)
  ) {
    return null;
  }
  const frequency = ({ DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'annual' } as const)[
    rule.frequency
  ];
  if (rule.byDay.length > 0 && frequency !== 'weekly') {
    return null;
  }
  return {
    frequency,
    dayType: 'everyday',
    interval: rule.interval,
    ...(rule.byDay.length > 0 ? { weekdays: rule.byDay.map((day) => day.weekday) } : {}),
    ...ends,
  };
}

/**
 * DTSTART as the rule's first date: a weekly rule with weekdays (and workday / weekend) starts on the first of
 * them at or after the chosen start, at the same clock time.
 */
export function firstStartOf(start: string, rule: string | null): string {
  const wall = parseWallTime(start);
  if (wall === null || rule === null) {
    return start;
  }
  const parsed = parseRule(rule);
  if (parsed.frequency !== 'WEEKLY' || parsed.byDay.length === 0) {
    return start;
  }
  const days = new Set(parsed.byDay.map((day) => day.weekday));
  for (let offset = 0; offset < 7; offset += 1) {
    const candidate = wall + offset * dayMs;
    const weekday = weekdayOrder[(new Date(candidate).getUTCDay() + 6) % 7]!;
    if (days.has(weekday)) {
      return formatWallTime(candidate);
    }
  }
  return start;
}

/** The time of a series sent in a form: start (seconds added), zone, length and rule, checked. */
export type SeriesInput = {
  startsLocal: string;
  timeZone: string;
  durationSeconds: number;
  rrule: string | null;
};

/**
 * The series the form's time fields make, from `current` for fields not sent; field errors are added to
 * `errors` (time zone, start, pattern) and null is answered when they make no series.
 */
export function seriesInputOf(
  input: Pick<EventPatchBody, 'startsAt' | 'timeZone' | 'durationInSeconds' | 'recurringEventPattern'>,
  current: SeriesInput | null,
  errors: Errors,
): SeriesInput | null {
  const zoneText = input.timeZone ?? current?.timeZone;
  const timeZone = zoneText === undefined ? null : canonicalTimeZone(zoneText);
  if (timeZone === null) {
    errors.timeZone = invalid;
    return null;
  }
  const startText = input.startsAt ?? current?.startsLocal;
  const startWall = startText === undefined ? null : parseWallTime(startText);
  if (startWall === null) {
    errors.startsAt = invalid;
    return null;
  }
  let rrule = current?.rrule ?? null;
  if (input.recurringEventPattern !== undefined) {
    rrule =
      input.recurringEventPattern === null
        ? null
        : ruleOfPattern(input.recurringEventPattern, timeZone, errors);
    if (input.recurringEventPattern !== null && rrule === null) {
      return null;
    }
  }
  if (rrule !== null) {
    const until = parseRule(rrule).until;
    if (until !== null && until < wallToInstant(timeZone, startWall)) {
      errors['recurringEventPattern.until'] = invalid;
      return null;
    }
  }
  const durationSeconds = input.durationInSeconds ?? current?.durationSeconds;
  if (durationSeconds === undefined) {
    errors.durationInSeconds = invalid;
    return null;
  }
  return { startsLocal: firstStartOf(formatWallTime(startWall), rrule), timeZone, durationSeconds, rrule };
}

/** A RecurrenceError of the time core as the 400 of the form. */
export function recurrenceBadRequest(error: unknown): never {
  if (error instanceof RecurrenceError) {
    throw badRequest(recurrenceFieldErrors(error.issues, 'recurringEventPattern'));
  }
  throw error;
}

export type DetailValues = {
  name?: string;
  descriptionHtml?: string;
  descriptionText?: string;
  categoryId?: string | null;
  coverId?: string | null;
  eventType?: 'virtual' | 'person' | 'tbd';
  virtualLocationUrl?: string | null;
  inPersonLocation?: string | null;
  participantsLimit?: number | null;
  isConfirmationEnabled?: boolean;
  isReminderEnabled?: boolean;
  reminderOffsets?: number[];
  access?: 'free' | 'auth';
};

export type FormValues = { values: DetailValues; hostIds?: string[]; attachmentIds?: string[] };

export type FormContext = {
  app: AppAccess;
  imageOrigins: readonly string[];
  current?: { categoryId: string | null; coverId: string | null };
};

/** Column values of the detail fields sent (400 with `errors` per field, plus any `errors` given). */
export async function formValues(
  db: DbOrTx,
  input: EventCreateBody | EventPatchBody,
  { app, imageOrigins, current }: FormContext,
  errors: Errors = {},
): Promise<FormValues> {
  const values: DetailValues = {};
  const copied = [
    ['name', 'name'],
    ['eventType', 'eventType'],
    ['participantsNumberLimit', 'participantsLimit'],
    ['isEmailConfirmationEnabled', 'isConfirmationEnabled'],
    ['isReminderEnabled', 'isReminderEnabled'],
    ['access', 'access'],
  ] as const;
  for (const [field, column] of copied) {
    if (input[field] !== undefined) {
      Object.assign(values, { [column]: input[field] });
    }
  }
  if (input.reminderOffsetsInSeconds !== undefined) {
    values.reminderOffsets = [...new Set(input.reminderOffsetsInSeconds)].sort((a, b) => b - a);
  }
  if (input.virtualLocationUrl !== undefined) {
    values.virtualLocationUrl = input.virtualLocationUrl;
  }
  if (input.inPersonLocation !== undefined) {
    values.inPersonLocation = input.inPersonLocation || null;
  }
  if (input.description !== undefined) {
    values.descriptionHtml = sanitizeRichText(input.description, { field: 'description', imageOrigins });
    values.descriptionText = richTextToPlainText(values.descriptionHtml);
  }
  if (input.categoryId !== undefined) {
    values.categoryId = input.categoryId;
    if (input.categoryId !== null && input.categoryId !== current?.categoryId) {
      const category = await findEventCategory(db, input.categoryId);
      if (category?.appId !== app.app.id) {
        errors.categoryId = invalid;
      }
    }
  }
  const owner = isAppManager(app) ? undefined : (app.accountId ?? undefined);
  if (input.coverId !== undefined) {
    values.coverId = input.coverId;
    if (input.coverId !== current?.coverId) {
      Object.assign(errors, await pictureFieldErrors(db, app.project.id, { coverId: input.coverId }, owner));
    }
  }
  const result: FormValues = { values };
  if (input.attachmentIds !== undefined) {
    const ids = [...new Set(input.attachmentIds)];
    const found = app.accountId ? await ownLiveFileIds(db, app.project.id, app.accountId, ids) : new Map();
    ids.forEach((id, index) => {
      if (!found.has(id)) {
        errors[`attachmentIds.${index}`] = invalid;
      }
    });
    result.attachmentIds = ids;
  }
  if (input.hostIds !== undefined) {
    const ids = [...new Set(input.hostIds)];
    const found = await findParticipantIds(db, app.app.id, ids);
    ids.forEach((id, index) => {
      if (!found.has(id)) {
        errors[`hostIds.${index}`] = invalid;
      }
    });
    result.hostIds = ids;
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
  return result;
}
