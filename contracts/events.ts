import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { eventDefaults, pageSizes } from './constants.ts';
import {
  eventDayTypeSchema,
  eventFrequencySchema,
  eventListFilterSchema,
  eventLocationTypeSchema,
} from './enums.ts';
import { paginated } from './pagination.ts';
import { richTextMaxLength } from './rich-text.ts';
import { maxLength, requiredString, validationKeys } from './validation/index.ts';

/*
 * Events (issue 18, spec §3 "Event", EVENTS-01…12, GAPS 15 and 32). An event is a series: DTSTART as local wall
 * time in an IANA zone, a length, an optional recurrence. Lists answer occurrences (one item per occurrence in
 * the window); an occurrence is named by its original local start `YYYY-MM-DDTHH:mm:ss` (its `id`), which
 * attendance, join / leave and "this event" edits take. docs/decisions/events.md.
 */

export const eventLimits = {
  name: 150,
  slug: 100,
  categoryName: 100,
  url: 2000,
  location: 300,
  timeZone: 64,
  hosts: 10,
  attachments: 10,
  reminders: 4,
  /** The longest reminder offset: a week. */
  reminderMaxSeconds: 7 * 24 * 3600,
  participants: 100_000,
  interval: 99,
  count: 999,
  search: 100,
} as const;

export const eventPageSizes = {
  events: pageSizes.default,
  calendar: pageSizes.calendarEvents,
  categories: pageSizes.eventCategories,
  dropdown: pageSizes.dropdown,
  attendees: pageSizes.default,
} as const;

/** free: anyone, guests too, and the app's public calendar feed; auth: signed-in members of the app. */
export const eventAccessValues = ['free', 'auth'] as const;
export type EventAccess = (typeof eventAccessValues)[number];
export const eventAccessSchema = z.enum(eventAccessValues);

export const eventAttendanceStatusValues = ['going', 'waitlist'] as const;
export type EventAttendanceStatus = (typeof eventAttendanceStatusValues)[number];

/** settings/events "who may create events" (beside the app's admins, who always may). */
export const eventCreatorsValues = ['admins', 'moderators', 'members'] as const;
export type EventCreators = (typeof eventCreatorsValues)[number];

/** What a change of a recurring event applies to: this occurrence, it and the following ones, or the series. */
export const eventEditScopeValues = ['this', 'following', 'all'] as const;
export type EventEditScope = (typeof eventEditScopeValues)[number];
export const eventEditScopeSchema = z.enum(eventEditScopeValues);

export const eventWeekdayValues = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type EventWeekday = (typeof eventWeekdayValues)[number];

const permissions = <T extends readonly [string, ...string[]]>(names: T) =>
  z.object({ can: z.array(z.enum(names)) });

/** Local wall time without offset, `YYYY-MM-DDTHH:mm` or with seconds. */
export const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, { message: validationKeys.invalidValue });
/** An occurrence id: the original local start with seconds. */
export const occurrenceIdSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, { message: validationKeys.invalidValue });
const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: validationKeys.invalidValue });

export const eventAppParamsSchema = z.object({ appId: z.uuid() });
export const eventIdParamsSchema = z.object({ id: z.uuid() });

// ---------- categories ----------

export const eventCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.number(),
  /** Live events in the category. */
  eventsCount: z.number().int().min(0),
});
export type EventCategory = z.infer<typeof eventCategorySchema>;
export const eventCategoryResponseSchema = z.object({ data: eventCategorySchema });
export const eventCategoryListSchema = paginated(eventCategorySchema);
export type EventCategoryList = z.infer<typeof eventCategoryListSchema>;
export const eventCategoryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(eventPageSizes.categories).default(eventPageSizes.categories),
});
export const eventCategoryDropdownQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(eventPageSizes.dropdown).default(eventPageSizes.dropdown),
  search: z.string().trim().check(maxLength(eventLimits.search)).optional(),
});
export const eventCategoryDropdownSchema = paginated(z.object({ id: z.uuid(), name: z.string() }));
const categoryName = requiredString()
  .check(maxLength(eventLimits.categoryName))
  .transform((value) => value.trim());
export const eventCategoryBodySchema = z.strictObject({ name: categoryName });
export type EventCategoryBody = z.output<typeof eventCategoryBodySchema>;
export const eventCategoryMoveBodySchema = z.strictObject({ prevId: z.uuid().nullable() });

// ---------- recurrence ----------

/**
 * `recurringEventPattern`: the spec's presets (frequency; day type for daily) plus the custom editor's parts
 * (every `interval` periods, on `weekdays` for weekly, ending after `count` occurrences or on `until`, a local
 * date, inclusive). The server writes it as an RRULE (docs/decisions/events.md "Presets"); answers carry both.
 */
