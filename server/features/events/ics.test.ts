import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { googleCalendarLink, outlookCalendarLink } from './calendar-links.ts';
import type { IcsCalendar, IcsEvent } from './ics.ts';
import { calendarFeed, escapeText, eventFile, foldLine } from './ics.ts';
import { occurrencesBetween } from './recurrence.ts';

type Expanded = {
  uid: string;
  originalStart: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  status: string;
};

/** ical.js (an independent parser) expands the file: VTIMEZONE, RRULE, EXDATE and RECURRENCE-ID. */
function expandWithIcalJs(text: string, from: Date, to: Date): Expanded[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const vevents = calendar.getAllSubcomponents('vevent');
  const results: Expanded[] = [];
  for (const master of vevents.filter((vevent) => !vevent.hasProperty('recurrence-id'))) {
    const uid = String(master.getFirstPropertyValue('uid'));
    const exceptions = vevents.filter(
      (v) => v.hasProperty('recurrence-id') && v.getFirstPropertyValue('uid') === uid,
    );
    const event = new ICAL.Event(master, { exceptions });
    const iterator = event.iterator();
    // Occurrences moved into the window may come from after it: look a year past its end.
    const horizon = to.getTime() + 366 * 86_400_000;
    for (let next = iterator.next(); next && next.toJSDate().getTime() < horizon; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const startsAt = details.startDate.toJSDate();
      const endsAt = details.endDate.toJSDate();
      if (startsAt < to && endsAt > from) {
        results.push({
          uid,
          originalStart: details.recurrenceId.toString(),
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
          summary: String(details.item.summary),
          status: String(details.item.component.getFirstPropertyValue('status')),
        });
      }
      if (!event.isRecurring()) {
        break;
      }
    }
  }
  return results.sort((a, b) => a.uid.localeCompare(b.uid) || a.originalStart.localeCompare(b.originalStart));
}

function expandOurselves(events: IcsEvent[], from: Date, to: Date): Expanded[] {
  return events
    .flatMap((event) =>
      occurrencesBetween(event.series, from, to).map((occurrence) => ({
        uid: `${event.id}@example.org`,
        originalStart: occurrence.originalStart,
        startsAt: occurrence.startsAt.toISOString(),
        endsAt: occurrence.endsAt.toISOString(),
        summary: occurrence.override?.changes?.summary ?? event.summary,
        status: (event.status === 'cancelled'
          ? 'cancelled'
          : (occurrence.override?.changes?.status ?? event.status)
        ).toUpperCase(),
      })),
    )
    .sort((a, b) => a.uid.localeCompare(b.uid) || a.originalStart.localeCompare(b.originalStart));
}

const lateIn2029 = new Date('2029-12-01T00:00:00Z');
const springDays = ['2025-03-30', '2026-03-29', '2027-03-28', '2028-03-26', '2029-03-25', '2030-03-31'];
const autumnDays = ['2025-10-26', '2026-10-25', '2027-10-31', '2028-10-29', '2029-10-28', '2030-10-27'];

let nextId = 1;
function icsEvent(
  series: Partial<IcsEvent['series']> & { start: string },
  extra: Partial<IcsEvent> = {},
): IcsEvent {
  return {
    id: `event-${nextId++}`,
    sequence: 0,
    status: 'confirmed',
    summary: 'Community call',
    series: {
      timeZone: 'Europe/Berlin',
      durationSeconds: 3600,
      rule: null,
      exdates: [],
      overrides: [],
      ...series,
    },
    ...extra,
  };
}

const generatedAt = new Date('2026-01-15T10:00:00Z');
const feed = (events: IcsEvent[], at = generatedAt): string =>
  calendarFeed({
    name: 'Gemeinde – Termine',
    host: 'example.org',
    generatedAt: at,
    events,
  } satisfies IcsCalendar);

/** Made at `at`, the feed describes the zones up to two years ahead: the window must lie within. */
function crossCheck(events: IcsEvent[], from: string, to: string, at = generatedAt) {
  const window = [new Date(from), new Date(to)] as const;
  const theirs = expandWithIcalJs(feed(events, at), ...window);
  const ours = expandOurselves(events, ...window);
  return { theirs, ours };
}

