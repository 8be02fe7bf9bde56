import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { RecurringEventPattern } from '../../../contracts/events';
import { i18n } from '../../i18n/i18n';
import { testEvent } from './events-test-data';
import { addMonths, eventZoneTime, monthGrid, startOfWeek, zonedParts } from './events-time';
import { recurrenceInWords } from './recurrence-words';
import { hourRange, placeDay } from './week-view';
import { groupByDay } from './list-page';

describe('the calendar arithmetic', () => {
  it('lays a month out in whole weeks from Monday', () => {
    const weeks = monthGrid('2026-10-14');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe('2026-09-28');
    expect(weeks.at(-1)?.[6]).toBe('2026-11-01');
    expect(monthGrid('2027-02-01')).toHaveLength(4);
    expect(startOfWeek('2026-10-25')).toBe('2026-10-19');
    expect(addMonths('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads instants on a zone’s clocks across the October clock change', () => {
    expect(zonedParts('2026-10-20T17:00:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2026-10-20',
      minutes: 1140,
    });
    expect(zonedParts('2026-10-27T18:00:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2026-10-27',
      minutes: 1140,
    });
    expect(zonedParts('2026-10-27T23:30:00.000Z', 'Europe/Berlin').date).toBe('2026-10-28');
  });

  it('names the event’s own clock only when the member’s shows another time', () => {
    const at = '2026-10-27T18:00:00.000Z';
    expect(eventZoneTime(at, 'Europe/Berlin', 'Europe/Berlin', 'de')).toBeNull();
    expect(eventZoneTime(at, 'Europe/Berlin', 'Europe/Vienna', 'de')).toBeNull();
    expect(eventZoneTime(at, 'America/New_York', 'Europe/Berlin', 'de')).toBe('14:00 America/New_York');
  });
});

describe('a series in words', () => {
  const t = ((key: string, values?: Record<string, unknown>) =>
    i18n.t(key, { ...values, lng: 'de' })) as TFunction;

  it('says how a series repeats', async () => {
    await i18n.changeLanguage('de');
    expect(recurrenceInWords(testEvent(), t, 'de')).toBe('Jeden Dienstag');
    const pattern: RecurringEventPattern = {
      frequency: 'weekly',
      dayType: 'everyday',
      interval: 2,
      weekdays: ['TH', 'MO'],
    };
    expect(recurrenceInWords(testEvent({ recurringEventPattern: { ...pattern, count: 6 } }), t, 'de')).toBe(
      'Alle 2 Wochen am Montag und Donnerstag, 6 Termine',
    );
    const workdays = { frequency: 'daily', dayType: 'workday', interval: 1 } as const;
    expect(recurrenceInWords(testEvent({ recurringEventPattern: workdays }), t, 'de')).toBe('Werktags');
    const monthly = { frequency: 'monthly', dayType: 'everyday', interval: 1, until: '2026-12-31' } as const;
    expect(recurrenceInWords(testEvent({ recurringEventPattern: monthly }), t, 'de')).toBe(
      'Monatlich am 20., bis 31.12.2026',
    );
    expect(recurrenceInWords(testEvent({ rule: null, recurringEventPattern: null }), t, 'de')).toBeNull();
    expect(recurrenceInWords(testEvent({ recurringEventPattern: null }), t, 'de')).toBe('Wiederkehrend');
  });
});

describe('placing occurrences', () => {
  const at = (startsAt: string, endsAt: string, id: string) =>
    testEvent({ id }, { id: startsAt.slice(0, 19), startsAt, endsAt });

  it('groups the list by the member’s local day', () => {
    const late = at('2026-10-27T23:30:00.000Z', '2026-10-28T00:30:00.000Z', 'a');
    const early = at('2026-10-27T08:00:00.000Z', '2026-10-27T09:00:00.000Z', 'b');
    const days = groupByDay([early, late], 'Europe/Berlin');
    expect(days.map(([day, events]) => [day, events.length])).toEqual([
      ['2026-10-27', 1],
      ['2026-10-28', 1],
    ]);
  });

  it('puts overlapping occurrences side by side between the week’s hours', () => {
    const first = at('2026-10-27T06:00:00.000Z', '2026-10-27T08:00:00.000Z', 'a');
    const second = at('2026-10-27T07:00:00.000Z', '2026-10-27T08:00:00.000Z', 'b');
    const later = at('2026-10-27T10:00:00.000Z', '2026-10-27T11:00:00.000Z', 'c');
    expect(hourRange([first, later], 'Europe/Berlin')).toEqual([5, 13]);
    expect(
      hourRange([at('2026-10-27T18:00:00.000Z', '2026-10-27T19:30:00.000Z', 'd')], 'Europe/Berlin'),
    ).toEqual([14, 22]);
    expect(hourRange([], 'Europe/Berlin')).toEqual([8, 20]);
    const placed = placeDay([later, second, first], 'Europe/Berlin', 7, 20);
    expect(placed.map((item) => [item.event.id, item.lane, item.top, item.height])).toEqual([
      ['a', 0, 0, 96],
      ['b', 1, 48, 48],
      ['c', 0, 192, 48],
    ]);
    expect(placed.every((item) => item.lanes === 2)).toBe(true);
  });
});
