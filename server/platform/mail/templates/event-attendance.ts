import type { Language } from '../../../../contracts/language.ts';
import { renderMail, type MailBlock, type MailTemplate } from './layout.ts';

/*
 * Mails of event attendance (issue 18): the confirmation of a seat (on joining, or when the waitlist moved the
 * member up; the occurrence's `.ics` is attached by the sender) and the reminders before an occurrence. Times
 * arrive written out in the event's zone and, when it differs, the member's (server/features/events/confirmation.ts).
 */

type EventFacts = {
  appName: string;
  eventName: string;
  /** "Dienstag, 27. Oktober 2026, 19:00–20:00 (Europe/Berlin)". */
  when: string;
  /** The same in the member's zone when it differs from the event's, else null. */
  whenForMember: string | null;
  /** The in-person address, or null. */
  place: string | null;
  /** The virtual event's address (http(s)), or null. */
  joinLink: string | null;
  /** The event page. */
  link: string;
};

export type EventConfirmationParams = EventFacts & {
  /** joined: a seat on joining; promoted: the waitlist moved the member up. */
  reason: 'joined' | 'promoted';
};

export type EventReminderParams = EventFacts & {
  /** How long before the start ("in 1 Stunde" is worded here). */
  offsetSeconds: number;
};

const factBlocks = (facts: EventFacts, language: Language): MailBlock[] => {
  const de = language === 'de';
  const blocks: MailBlock[] = [{ kind: 'paragraph', text: `${de ? 'Wann' : 'When'}: ${facts.when}` }];
  if (facts.whenForMember !== null) {
    blocks.push({
      kind: 'note',
      text: `${de ? 'In Ihrer Zeitzone' : 'In your time zone'}: ${facts.whenForMember}`,
    });
  }
  if (facts.place !== null) {
    blocks.push({ kind: 'paragraph', text: `${de ? 'Wo' : 'Where'}: ${facts.place}` });
  }
  if (facts.joinLink !== null) {
    blocks.push({
      kind: 'paragraph',
      text: `${de ? 'Online teilnehmen' : 'Join online'}: ${facts.joinLink}`,
    });
  }
  blocks.push({ kind: 'button', label: de ? 'Zur Veranstaltung' : 'Open the event', link: facts.link });
  return blocks;
};

export const eventConfirmationMail: MailTemplate<EventConfirmationParams> = (params, language) => {
  const name = params.eventName.trim();
  const promoted = params.reason === 'promoted';
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: params.appName,
        subject: promoted ? `Ein Platz ist frei geworden: ${name}` : `Anmeldung bestätigt: ${name}`,
        heading: promoted ? 'Sie sind nachgerückt' : 'Sie sind dabei',
        preheader: params.when,
        blocks: [
          {
            kind: 'paragraph',
            text: promoted
              ? `Auf der Warteliste von „${name}“ ist ein Platz für Sie frei geworden. Sie sind jetzt angemeldet.`
              : `Sie haben sich für „${name}“ angemeldet.`,
          },
          ...factBlocks(params, language),
          { kind: 'note', text: 'Den Termin für Ihren Kalender finden Sie im Anhang (.ics).' },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: params.appName,
        subject: promoted ? `A seat opened up: ${name}` : `You are registered: ${name}`,
        heading: promoted ? 'You moved up from the waitlist' : 'You are in',
        preheader: params.when,
        blocks: [
          {
            kind: 'paragraph',
            text: promoted
              ? `A seat opened up on the waitlist of “${name}”. You are now registered.`
              : `You registered for “${name}”.`,
          },
          ...factBlocks(params, language),
          { kind: 'note', text: 'The attached file (.ics) adds the event to your calendar.' },
        ],
      });
  }
};

/** "in 1 Stunde", "in 2 days", "in 90 minutes": the largest whole unit (mails and push messages). */
export function startsIn(seconds: number, language: Language): string {
  const de = language === 'de';
  const [count, one, many] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, de ? 'Tag' : 'day', de ? 'Tagen' : 'days']
      : seconds % 3_600 === 0
        ? [seconds / 3_600, de ? 'Stunde' : 'hour', de ? 'Stunden' : 'hours']
        : [Math.round(seconds / 60), de ? 'Minute' : 'minute', de ? 'Minuten' : 'minutes'];
  return `in ${count} ${count === 1 ? one : many}`;
}

export const eventReminderMail: MailTemplate<EventReminderParams> = (params, language) => {
  const name = params.eventName.trim();
  const soon = startsIn(params.offsetSeconds, language);
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: params.appName,
        subject: `Erinnerung: „${name}“ beginnt ${soon}`,
        heading: `„${name}“ beginnt ${soon}`,
        preheader: params.when,
        blocks: factBlocks(params, language),
      });
    case 'en':
      return renderMail({
        language,
        brandName: params.appName,
        subject: `Reminder: “${name}” starts ${soon}`,
        heading: `“${name}” starts ${soon}`,
        preheader: params.when,
        blocks: factBlocks(params, language),
      });
  }
};
