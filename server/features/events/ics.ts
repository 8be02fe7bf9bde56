import { edgeOccurrences, occurrenceTimes, seriesTimes, wallOf } from './ics-times.ts';
import type { Series } from './recurrence.ts';
import { isOccurrence } from './recurrence.ts';
import { formatUtcStamp } from './rule.ts';
import { wallToInstant } from '../../platform/time-zone.ts';
import { vtimezoneLines } from './vtimezone.ts';

/*
 * RFC 5545 output: a member's or an app's calendar feed, and the file of one event. Times are written in the
 * event's own zone (DTSTART;TZID=…) with that zone's VTIMEZONE beside them, so a calendar app repeats the series
 * in local wall time just as `occurrencesBetween` does; only what apps would read differently is written
 * otherwise (ics-times.ts). The tests expand our output with ical.js and compare instants.
 */

export type IcsStatus = 'confirmed' | 'cancelled';

/** What one overridden occurrence (RECURRENCE-ID) may change besides its time. */
export type IcsChanges = {
  summary?: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  status?: IcsStatus;
};

export type IcsEvent = {
  /** Becomes the UID `{id}@{host}`: the same for the event's whole life, so clients update it in place. */
  id: string;
  /** Raised on every change; clients keep the copy with the higher SEQUENCE. */
  sequence: number;
  status: IcsStatus;
  summary: string;
  /** Plain text; rich text is turned into text before it gets here. */
  description?: string | null;
  location?: string | null;
  url?: string | null;
  updatedAt?: Date;
  series: Series<IcsChanges>;
};

export type IcsCalendar = {
  name: string;
  /** The host of the UIDs (the app's domain): ids are unique only within it. */
  host: string;
  /** DTSTAMP: with METHOD:PUBLISH, the time the file was made. */
  generatedAt: Date;
  events: IcsEvent[];
};

const crlf = '\r\n';

/** TEXT escaping (RFC 5545 §3.3.11); control characters other than line breaks are not allowed in TEXT. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * Lines longer than 75 octets are folded (§3.1): CRLF and a space, the space counting towards the next line.
 * Counted in UTF-8 octets and cut only between code points, so a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  // Most lines are short: measured at once (a feed of 300 events is some 4,000 lines).
  if (line.length <= 75 && Buffer.byteLength(line, 'utf8') <= 75) {
    return line;
  }
  const pieces: string[] = [];
  let start = 0;
  let octets = 0;
  for (let index = 0; index < line.length;) {
    const code = line.codePointAt(index)!;
    const units = code > 0xffff ? 2 : 1;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(line.slice(start, index));
      start = index;
      octets = 0;
    }
    octets += size;
    index += units;
  }
  pieces.push(line.slice(start));
  return pieces.join(`${crlf} `);
}

const uriValue = (url: string) => url.replace(/[\r\n]/g, '');

function textProperty(name: string, value: string | null | undefined): string[] {
  return value === null || value === undefined || value === '' ? [] : [`${name}:${escapeText(value)}`];
}

type Fields = Required<Pick<IcsEvent, 'summary' | 'status'>> &
  Pick<IcsEvent, 'description' | 'location' | 'url'>;

function vevent(
  event: IcsEvent,
  calendar: Pick<IcsCalendar, 'host' | 'generatedAt'>,
  fields: Fields,
  times: string[],
): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.id}@${calendar.host}`,
    `DTSTAMP:${formatUtcStamp(calendar.generatedAt.getTime())}`,
    ...(event.updatedAt ? [`LAST-MODIFIED:${formatUtcStamp(event.updatedAt.getTime())}`] : []),
    `SEQUENCE:${event.sequence}`,
    `STATUS:${fields.status.toUpperCase()}`,
    ...times,
    ...textProperty('SUMMARY', fields.summary),
    ...textProperty('DESCRIPTION', fields.description),
    ...textProperty('LOCATION', fields.location),
    ...(fields.url ? [`URL:${uriValue(fields.url)}`] : []),
    'END:VEVENT',
  ];
}

/** The VEVENT of the series, one per override (RECURRENCE-ID) that still names an occurrence, one per edge. */
function eventBlocks(
  event: IcsEvent,
  calendar: Pick<IcsCalendar, 'host' | 'generatedAt'>,
  years: { from: number; to: number },
): string[] {
  const { series } = event;
  const zone = series.timeZone;
  const fields: Fields = {
    summary: event.summary,
    status: event.status,
    description: event.description,
    location: event.location,
    url: event.url,
  };
  const lines = vevent(event, calendar, fields, seriesTimes(series));
  if (series.rule === null) {
    return lines;
  }
  for (const occurrence of edgeOccurrences(series, years)) {
    const times = occurrenceTimes(
      zone,
      wallOf(occurrence.originalStart),
      occurrence.startsAt.getTime(),
      occurrence.endsAt.getTime(),
    );
    lines.push(...vevent(event, calendar, fields, times));
  }
  const cancelled = new Set(series.exdates.map(wallOf));
  for (const override of series.overrides) {
    const original = wallOf(override.originalStart);
    // A RECURRENCE-ID that names no occurrence (the rule changed since) is shown by some clients as an extra event.
    if (cancelled.has(original) || !isOccurrence(series, override.originalStart)) {
      continue;
    }
    const changes = override.changes ?? {};
    const startsAt = wallToInstant(zone, override.start === undefined ? original : wallOf(override.start));
    const endsAt = startsAt + (override.durationSeconds ?? series.durationSeconds) * 1000;
    const changed: Fields = {
      summary: changes.summary ?? fields.summary,
      status: event.status === 'cancelled' ? 'cancelled' : (changes.status ?? fields.status),
      description: changes.description === undefined ? fields.description : changes.description,
      location: changes.location === undefined ? fields.location : changes.location,
      url: changes.url === undefined ? fields.url : changes.url,
    };
    lines.push(...vevent(event, calendar, changed, occurrenceTimes(zone, original, startsAt, endsAt)));
  }
  return lines;
}