export const recurringEventPatternSchema = z.strictObject({
  frequency: eventFrequencySchema,
  dayType: eventDayTypeSchema.default('everyday'),
  interval: z.number().int().min(1).max(eventLimits.interval).default(1),
  weekdays: z.array(z.enum(eventWeekdayValues)).max(7).optional(),
  count: z.number().int().min(1).max(eventLimits.count).nullable().optional(),
  until: localDateSchema.nullable().optional(),
});
export type RecurringEventPattern = z.output<typeof recurringEventPatternSchema>;

// ---------- events ----------

const personSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
});

export const eventOccurrenceSchema = z.object({
  /** The original local start, `YYYY-MM-DDTHH:mm:ss`: the occurrence's id. */
  id: occurrenceIdSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  isCancelled: z.boolean(),
  /** Changed on its own (moved or other fields). */
  isChanged: z.boolean(),
  attendeesCount: z.number().int().min(0),
  waitlistCount: z.number().int().min(0),
  /** The caller's attendance (null for guests and when not joined) and place on the waitlist (1 = next). */
  myStatus: z.enum(eventAttendanceStatusValues).nullable(),
  waitlistPosition: z.number().int().min(1).nullable(),
});
export type EventOccurrence = z.infer<typeof eventOccurrenceSchema>;

export const eventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  /** Sanitized rich text; lists send '' and an excerpt instead. */
  description: z.string(),
  excerpt: z.string(),
  category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  cover: z
    .object({ id: z.uuid(), tileUrl: z.string().nullable(), previewUrl: z.string().nullable() })
    .nullable(),
  attachments: z.array(
    z.object({ id: z.uuid(), name: z.string(), mimeType: z.string(), size: z.number(), url: z.string() }),
  ),
  hosts: z.array(personSchema),
  eventType: eventLocationTypeSchema,
  virtualLocationUrl: z.string().nullable(),
  inPersonLocation: z.string().nullable(),
  /** The series: DTSTART as local wall time in `timeZone`, its length, its rule. */
  timeZone: z.string(),
  startsAtLocal: z.string(),
  durationInSeconds: z.number().int().min(1),
  rule: z.string().nullable(),
  /** The rule read back as the editor's pattern; null for a single event or a rule the pattern cannot show. */
  recurringEventPattern: recurringEventPatternSchema.nullable(),
  participantsNumberLimit: z.number().int().min(1).nullable(),
  isEmailConfirmationEnabled: z.boolean(),
  isReminderEnabled: z.boolean(),
  reminderOffsetsInSeconds: z.array(z.number().int().min(60)),
  access: eventAccessSchema,
  commentsCount: z.number().int().min(0),
  author: personSchema.nullable(),
  /** The occurrence the answer is about: the requested one, the one in the list, or the next one. */
  occurrence: eventOccurrenceSchema,
  /** "Add to calendar" for this occurrence (the .ics covers the whole series); the page's only, null in lists. */
  calendarLinks: z.object({ ics: z.string(), google: z.string(), outlook: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  permissions: permissions(abilitiesBySubject.event),
});
export type Event = z.infer<typeof eventSchema>;
export const eventResponseSchema = z.object({ data: eventSchema });
export const eventListSchema = paginated(eventSchema);
export type EventList = z.infer<typeof eventListSchema>;

/**
 * `GET /apps/{appId}/events/calendar`: what the month and week views show of an occurrence (its chip, and the day's
 * cards: time, name, cover, place, category, seats and the caller's status); the lists and the event page send the
 * whole event.
 */
export const eventCalendarItemSchema = eventSchema.pick({
  id: true,
  name: true,
  slug: true,
  category: true,
  cover: true,
  eventType: true,
  inPersonLocation: true,
  timeZone: true,
  rule: true,
  participantsNumberLimit: true,
  access: true,
  occurrence: true,
});
export type EventCalendarItem = z.infer<typeof eventCalendarItemSchema>;
export const eventCalendarSchema = paginated(eventCalendarItemSchema);
export type EventCalendar = z.infer<typeof eventCalendarSchema>;

/**
 * `GET /apps/{appId}/events`: occurrences, soonest first (past: latest first).
 * - upcoming: not yet ended; past: ended; self: the caller's joined occurrences not yet ended;
 * - days: the occurrences of the local days `from`…`to` (inclusive) in `timeZone`;
 * - calendar: the window `from`…`to` (local dates, inclusive) in `timeZone`, 100 per page (EVENTS-09 too).
 */