describe('ical.js expands our feed to the same instants as occurrencesBetween', () => {
  it('presets, positions, month ends, leap days, COUNT, UNTIL, EXDATE and overrides', () => {
    const events = [
      icsEvent({ start: '2026-01-05T09:30', rule: 'FREQ=DAILY' }),
      icsEvent({
        start: '2026-01-05T18:00',
        rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        durationSeconds: 5400,
      }),
      icsEvent({ start: '2026-01-03T10:00', rule: 'FREQ=WEEKLY;BYDAY=SA,SU' }),
      icsEvent({ start: '2026-01-31T19:00', rule: 'FREQ=MONTHLY' }),
      icsEvent({ start: '2026-01-30T19:00', rule: 'FREQ=MONTHLY;BYDAY=-1FR' }),
      icsEvent({ start: '2026-01-05T19:00', rule: 'FREQ=MONTHLY;BYDAY=1MO;COUNT=8' }),
      icsEvent({
        start: '2026-01-05T07:15',
        rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20261001T000000Z',
      }),
      icsEvent({ start: '2024-02-29T12:00', rule: 'FREQ=YEARLY' }),
      icsEvent({ start: '2026-05-10T10:00', rule: 'FREQ=YEARLY;BYMONTH=5;BYDAY=2SU' }),
      icsEvent({ start: '2026-01-31T20:00', rule: 'FREQ=MONTHLY;BYMONTHDAY=-1' }),
      icsEvent({ start: '2026-03-12T17:00', rule: null }),
      icsEvent(
        {
          start: '2026-03-02T18:00',
          rule: 'FREQ=WEEKLY',
          exdates: ['2026-03-09T18:00', '2026-10-26T18:00'],
          overrides: [
            {
              originalStart: '2026-03-23T18:00',
              start: '2026-04-02T20:00',
              durationSeconds: 7200,
              changes: { summary: 'Moved, longer' },
            },
            { originalStart: '2026-04-06T18:00', start: '2026-03-28T11:00' },
            { originalStart: '2026-05-04T18:00', changes: { status: 'cancelled' } },
          ],
        },
        { summary: 'Weekly; with, escapes\\' },
      ),
    ];
    for (const [from, to] of [
      ['2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'],
      ['2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'],
      ['2028-02-01T00:00:00Z', '2028-03-01T00:00:00Z'],
    ] as const) {
      const { theirs, ours } = crossCheck(events, from, to);
      expect(ours.length).toBeGreaterThan(0);
      expect(theirs).toEqual(ours);
    }
  });

  it('09:30 and the autumn 02:30 across every Berlin clock change 2025–2030', () => {
    const events = [
      icsEvent({ start: '2025-01-05T09:30', rule: 'FREQ=WEEKLY' }),
      icsEvent({ start: '2025-01-26T09:30', rule: 'FREQ=MONTHLY;BYDAY=-1SU' }),
      icsEvent({ start: '2025-01-05T09:30', rule: 'FREQ=DAILY' }),
      icsEvent({ start: '2025-10-26T02:30', rule: 'FREQ=MONTHLY;BYMONTH=10;BYDAY=-1SU' }),
      // An evening that spans the night of the change keeps its exact length (DTEND gives an exact duration).
      icsEvent({
        start: '2025-10-25T23:00',
        rule: 'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SA',
        durationSeconds: 3 * 3600,
      }),
    ];
    const { theirs, ours } = crossCheck(events, '2025-01-01T00:00:00Z', '2031-01-01T00:00:00Z', lateIn2029);
    expect(ours.length).toBeGreaterThan(2500);
    expect(theirs).toEqual(ours);
  });

  it('02:30 on both change days: apps read those differently, so the feed places them exactly', () => {
    const events = [
      icsEvent({ start: '2025-01-05T02:30', rule: 'FREQ=WEEKLY' }),
      icsEvent({ start: '2025-01-05T02:30', rule: 'FREQ=DAILY;BYMONTH=3,10', durationSeconds: 1800 }),
      // DTSTART itself in the gap: the length goes as an exact DURATION, since DTEND − DTSTART depends on the reading.
      icsEvent({ start: '2026-03-29T02:30', rule: 'FREQ=WEEKLY;COUNT=3' }),
    ];
    const text = feed(events);
    const { theirs, ours } = crossCheck(events, '2025-01-01T00:00:00Z', '2031-01-01T00:00:00Z', lateIn2029);
    expect(theirs).toEqual(ours);
    // RFC 5545: the gap's 02:30 is 03:30 CEST, the repeated hour's the first (CEST).
    expect(ours.find((o) => o.originalStart === '2026-03-29T02:30:00')?.startsAt).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(ours.find((o) => o.originalStart === '2026-10-25T02:30:00')?.startsAt).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(text).toContain(
      'RECURRENCE-ID;TZID=Europe/Berlin:20261025T023000\r\nDTSTART:20261025T003000Z\r\nDTEND:20261025T013000Z\r\n',
    );
    expect(text).toContain(
      'DTSTART;TZID=Europe/Berlin:20260329T023000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=3',
    );
  });

  it('without the exact placements ical.js would move those occurrences by an hour', () => {
    const events = [icsEvent({ start: '2025-01-05T02:30', rule: 'FREQ=WEEKLY' })];
    const bare = feed(events, lateIn2029).replace(
      /BEGIN:VEVENT\r\n(?:(?!END:VEVENT)[\s\S])*?RECURRENCE-ID[\s\S]*?END:VEVENT\r\n/g,
      '',
    );
    expect(bare).not.toContain('RECURRENCE-ID');
    const window = [new Date('2025-01-01T00:00:00Z'), new Date('2031-01-01T00:00:00Z')] as const;
    const theirs = expandWithIcalJs(bare, ...window);
    const ours = expandOurselves(events, ...window);
    const moved = ours.filter((occurrence, index) => theirs[index]?.startsAt !== occurrence.startsAt);
    expect(moved.map((o) => o.originalStart.slice(0, 10))).toEqual([...springDays, ...autumnDays].sort());
  });

  it('other zones: a rule change (New York 2007), DST abolished (São Paulo 2019), Ramadan (Casablanca), none (Tokyo), the south', () => {
    const events = [
      icsEvent({
        start: '2005-01-03T09:30',
        rule: 'FREQ=WEEKLY;UNTIL=20100101T000000Z',
        timeZone: 'America/New_York',
      }),
      icsEvent({
        start: '2016-01-04T09:30',
        rule: 'FREQ=WEEKLY;UNTIL=20210101T000000Z',
        timeZone: 'America/Sao_Paulo',
      }),
      icsEvent({ start: '2026-01-05T09:30', rule: 'FREQ=DAILY;COUNT=400', timeZone: 'Asia/Tokyo' }),
      icsEvent({ start: '2026-01-05T09:30', rule: 'FREQ=WEEKLY;COUNT=80', timeZone: 'Australia/Sydney' }),
      icsEvent({
        start: '2010-01-04T09:30',
        rule: 'FREQ=WEEKLY;UNTIL=20160101T000000Z',
        timeZone: 'Europe/Moscow',
      }),
      // Ramadan breaks in summer time, on other dates every year (RDATEs), at 09:30 and in the changed hour.
      icsEvent({
        start: '2012-01-02T09:30',
        rule: 'FREQ=DAILY;UNTIL=20190101T000000Z',
        timeZone: 'Africa/Casablanca',
      }),
      icsEvent({
        start: '2012-01-02T02:30',
        rule: 'FREQ=DAILY;UNTIL=20190101T000000Z',
        timeZone: 'Africa/Casablanca',
      }),
    ];
    const { theirs, ours } = crossCheck(events, '2004-01-01T00:00:00Z', '2028-01-01T00:00:00Z');
    expect(ours.length).toBeGreaterThan(6000);
    expect(theirs).toEqual(ours);
  });
});

