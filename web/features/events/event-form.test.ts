import { describe, expect, it } from 'vitest';
import type { RecurringEventPattern } from '../../../contracts/events';
import {
  bodyOf,
  changesOf,
  eventValues,
  newEventValues,
  patchOf,
  previewDates,
  scopesFor,
  shiftedSeriesStart,
} from './event-form';
import { testEvent, testEventSettings } from './editor-test-data';
import {
  noRecurrence,
  patternOf,
  recurrenceOf,
  seriesDates,
  type RecurrenceValues,
} from './recurrence-values';

const pattern = (
  parts: Partial<RecurringEventPattern> & Pick<RecurringEventPattern, 'frequency'>,
): RecurringEventPattern => ({ dayType: 'everyday', interval: 1, ...parts });

describe('the series’ dates', () => {
  it('repeats weekly on the start’s weekday, and on the chosen weekdays every other week', () => {
    // 27 October 2026 is a Tuesday, two days after the clocks went back in Berlin: the wall dates do not care.
    expect(seriesDates(pattern({ frequency: 'weekly' }), '2026-10-27', { limit: 3 })).toEqual([
      '2026-10-27',
      '2026-11-03',
      '2026-11-10',
    ]);
    const fortnightly = pattern({ frequency: 'weekly', interval: 2, weekdays: ['MO', 'TH'] });
    expect(seriesDates(fortnightly, '2026-10-27', { limit: 4 })).toEqual([
      '2026-10-29',
      '2026-11-09',
      '2026-11-12',
      '2026-11-23',
    ]);
  });

  it('starts a workday series on the next workday and leaves weekends out', () => {
    const workdays = pattern({ frequency: 'daily', dayType: 'workday' });
    expect(seriesDates(workdays, '2026-10-31', { limit: 6 })).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-09',
    ]);
    expect(
      seriesDates(pattern({ frequency: 'daily', dayType: 'weekend' }), '2026-10-28', { limit: 3 }),
    ).toEqual(['2026-10-31', '2026-11-01', '2026-11-07']);
  });

  it('skips months without the day and years without 29 February instead of moving them', () => {
    expect(seriesDates(pattern({ frequency: 'monthly' }), '2026-01-31', { limit: 4 })).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
    ]);
    expect(seriesDates(pattern({ frequency: 'annual' }), '2024-02-29', { limit: 3 })).toEqual([
      '2024-02-29',
      '2028-02-29',
      '2032-02-29',
    ]);
    expect(seriesDates(pattern({ frequency: 'monthly', interval: 5 }), '2026-10-15', { limit: 3 })).toEqual([
      '2026-10-15',
      '2027-03-15',
      '2027-08-15',
    ]);
  });

  it('ends after COUNT dates counted from the first, or on UNTIL inclusive, and shows from a later date on', () => {
    const daily = pattern({ frequency: 'daily', interval: 3, count: 4 });
    expect(seriesDates(daily, '2026-12-30', { limit: 10 })).toEqual([
      '2026-12-30',
      '2027-01-02',
      '2027-01-05',
      '2027-01-08',
    ]);
    expect(seriesDates(daily, '2026-12-30', { limit: 10, from: '2027-01-03' })).toEqual([
      '2027-01-05',
      '2027-01-08',
    ]);
    const until = pattern({ frequency: 'weekly', until: '2026-11-10' });
    expect(seriesDates(until, '2026-10-27', { limit: 10 })).toEqual([
      '2026-10-27',
      '2026-11-03',
      '2026-11-10',
    ]);
    expect(
      seriesDates(pattern({ frequency: 'daily', until: '2026-10-01' }), '2026-10-27', { limit: 5 }),
    ).toEqual([]);
  });
});

describe('the recurrence editor’s values', () => {
  const custom = (changes: Partial<RecurrenceValues>): RecurrenceValues => ({
    ...noRecurrence(),
    kind: 'custom',
    ...changes,
  });

  it('writes the presets as the contract’s pattern and reads them back as presets', () => {
    for (const kind of ['daily', 'workday', 'weekend', 'weekly', 'monthly', 'annual'] as const) {
      const written = patternOf({ ...noRecurrence(), kind });
      expect(recurrenceOf(written, '2026-10-27').kind).toBe(kind);
    }
    expect(patternOf({ ...noRecurrence(), kind: 'workday' })).toEqual({
      frequency: 'daily',
      dayType: 'workday',
      interval: 1,
    });
    expect(patternOf(noRecurrence())).toBeNull();
    expect(recurrenceOf(null, '2026-10-27').kind).toBe('none');
  });

  it('keeps a custom rule custom, with its weekdays in order and how it ends', () => {
    const written = patternOf(
      custom({ frequency: 'weekly', interval: 2, weekdays: ['TH', 'MO'], end: 'count', count: 8 }),
    );
    expect(written).toEqual({
      frequency: 'weekly',
      dayType: 'everyday',
      interval: 2,
      weekdays: ['MO', 'TH'],
      count: 8,
    });
    expect(recurrenceOf(written, '2026-10-27')).toMatchObject({
      kind: 'custom',
      interval: 2,
      weekdays: ['MO', 'TH'],
      end: 'count',
      count: 8,
    });
    // Weekly on the start's own weekday is the preset, whichever way it was written.
    expect(recurrenceOf(pattern({ frequency: 'weekly', weekdays: ['TU'] }), '2026-10-27').kind).toBe(
      'weekly',
    );
    expect(
      patternOf(custom({ frequency: 'monthly', weekdays: ['MO'], end: 'until', until: '2027-06-30' })),
    ).toEqual({
      frequency: 'monthly',
      dayType: 'everyday',
      interval: 1,
      until: '2027-06-30',
    });
  });
});