/**
 * The UTC years the feed describes each zone for (and places clock-change occurrences exactly): from a year
 * before the first start, so the rule in force then is written, to two years ahead; refreshed every hour, the
 * feed moves on with time. Beyond that, apps continue the open-ended yearly zone rules themselves.
 */
function zoneYears(events: IcsEvent[], generatedAt: Date): Map<string, { from: number; to: number }> {
  const years = new Map<string, { from: number; to: number }>();
  const horizon = generatedAt.getUTCFullYear() + 2;
  for (const { series } of events) {
    const starts = [series.start, ...series.overrides.flatMap((override) => override.start ?? [])].map(
      (text) => new Date(wallOf(text)).getUTCFullYear(),
    );
    const known = years.get(series.timeZone);
    years.set(series.timeZone, {
      from: Math.min(known?.from ?? Infinity, ...starts.map((year) => year - 1)),
      to: Math.max(known?.to ?? horizon, ...starts.map((year) => year + 1)),
    });
  }
  return years;
}

function calendarText(calendar: IcsCalendar, feed: boolean, blocks?: IcsBlocks): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gemeinde//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  if (feed) {
    // RFC 7986 and the older Microsoft name: without them subscribed calendars refresh once a day or less.
    lines.push('REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H');
  }
  const years = zoneYears(calendar.events, calendar.generatedAt);
  for (const [zone, { from, to }] of years) {
    lines.push(...vtimezoneLines(zone, from, to));
  }
  const parts = [lines.map(foldLine).join(crlf)];
  for (const event of calendar.events) {
    const span = years.get(event.series.timeZone)!;
    const key = `${event.id} ${span.from} ${span.to}`;
    let text = blocks?.get(key);
    if (text === undefined) {
      text = eventBlocks(event, calendar, span).map(foldLine).join(crlf);
      blocks?.set(key, text);
    }
    parts.push(text);
  }
  parts.push('END:VCALENDAR');
  return parts.join(crlf) + crlf;
}

/**
 * An event's VEVENTs as written, by event and zone years: feeds made from the same events at the same time (the
 * members' feeds of one app while its events stay unchanged) share them. Whoever keeps one must make a new one when
 * an event, the app or `generatedAt` changes.
 */
export type IcsBlocks = Map<string, string>;

/** A subscribable feed (a member's or an app's): asks clients to refresh it every hour. */
export function calendarFeed(calendar: IcsCalendar, blocks?: IcsBlocks): string {
  return calendarText(calendar, true, blocks);
}

/** The `.ics` of one event ("add to calendar", the join confirmation): imported once, so no refresh hints. */
export function eventFile(event: IcsEvent, options: { host: string; generatedAt: Date }): string {
  return calendarText(
    { name: event.summary, host: options.host, generatedAt: options.generatedAt, events: [event] },
    false,
  );
}
