import type {
  Event,
  EventAccess,
  EventCreateBody,
  EventEditScope,
  EventSettings,
} from '../../../contracts/events';
import { eventDefaults } from '../../../contracts/constants';
import type { EventLocationType } from '../../../contracts/enums';
import { zonedParts } from './events-time';
import { patternOf, recurrenceOf, seriesDates, type RecurrenceValues } from './recurrence-values';

/*
 * The event editor's values ⇄ the contract's bodies (`POST /apps/{appId}/events`, `PATCH /events/{id}`). The
 * form holds the start as a local date and time in the event's zone (the series' wall time, as the server keeps
 * it); an edit sends only what changed, and for a recurring event says which occurrences it applies to.
 */

export type Person = { id: string; firstName: string; lastName: string; avatarUrl: string | null };
export type Attachment = { id: string; name: string };
export type Cover = { id: string; url: string | null };

export type EventFormValues = {
  name: string;
  description: string;
  category: { id: string; name: string } | null;
  cover: Cover | null;
  attachments: Attachment[];
  /** YYYY-MM-DD and HH:mm on the clocks of `timeZone`. */
  date: string;
  time: string;
  timeZone: string;
  durationMinutes: number;
  recurrence: RecurrenceValues;
  eventType: EventLocationType;
  virtualLocationUrl: string;
  inPersonLocation: string;
  hosts: Person[];
  isLimited: boolean;
  participantsNumberLimit: number;
  isEmailConfirmationEnabled: boolean;
  isReminderEnabled: boolean;
  reminderOffsetsInSeconds: number[];
  access: EventAccess;
};

/** The body the values make, before the contract's schema parses it (its issues name these fields). */
export type EventBody = Omit<EventCreateBody, 'slug'>;

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-10-27T19:00` in a zone: the local wall time an instant shows there. */
export function wallTimeOf(iso: string, timeZone: string): string {
  const { date, minutes } = zonedParts(iso, timeZone);
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The next full hour after `now`, in the zone: a new event's start. */
function nextFullHour(now: Date, timeZone: string): { date: string; time: string } {
  const wall = wallTimeOf(new Date(now.getTime() + 3_600_000).toISOString(), timeZone);
  return { date: wall.slice(0, 10), time: `${wall.slice(11, 13)}:00` };
}

/** A date typed as the field shows it (`27.10.2026`) or as `2026-10-27`: YYYY-MM-DD, or null. */
export function parseTypedDate(input: string): string | null {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(input.trim());
  const date = german
    ? `${german[3]}-${pad(Number(german[2]))}-${pad(Number(german[1]))}`
    : /^\d{4}-\d{2}-\d{2}$/.test(input.trim())
      ? input.trim()
      : null;
  return date && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date) ? date : null;
}

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A new event: the app's defaults (settings/events), tomorrow's-ish next full hour in the browser's zone. */
export function newEventValues(
  settings: EventSettings,
  now = new Date(),
  timeZone = browserZone(),
): EventFormValues {
  const start = nextFullHour(now, timeZone);
  return {
    name: '',
    description: '',
    category: null,
    cover: null,
    attachments: [],
    ...start,
    timeZone,
    durationMinutes: settings.defaultDurationInSeconds / 60,
    recurrence: recurrenceOf(null, start.date),
    eventType: 'virtual',
    virtualLocationUrl: '',
    inPersonLocation: '',
    hosts: [],
    isLimited: settings.defaultParticipantsNumberLimit !== null,
    participantsNumberLimit: settings.defaultParticipantsNumberLimit ?? eventDefaults.participantsNumberLimit,
    isEmailConfirmationEnabled: settings.isEmailConfirmationEnabledByDefault,
    isReminderEnabled: settings.defaultReminderOffsetsInSeconds.length > 0,
    reminderOffsetsInSeconds: [...settings.defaultReminderOffsetsInSeconds],
    access: 'auth',
  };
}

/**
 * A stored event as the form shows it: the occurrence the answer is about (its own start and length when it
 * was moved), the rest from the series.
 */
export function eventValues(event: Event): EventFormValues {
  const { occurrence } = event;
  const local = occurrence.isChanged
    ? wallTimeOf(occurrence.startsAt, event.timeZone)
    : event.rule
      ? occurrence.id.slice(0, 16)
      : event.startsAtLocal.slice(0, 16);
  const seconds = occurrence.isChanged
    ? (Date.parse(occurrence.endsAt) - Date.parse(occurrence.startsAt)) / 1000
    : event.durationInSeconds;
  return {
    name: event.name,
    description: event.description,
    category: event.category,
    cover: event.cover ? { id: event.cover.id, url: event.cover.previewUrl ?? event.cover.tileUrl } : null,
    attachments: event.attachments.map(({ id, name }) => ({ id, name })),
    date: local.slice(0, 10),
    time: local.slice(11, 16),
    timeZone: event.timeZone,
    durationMinutes: Math.round(seconds / 60),
    recurrence: recurrenceOf(event.recurringEventPattern, event.startsAtLocal.slice(0, 10)),
    eventType: event.eventType,
    virtualLocationUrl: event.virtualLocationUrl ?? '',
    inPersonLocation: event.inPersonLocation ?? '',
    hosts: event.hosts,
    isLimited: event.participantsNumberLimit !== null,
    participantsNumberLimit: event.participantsNumberLimit ?? eventDefaults.participantsNumberLimit,
    isEmailConfirmationEnabled: event.isEmailConfirmationEnabled,
    isReminderEnabled: event.isReminderEnabled,
    reminderOffsetsInSeconds: event.reminderOffsetsInSeconds,
    access: event.access,
  };
}

export function bodyOf(values: EventFormValues): EventBody {
  return {
    name: values.name,
    description: values.description,
    categoryId: values.category?.id ?? null,
    coverId: values.cover?.id ?? null,
    attachmentIds: values.attachments.map((file) => file.id),
    hostIds: values.hosts.map((host) => host.id),
    startsAt: `${values.date}T${values.time}`,
    timeZone: values.timeZone,
    durationInSeconds: values.durationMinutes * 60,
    eventType: values.eventType,
    virtualLocationUrl: values.eventType === 'virtual' ? values.virtualLocationUrl.trim() || null : null,
    inPersonLocation: values.eventType === 'person' ? values.inPersonLocation.trim() || null : null,
    recurringEventPattern: patternOf(values.recurrence),
    participantsNumberLimit: values.isLimited ? values.participantsNumberLimit : null,
    isEmailConfirmationEnabled: values.isEmailConfirmationEnabled,
    isReminderEnabled: values.isReminderEnabled,
    reminderOffsetsInSeconds: values.isReminderEnabled ? values.reminderOffsetsInSeconds : [],
    access: values.access,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `body` that differ from `initial` (lists and the pattern compared whole). */
export function changesOf(initial: EventBody, body: EventBody): Partial<EventBody> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(body) as (keyof EventBody)[]) {
    if (!same(initial[key], body[key])) {
      changes[key] = body[key];
    }
  }
  return changes;
}

const wallMs = (local: string) => Date.parse(`${local.slice(0, 16)}:00Z`);
const wallOf = (ms: number) => {
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}`;
};

