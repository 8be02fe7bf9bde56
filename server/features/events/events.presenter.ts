import type { Event, EventOccurrence } from '../../../contracts/events.ts';
import { richTextToPlainText } from '../../platform/rich-text.ts';
import { pictureUrl, type AttachedFile, type UrlSign } from '../cloud/public.ts';
import { googleCalendarLink, outlookCalendarLink } from './calendar-links.ts';
import { patternOfRule } from './events.form.ts';
import type { EventAbility } from './events.policy.ts';
import type { EventExtras, EventRow, Person } from './events.repo.ts';
import type { OccurrenceState } from './occurrence-states.ts';
import type { Occurrence } from './recurrence.ts';
import type { OccurrenceChanges } from './series.ts';

const excerptLength = 220;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= excerptLength) {
    return flat;
  }
  const cut = flat.slice(0, excerptLength);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), excerptLength / 2))}…`;
}

const personOf = (sign: UrlSign, person: Person) => ({
  id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  avatarUrl: pictureUrl(sign, person.avatarId, 'tile'),
});

export type PresentedOccurrence = Occurrence<OccurrenceChanges>;

export function presentOccurrence(occurrence: PresentedOccurrence, state: OccurrenceState): EventOccurrence {
  return {
    id: occurrence.originalStart,
    startsAt: occurrence.startsAt.toISOString(),
    endsAt: occurrence.endsAt.toISOString(),
    isCancelled: occurrence.cancelled,
    isChanged: occurrence.override !== null,
    ...state,
  };
}

/** What presenting an event needs beside its row: its extras, its files and the occurrence it is about. */
export type EventPresentation = {
  sign: UrlSign;
  extras: EventExtras;
  files: Map<string, AttachedFile>;
  occurrence: PresentedOccurrence;
  state: OccurrenceState;
  can: EventAbility[];
  withDescription: boolean;
};

/**
 * A card of a list (`withDescription` false: the excerpt speaks for it) or the event page, about one occurrence:
 * that occurrence's own changes (name, description, place) are shown in place of the series'.
 */
export function presentEvent(row: EventRow, p: EventPresentation): Event {
  const changes = p.occurrence.override?.changes ?? {};
  const name = changes.name ?? row.name;
  const description = changes.description ?? row.descriptionHtml;
  const descriptionText =
    changes.description === undefined ? row.descriptionText : richTextToPlainText(description);
  const eventType = changes.eventType ?? row.eventType;
  const virtualLocationUrl =
    changes.virtualLocationUrl !== undefined ? changes.virtualLocationUrl : row.virtualLocationUrl;
  const inPersonLocation =
    changes.inPersonLocation !== undefined ? changes.inPersonLocation : row.inPersonLocation;
  const link = {
    title: name,
    startsAt: p.occurrence.startsAt,
    endsAt: p.occurrence.endsAt,
    description: excerptOf(descriptionText),
    location: eventType === 'virtual' ? virtualLocationUrl : eventType === 'person' ? inPersonLocation : null,
    timeZone: row.timeZone,
  };
  const author = row.authorProfileId ? p.extras.people.get(row.authorProfileId) : undefined;
  return {
    id: row.id,
    name,
    slug: row.slug,
    description: p.withDescription ? description : '',
    excerpt: excerptOf(descriptionText),
    category: row.categoryId
      ? { id: row.categoryId, name: p.extras.categories.get(row.categoryId) ?? '' }
      : null,
    cover: row.coverId
      ? {
          id: row.coverId,
          tileUrl: pictureUrl(p.sign, row.coverId, 'tile'),
          previewUrl: pictureUrl(p.sign, row.coverId, 'preview'),
        }
      : null,
    attachments: (p.extras.attachments.get(row.id) ?? []).flatMap((id) => {
      const file = p.files.get(id);
      return file
        ? [{ id, name: file.name, mimeType: file.mimeType, size: file.size, url: file.downloadUrl }]
        : [];
    }),
    hosts: (p.extras.hosts.get(row.id) ?? []).flatMap((id) => {
      const person = p.extras.people.get(id);
      return person ? [personOf(p.sign, person)] : [];
    }),
    eventType,
    virtualLocationUrl,
    inPersonLocation,
    timeZone: row.timeZone,
    startsAtLocal: row.startsLocal,
    durationInSeconds: row.durationSeconds,
    rule: row.rrule,
    recurringEventPattern: patternOfRule(row.rrule, row.timeZone),
    participantsNumberLimit: row.participantsLimit,
    isEmailConfirmationEnabled: row.isConfirmationEnabled,
    isReminderEnabled: row.isReminderEnabled,
    reminderOffsetsInSeconds: row.reminderOffsets,
    access: row.access,
    commentsCount: row.commentsCount,
    author: author ? personOf(p.sign, author) : null,
    occurrence: presentOccurrence(p.occurrence, p.state),
    // Only the page offers them: in a month of a hundred dates they would be a third of the answer.
    calendarLinks: p.withDescription
      ? {
          ics: `/api/events/${row.id}/calendar.ics`,
          google: googleCalendarLink(link),
          outlook: outlookCalendarLink(link),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: { can: p.can },
  };
}