describe('the event form’s bodies', () => {
  it('starts a new event from the app’s defaults at the next full hour in the zone', () => {
    const values = newEventValues(
      testEventSettings({ defaultParticipantsNumberLimit: null, defaultReminderOffsetsInSeconds: [] }),
      new Date('2026-10-24T21:20:00Z'),
      'Europe/Berlin',
    );
    // 23:20 in Berlin (summer time): the next full hour is midnight of the next day.
    expect([values.date, values.time]).toEqual(['2026-10-25', '00:00']);
    expect(values).toMatchObject({ durationMinutes: 90, isLimited: false, isReminderEnabled: false });
    const body = bodyOf(values);
    expect(body).toMatchObject({
      startsAt: '2026-10-25T00:00',
      timeZone: 'Europe/Berlin',
      durationInSeconds: 5400,
      participantsNumberLimit: null,
      reminderOffsetsInSeconds: [],
      recurringEventPattern: null,
    });
  });

  it('sends the location of the chosen kind only', () => {
    const values = {
      ...eventValues(testEvent()),
      virtualLocationUrl: ' https://meet.example/x ',
      inPersonLocation: 'Hafen 1',
    };
    expect(bodyOf(values)).toMatchObject({
      virtualLocationUrl: 'https://meet.example/x',
      inPersonLocation: null,
    });
    expect(bodyOf({ ...values, eventType: 'tbd' })).toMatchObject({
      virtualLocationUrl: null,
      inPersonLocation: null,
    });
  });

  it('edits a single event with only what changed', () => {
    const event = testEvent({ rule: null, recurringEventPattern: null });
    const initial = bodyOf(eventValues(event));
    // The host removed, the name changed: nothing else is sent.
    const body = { ...initial, name: 'Neuer Name', hostIds: [] };
    expect(patchOf(event, initial, body, 'all')).toEqual({ name: 'Neuer Name', hostIds: [] });
  });

  it('edits a recurring event at its occurrence: this one, it and the following, or all moved by as much', () => {
    // The series starts on Tuesday 6 October at 19:00; the edited occurrence is 27 October.
    const event = testEvent();
    const values = eventValues(event);
    expect([values.date, values.time]).toEqual(['2026-10-27', '19:00']);
    const initial = bodyOf(values);
    const later = { ...initial, startsAt: '2026-10-27T20:30' };
    expect(patchOf(event, initial, later, 'this')).toEqual({
      startsAt: '2026-10-27T20:30',
      scope: 'this',
      occurrence: '2026-10-27T19:00:00',
    });
    expect(patchOf(event, initial, later, 'all')).toEqual({
      startsAt: '2026-10-06T20:30',
      scope: 'all',
      occurrence: '2026-10-27T19:00:00',
    });
    expect(shiftedSeriesStart('2026-10-06T19:00', '2026-10-27T19:00', '2026-10-28T18:00')).toBe(
      '2026-10-07T18:00',
    );
    const ruleChanged = { ...initial, recurringEventPattern: pattern({ frequency: 'daily' }) };
    expect(scopesFor(changesOf(initial, ruleChanged))).toEqual(['following', 'all']);
    expect(scopesFor(changesOf(initial, later))).toEqual(['this', 'following', 'all']);
  });

  it('reads a moved occurrence at its new time and previews the series from it, COUNT counted from the start', () => {
    const event = testEvent({
      recurringEventPattern: pattern({ frequency: 'weekly', count: 5 }),
      occurrence: {
        ...testEvent().occurrence,
        id: '2026-10-20T19:00:00',
        // Moved to 20:00 Berlin time on the same day (summer time: UTC+2).
        startsAt: '2026-10-20T18:00:00.000Z',
        endsAt: '2026-10-20T19:00:00.000Z',
        isChanged: true,
      },
    });
    const values = eventValues(event);
    expect([values.date, values.time, values.durationMinutes]).toEqual(['2026-10-20', '20:00', 60]);
    // Occurrences 6, 13, 20, 27 October and 3 November make the five; from the 20th on three are left.
    expect(previewDates(values, event, 5)).toEqual(['2026-10-20', '2026-10-27', '2026-11-03']);
  });
});