export const eventListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  filter: eventListFilterSchema.default('upcoming'),
  categoryId: z.uuid().optional(),
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  /** The member's zone for `from` / `to` (default the app's or UTC). */
  timeZone: z.string().check(maxLength(eventLimits.timeZone)).optional(),
});
export type EventListQuery = z.output<typeof eventListQuerySchema>;
export const eventCalendarQuerySchema = eventListQuerySchema.omit({ filter: true }).extend({
  from: localDateSchema,
  to: localDateSchema,
});
export type EventCalendarQuery = z.output<typeof eventCalendarQuerySchema>;

/** `GET /events/{id}`: the occurrence to answer about (default the next one not ended, else the last). */
export const eventDetailQuerySchema = z.object({ occurrence: occurrenceIdSchema.optional() });

const fileId = z.uuid({ message: validationKeys.invalidValue });
const durationSchema = z
  .number()
  .int()
  .refine((value) => eventDefaults.durationOptionsMinutes.includes(value / 60), {
    message: validationKeys.invalidValue,
  });
const reminderOffsetsSchema = z
  .array(z.number().int().min(60).max(eventLimits.reminderMaxSeconds))
  .max(eventLimits.reminders);

/** `POST /apps/{appId}/events` (EVENTS-08; app ability `create_event`). */
export const eventCreateBodySchema = z.strictObject({
  name: requiredString()
    .check(maxLength(eventLimits.name))
    .transform((value) => value.trim()),
  description: z.string().check(maxLength(richTextMaxLength)).default(''),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: validationKeys.allowedSymbolsSlug })
    .check(maxLength(eventLimits.slug))
    .optional(),
  categoryId: z.uuid({ message: validationKeys.invalidValue }).nullable().optional(),
  coverId: fileId.nullable().optional(),
  attachmentIds: z.array(fileId).max(eventLimits.attachments).default([]),
  hostIds: z
    .array(z.uuid({ message: validationKeys.invalidValue }))
    .max(eventLimits.hosts)
    .default([]),
  /** Local wall time in `timeZone`. */
  startsAt: localDateTimeSchema,
  timeZone: requiredString().check(maxLength(eventLimits.timeZone)),
  durationInSeconds: durationSchema,
  eventType: eventLocationTypeSchema.default('tbd'),
  virtualLocationUrl: z
    .url({ protocol: /^https?$/, message: validationKeys.invalidValue })
    .check(maxLength(eventLimits.url))
    .nullable()
    .optional(),
  inPersonLocation: z.string().trim().check(maxLength(eventLimits.location)).nullable().optional(),
  recurringEventPattern: recurringEventPatternSchema.nullable().optional(),
  participantsNumberLimit: z
    .number()
    .int()
    .min(1)
    .max(eventLimits.participants)
    .nullable()
    .default(eventDefaults.participantsNumberLimit),
  isEmailConfirmationEnabled: z.boolean().default(true),
  isReminderEnabled: z.boolean().default(true),
  reminderOffsetsInSeconds: reminderOffsetsSchema.default([86_400, 3_600]),
  access: eventAccessSchema.default('auth'),
});
export type EventCreateBody = z.output<typeof eventCreateBodySchema>;

/**
 * `PATCH /events/{id}`: the fields sent replace the stored ones. For a recurring event `scope` says what they
 * apply to and `occurrence` which one: `this` changes (or, with `isCancelled`, cancels) one occurrence,
 * `following` splits the series there (a new event for the rest; the answer is it), `all` the series.
 */
export const eventPatchBodySchema = eventCreateBodySchema
  .partial()
  .omit({ attachmentIds: true, hostIds: true, reminderOffsetsInSeconds: true })
  .extend({
    // Without the create form's defaults: a field not sent keeps its stored value.
    description: z.string().check(maxLength(richTextMaxLength)).optional(),
    eventType: eventLocationTypeSchema.optional(),
    participantsNumberLimit: z.number().int().min(1).max(eventLimits.participants).nullable().optional(),
    isEmailConfirmationEnabled: z.boolean().optional(),
    isReminderEnabled: z.boolean().optional(),
    access: eventAccessSchema.optional(),
    attachmentIds: z.array(fileId).max(eventLimits.attachments).optional(),
    hostIds: z
      .array(z.uuid({ message: validationKeys.invalidValue }))
      .max(eventLimits.hosts)
      .optional(),
    reminderOffsetsInSeconds: reminderOffsetsSchema.optional(),
    scope: eventEditScopeSchema.default('all'),
    occurrence: occurrenceIdSchema.optional(),
    /** With scope `this`: cancel (true) or restore (false) the occurrence. */
    isCancelled: z.boolean().optional(),
  });
