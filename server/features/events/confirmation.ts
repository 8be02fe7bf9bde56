import type { Logger } from 'pino';
import type { Language } from '../../../contracts/language.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { EventConfirmationParams } from '../../platform/mail/templates/index.ts';
import type { NotificationEvent } from '../notifications/public.ts';
import type { Recipient } from './attendance.repo.ts';
import type { EventRow } from './events.access.ts';
import { eventFile } from './ics.ts';
import type { Occurrence } from './recurrence.ts';
import type { OccurrenceChanges } from './series.ts';
import { canonicalTimeZone, instantToWall, formatWallTime } from '../../platform/time-zone.ts';

/*
 * What a member is told about an occurrence (issue 18): the confirmation of a seat with the occurrence's `.ics`
 * (on joining when the event asks for it, and when the waitlist moves them up), and the words reminders share:
 * the time in the event's zone and in the member's own, the place or the link, the event page.
 */

/** The app an event belongs to, as mails name and link it. */
export type EventApp = { id: string; name: string; slug: string; projectId: string };

/** One occurrence as it really is (overrides applied): its id is `originalStart`. */
export type OccurrenceView = Occurrence<OccurrenceChanges>;

const locales: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };

/** "Dienstag, 27. Oktober 2026, 19:00–20:00 (Europe/Berlin)", in `zone`. */
export function formatOccurrenceTime(startsAt: Date, endsAt: Date, zone: string, language: Language): string {
  const locale = locales[language];
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  });
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  });
  const sameDay = day.format(startsAt) === day.format(endsAt);
  const span = sameDay
    ? `${time.format(startsAt)}–${time.format(endsAt)}`
    : `${time.format(startsAt)} – ${day.format(endsAt)}, ${time.format(endsAt)}`;
  return `${day.format(startsAt)}, ${span} (${zone})`;
}

/** The event's fields with the occurrence's own changes applied. */
function placeOf(event: EventRow, changes: OccurrenceChanges | null) {
  const type = changes?.eventType ?? event.eventType;
  const address = changes?.inPersonLocation !== undefined ? changes.inPersonLocation : event.inPersonLocation;
  const url =
    changes?.virtualLocationUrl !== undefined ? changes.virtualLocationUrl : event.virtualLocationUrl;
  return {
    name: changes?.name ?? event.name,
    place: type === 'person' && address ? address : null,
    joinLink: type === 'virtual' && url && /^https?:\/\/\S+$/i.test(url) ? url : null,
  };
}

export function eventPageUrl(appBaseUrl: string, app: EventApp, event: EventRow, occurrence: string): string {
  return `${appBaseUrl}/${encodeURIComponent(app.slug)}/events/${encodeURIComponent(event.slug)}/view?occurrence=${encodeURIComponent(occurrence)}`;
}

/** The facts every attendance mail shows, in the recipient's language and zones. */
export function eventMailFacts(
  deps: { appBaseUrl: string },
  app: EventApp,
  event: EventRow,
  occurrence: OccurrenceView,
  recipient: Pick<Recipient, 'language' | 'timeZone'>,
) {
  const { name, place, joinLink } = placeOf(event, occurrence.override?.changes ?? null);
  const memberZone = recipient.timeZone === null ? null : canonicalTimeZone(recipient.timeZone);
  const differs =
    memberZone !== null &&
    memberZone !== canonicalTimeZone(event.timeZone) &&
    instantToWall(memberZone, occurrence.startsAt.getTime()) !==
      instantToWall(event.timeZone, occurrence.startsAt.getTime());
  return {
    appName: app.name,
    eventName: name,
    when: formatOccurrenceTime(occurrence.startsAt, occurrence.endsAt, event.timeZone, recipient.language),
    whenForMember: differs
      ? formatOccurrenceTime(occurrence.startsAt, occurrence.endsAt, memberZone, recipient.language)
      : null,
    place,
    joinLink,
    link: eventPageUrl(deps.appBaseUrl, app, event, occurrence.originalStart),
  };
}

/**
 * The `.ics` of one occurrence: what the member joined, not the whole series. A single event keeps the UID its
 * feeds use (importing it updates that entry); an occurrence of a series gets a UID of its own, because a file
 * with the series' UID and no rule would replace the whole series in the member's calendar.
 */
export function occurrenceFile(
  deps: { appBaseUrl: string },
  app: EventApp,
  event: EventRow,
  occurrence: OccurrenceView,
  generatedAt: Date,
): string {
  const { name, place, joinLink } = placeOf(event, occurrence.override?.changes ?? null);
  const page = eventPageUrl(deps.appBaseUrl, app, event, occurrence.originalStart);
  return eventFile(
    {
      id: event.rrule === null ? event.id : `${event.id}-${occurrence.originalStart.replace(/[-:]/g, '')}`,
      sequence: event.sequence,
      status: 'confirmed',
      summary: name,
      description: [event.descriptionText, joinLink ?? page].filter((line) => line !== '').join('\n\n'),
      location: place ?? joinLink,
      url: joinLink ?? page,
      updatedAt: event.updatedAt,
      series: {
        start: formatWallTime(instantToWall(event.timeZone, occurrence.startsAt.getTime())),
        timeZone: event.timeZone,
        durationSeconds: Math.round((occurrence.endsAt.getTime() - occurrence.startsAt.getTime()) / 1000),
        rule: null,
        exdates: [],
        overrides: [],
      },
    },
    { host: new URL(deps.appBaseUrl).host, generatedAt },
  );
}

export type SeatNotice = {
  app: EventApp;
  event: EventRow;
  occurrence: OccurrenceView;
  reason: EventConfirmationParams['reason'];
  recipients: readonly Recipient[];
};

/** The in-app notification (and push) of members the waitlist moved up; recorded in the promoting transaction. */
export function seatGrantedNotification(
  app: EventApp,
  event: EventRow,
  occurrence: OccurrenceView,
  profileIds: readonly string[],
): NotificationEvent {
  return {
    appId: app.id,
    type: 'event_seat_granted',
    recipients: profileIds,
    // The mail is the confirmation below, sent at once.
    emailState: 'skipped',
    data: {
      title: placeOf(event, occurrence.override?.changes ?? null).name,
      eventId: event.id,
      eventSlug: event.slug,
      occurrence: occurrence.originalStart,
    },
  };
}

export type Confirmations = ReturnType<typeof createConfirmations>;

export function createConfirmations(deps: {
  mailer: Pick<Mailer, 'send'>;
  appBaseUrl: string;
  logger: Logger;
}) {
  return {
    /**
     * After commit: the confirmation with the occurrence's `.ics` to each recipient. A seat is the member's own
     * request, so it is sent whatever their notification settings say. Never throws: the seat is taken already.
     */
    async seatTaken(notice: SeatNotice): Promise<void> {
      if (notice.reason === 'joined' && !notice.event.isConfirmationEnabled) {
        return;
      }
      const file = occurrenceFile(deps, notice.app, notice.event, notice.occurrence, new Date());
      for (const recipient of notice.recipients) {
        await deps.mailer
          .send({
            template: 'event-confirmation',
            to: recipient.email,
            language: recipient.language,
            projectId: notice.app.projectId,
            params: {
              ...eventMailFacts(deps, notice.app, notice.event, notice.occurrence, recipient),
              reason: notice.reason,
            },
            attachments: [
              {
                filename: `${notice.event.slug}.ics`,
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: file,
              },
            ],
          })
          .catch((error: unknown) => {
            deps.logger.error(
              { err: error, eventId: notice.event.id, profileId: recipient.profileId },
              'events: confirmation mail not queued',
            );
          });
      }
    },
  };
}