describe('the VCALENDAR', () => {
  const text = feed([
    icsEvent(
      { start: '2026-03-02T18:00', rule: 'FREQ=WEEKLY', exdates: ['2026-03-16T18:00', '2026-03-09T18:00'] },
      {
        id: 'abc',
        sequence: 3,
        updatedAt: new Date('2026-01-10T08:00:00Z'),
        description: 'Zeile 1\nZeile 2',
        location: 'Raum 1, Haus B',
        url: 'https://example.org/events/abc?x=1,2',
      },
    ),
    icsEvent({ start: '2026-04-01T10:00' }, { id: 'gone', status: 'cancelled', sequence: 5 }),
  ]);
  const lines = text.split('\r\n');

  it('ends every line with CRLF and carries the calendar properties and refresh hints', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.slice(0, 8)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Gemeinde//Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Gemeinde – Termine',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ]);
  });

  it('writes Berlin as one DAYLIGHT and one STANDARD block with yearly rules', () => {
    const zone = text.slice(text.indexOf('BEGIN:VTIMEZONE'), text.indexOf('END:VTIMEZONE'));
    expect(zone.split('\r\n')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'BEGIN:DAYLIGHT',
      'DTSTART:20250330T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20251026T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      '',
    ]);
  });

  it('writes the series with a stable UID, local times, the rule, EXDATEs, SEQUENCE and STATUS', () => {
    const first = text.slice(text.indexOf('BEGIN:VEVENT'), text.indexOf('END:VEVENT'));
    expect(first.split('\r\n')).toEqual([
      'BEGIN:VEVENT',
      'UID:abc@example.org',
      'DTSTAMP:20260115T100000Z',
      'LAST-MODIFIED:20260110T080000Z',
      'SEQUENCE:3',
      'STATUS:CONFIRMED',
      'DTSTART;TZID=Europe/Berlin:20260302T180000',
      'DTEND;TZID=Europe/Berlin:20260302T190000',
      // The weekday DTSTART implies, written out: every app reads the same set.
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE;TZID=Europe/Berlin:20260309T180000,20260316T180000',
      'SUMMARY:Community call',
      'DESCRIPTION:Zeile 1\\nZeile 2',
      'LOCATION:Raum 1\\, Haus B',
      'URL:https://example.org/events/abc?x=1,2',
      '',
    ]);
    expect(text).toContain('UID:gone@example.org');
    expect(text).toMatch(/SEQUENCE:5\r\nSTATUS:CANCELLED\r\n/);
  });

  it('marks a cancelled event and its overrides CANCELLED for clients that keep a subscribed copy', () => {
    const cancelled = icsEvent(
      {
        start: '2026-03-02T18:00',
        rule: 'FREQ=WEEKLY',
        overrides: [{ originalStart: '2026-03-09T18:00', start: '2026-03-10T18:00' }],
      },
      { status: 'cancelled', sequence: 2 },
    );
    const parsed = expandWithIcalJs(
      feed([cancelled]),
      new Date('2026-03-01T00:00:00Z'),
      new Date('2026-03-20T00:00:00Z'),
    );
    expect(parsed.map((o) => o.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
  });

  it('leaves an override out when it is cancelled by EXDATE or names no occurrence', () => {
    const event = icsEvent({
      start: '2026-03-02T18:00',
      rule: 'FREQ=WEEKLY',
      exdates: ['2026-03-09T18:00'],
      overrides: [
        { originalStart: '2026-03-09T18:00', start: '2026-03-10T18:00' },
        { originalStart: '2026-03-11T18:00', start: '2026-03-12T18:00' },
        { originalStart: '2026-03-16T18:00', changes: { summary: 'Special' } },
      ],
    });
    const output = feed([event]);
    expect(output.match(/RECURRENCE-ID/g)).toHaveLength(1);
    expect(output).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260316T180000');
  });

  it('writes the file of one event without refresh hints, named after it', () => {
    const file = eventFile(icsEvent({ start: '2026-03-12T17:00' }, { summary: 'Workshop' }), {
      host: 'example.org',
      generatedAt,
    });
    expect(file).toContain('X-WR-CALNAME:Workshop\r\n');
    expect(file).not.toContain('REFRESH-INTERVAL');
    expect(file).not.toContain('X-PUBLISHED-TTL');
    expect(expandWithIcalJs(file, new Date('2026-03-01'), new Date('2026-04-01'))).toMatchObject([
      { summary: 'Workshop', startsAt: '2026-03-12T16:00:00.000Z', endsAt: '2026-03-12T17:00:00.000Z' },
    ]);
  });
});

