import { formatUtcStamp } from './rule.ts';

/*
 * "Add to calendar" links for one occurrence. Both carry UTC instants: a local time without an offset would be
 * read in the zone of whoever clicks (Outlook's web composer does exactly that). A link cannot carry EXDATEs or
 * changed occurrences, so a whole series is offered as the `.ics` file instead (ics.ts).
 */

export type CalendarLinkEvent = {
  title: string;
  startsAt: Date;
  endsAt: Date;
  description?: string | null;
  location?: string | null;
  /** The event's own zone, shown by Google beside the times (`ctz`). */
  timeZone?: string;
};

function query(parameters: [string, string | null | undefined][]): string {
  // encodeURIComponent, not URLSearchParams: Outlook's composer shows a form-encoded "+" as a plus sign.
  return parameters
    .filter(
      (entry): entry is [string, string] => entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    )
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Google Calendar's event template: `dates=YYYYMMDDTHHmmssZ/YYYYMMDDTHHmmssZ`. */
export function googleCalendarLink(event: CalendarLinkEvent): string {
  return `https://calendar.google.com/calendar/render?${query([
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', `${formatUtcStamp(event.startsAt.getTime())}/${formatUtcStamp(event.endsAt.getTime())}`],
    ['details', event.description],
    ['location', event.location],
    ['ctz', event.timeZone],
  ])}`;
}

const outlookHosts = { live: 'outlook.live.com', office: 'outlook.office.com' } as const;

/** Outlook on the web's compose deeplink (personal `live` or work `office` accounts), ISO 8601 instants in UTC. */
export function outlookCalendarLink(
  event: CalendarLinkEvent,
  account: keyof typeof outlookHosts = 'live',
): string {
  const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
  return `https://${outlookHosts[account]}/calendar/0/deeplink/compose?${query([
    ['path', '/calendar/action/compose'],
    ['rru', 'addevent'],
    ['subject', event.title],
    ['startdt', iso(event.startsAt)],
    ['enddt', iso(event.endsAt)],
    ['body', event.description],
    ['location', event.location],
  ])}`;
}