/**
 * "All occurrences" edited at one of them: the series' start moves by as much wall time as that occurrence
 * was moved in the form (19:00 → 20:00 moves every one to 20:00; a day later moves the series a day).
 */
export function shiftedSeriesStart(seriesStart: string, occurrenceStart: string, newStart: string): string {
  return wallOf(wallMs(seriesStart) + wallMs(newStart) - wallMs(occurrenceStart));
}

/** Whether a change would be meaningful for the single occurrence (a change of the rule is not). */
export const scopesFor = (changes: Partial<EventBody>): EventEditScope[] =>
  'recurringEventPattern' in changes ? ['following', 'all'] : ['this', 'following', 'all'];

/**
 * The PATCH body of an edit: the changes, and for a recurring event the scope and occurrence. With `all` a moved
 * start moves the series' start by as much.
 */
export function patchOf(event: Event, initial: EventBody, body: EventBody, scope: EventEditScope) {
  const changes = changesOf(initial, body);
  if (!event.rule) {
    return changes;
  }
  if (scope === 'all' && changes.startsAt) {
    changes.startsAt = shiftedSeriesStart(event.startsAtLocal, initial.startsAt, changes.startsAt);
  }
  if (scope === 'this') {
    delete changes.recurringEventPattern;
  }
  return { ...changes, scope, occurrence: event.occurrence.id };
}

/**
 * The preview's dates: of a new series from its start; of a stored one from the series' start (where COUNT
 * counts from), shown from the edited occurrence on.
 */
export function previewDates(values: EventFormValues, event: Event | null, limit: number): string[] {
  const pattern = patternOf(values.recurrence);
  if (!pattern || !values.date) {
    return [];
  }
  if (!event?.rule) {
    return seriesDates(pattern, values.date, { limit });
  }
  const start = shiftedSeriesStart(
    event.startsAtLocal,
    bodyOf(eventValues(event)).startsAt,
    `${values.date}T${values.time}`,
  );
  return seriesDates(pattern, start.slice(0, 10), { limit, from: values.date });
}