describe('escaping and folding', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\u0007h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });

  it('folds a 200-character German summary with umlauts and emoji at 75 octets without splitting a character', () => {
    // Cut by code points, so the text itself holds no half emoji.
    const summary = [...'Größenänderung für Übungsräume – Frühjahrstreffen 🎉🇩🇪 '.repeat(5)]
      .slice(0, 200)
      .join('');
    expect([...summary]).toHaveLength(200);
    const event = icsEvent(
      { start: '2026-03-12T17:00' },
      { summary, description: `${summary}\nZweite Zeile; mit, Zeichen\\` },
    );
    const output = feed([event]);
    const physical = output.split('\r\n');
    for (const line of physical) {
      const bytes = Buffer.from(line, 'utf8');
      expect(bytes.length).toBeLessThanOrEqual(75);
      expect(bytes.toString('utf8')).not.toContain('\uFFFD');
      expect(line).not.toMatch(/[\uD800-\uDBFF]$/);
    }
    expect(physical.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(4);
    const [parsed] = expandWithIcalJs(output, new Date('2026-03-01'), new Date('2026-04-01'));
    expect(parsed?.summary).toBe(summary);
    const calendar = new ICAL.Component(ICAL.parse(output));
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('description')).toBe(
      `${summary}\nZweite Zeile; mit, Zeichen\\`,
    );
  });

  it('folds exactly at the limits: 75 octets stay whole, the 76th moves to a continuation line', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    expect(foldLine('x'.repeat(75 + 74 + 1))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(74)}\r\n x`);
    // 74 ASCII octets and a 4-octet emoji: the emoji moves whole to the next line.
    expect(foldLine(`${'x'.repeat(74)}😀`)).toBe(`${'x'.repeat(74)}\r\n 😀`);
  });
});

describe('add-to-calendar links', () => {
  const occurrence = {
    title: 'Frühjahrstreffen & Grillen + Musik',
    startsAt: new Date('2026-03-29T07:30:00Z'),
    endsAt: new Date('2026-03-29T09:00:00Z'),
    description: 'Bitte mitbringen: Salat',
    location: 'Park, Eingang Nord',
    timeZone: 'Europe/Berlin',
  };

  it('Google: UTC YYYYMMDDTHHmmssZ dates and the event zone', () => {
    const url = new URL(googleCalendarLink(occurrence));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: occurrence.title,
      dates: '20260329T073000Z/20260329T090000Z',
      details: occurrence.description,
      location: occurrence.location,
      ctz: 'Europe/Berlin',
    });
  });

  it('Outlook: ISO instants in UTC, spaces and plus signs percent-encoded', () => {
    const link = outlookCalendarLink(occurrence);
    expect(link).toContain('subject=Fr%C3%BChjahrstreffen%20%26%20Grillen%20%2B%20Musik');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      path: '/calendar/action/compose',
      rru: 'addevent',
      subject: occurrence.title,
      startdt: '2026-03-29T07:30:00Z',
      enddt: '2026-03-29T09:00:00Z',
      body: occurrence.description,
      location: occurrence.location,
    });
    expect(new URL(outlookCalendarLink({ ...occurrence, description: null }, 'office')).host).toBe(
      'outlook.office.com',
    );
    expect(outlookCalendarLink({ ...occurrence, description: null })).not.toContain('body=');
  });
});