export type EventPatchBody = z.output<typeof eventPatchBodySchema>;

/** `DELETE /events/{id}`: the whole event, or with `occurrence` one occurrence (`this`) or it and the rest. */
export const eventDeleteQuerySchema = z.object({
  scope: eventEditScopeSchema.default('all'),
  occurrence: occurrenceIdSchema.optional(),
});

// ---------- attendance ----------

/** `POST|DELETE /events/{id}/join` (GAPS 15): join or leave one occurrence. */
export const eventJoinBodySchema = z.strictObject({ occurrence: occurrenceIdSchema });
/** `DELETE /events/{id}/join?occurrence=…`: the occurrence to leave travels in the query (a DELETE has no body). */
export const eventLeaveQuerySchema = z.object({ occurrence: occurrenceIdSchema });
export const eventJoinResponseSchema = z.object({ data: eventOccurrenceSchema });

export const eventAttendeeSchema = personSchema.extend({
  status: z.enum(eventAttendanceStatusValues),
  joinedAt: z.iso.datetime(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;
export const eventAttendeeListSchema = paginated(eventAttendeeSchema);
/** `GET /events/{id}/attendees` (EVENTS-12): `format=csv` is the export (ability `export_attendees`). */
export const eventAttendeesQuerySchema = z.object({
  occurrence: occurrenceIdSchema,
  page: z.coerce.number().int().min(1).default(1),
  status: z.enum(eventAttendanceStatusValues).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

// ---------- feeds and settings ----------

/** The caller's private feed in this app: `webcal://…` and `https://…` of the same file; null when none. */
export const eventFeedSchema = z.object({ webcalUrl: z.string(), httpsUrl: z.string() }).nullable();
export const eventFeedResponseSchema = z.object({ data: eventFeedSchema });

export const eventSettingsSchema = z.object({
  creators: z.enum(eventCreatorsValues),
  defaultDurationInSeconds: z.number().int(),
  defaultParticipantsNumberLimit: z.number().int().min(1).nullable(),
  defaultReminderOffsetsInSeconds: z.array(z.number().int()),
  isEmailConfirmationEnabledByDefault: z.boolean(),
});
export type EventSettings = z.infer<typeof eventSettingsSchema>;

/** An app that never changed them: admins create events, an hour, ten seats, reminders a day and an hour ahead. */
export const eventSettingsDefaults: EventSettings = {
  creators: 'admins',
  defaultDurationInSeconds: 3600,
  defaultParticipantsNumberLimit: eventDefaults.participantsNumberLimit,
  defaultReminderOffsetsInSeconds: [86_400, 3_600],
  isEmailConfirmationEnabledByDefault: true,
};

/** Stored settings over the defaults: a field that is missing or no longer valid falls back on its own. */
const storedEventSettingsSchema = z
  .object({
    creators: z.enum(eventCreatorsValues).catch(eventSettingsDefaults.creators),
    defaultDurationInSeconds: z.number().int().min(60).catch(eventSettingsDefaults.defaultDurationInSeconds),
    defaultParticipantsNumberLimit: z
      .number()
      .int()
      .min(1)
      .nullable()
      .catch(eventSettingsDefaults.defaultParticipantsNumberLimit),
    defaultReminderOffsetsInSeconds: z
      .array(z.number().int().min(60))
      .catch(() => [...eventSettingsDefaults.defaultReminderOffsetsInSeconds]),
    isEmailConfirmationEnabledByDefault: z
      .boolean()
      .catch(eventSettingsDefaults.isEmailConfirmationEnabledByDefault),
  })
  .catch(() => ({ ...eventSettingsDefaults }));

/**
 * The app's event settings from what the app keeps (`apps.service_settings.events`, beside the service's title
 * and guest switch): the app's access engine reads `creators` from the same row it already loads.
 */
export function eventSettingsOf(stored: unknown): EventSettings {
  return storedEventSettingsSchema.parse(stored ?? {});
}
export const eventSettingsResponseSchema = z.object({ data: eventSettingsSchema });
export const eventSettingsPatchBodySchema = z.strictObject({
  creators: z.enum(eventCreatorsValues).optional(),
  defaultDurationInSeconds: durationSchema.optional(),
  defaultParticipantsNumberLimit: z.number().int().min(1).max(eventLimits.participants).nullable().optional(),
  defaultReminderOffsetsInSeconds: reminderOffsetsSchema.optional(),
  isEmailConfirmationEnabledByDefault: z.boolean().optional(),
});
export type EventSettingsPatchBody = z.output<typeof eventSettingsPatchBodySchema>;
