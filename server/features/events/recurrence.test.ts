import { describe, expect, it } from 'vitest';
import type { ExpansionStats, Series } from './recurrence.ts';
import { isOccurrence, occurrencesBetween, splitSeries } from './recurrence.ts';

const berlin = 'Europe/Berlin';

// Checked against Intl directly (not our time-zone module): the local clock an instant shows in a zone.
const clockFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: berlin,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const localOf = (date: Date) => clockFormat.format(date).replace(' ', 'T');

function series(start: string, rule: string | null, extra: Partial<Series> = {}): Series {
  return { start, timeZone: berlin, durationSeconds: 3600, rule, exdates: [], overrides: [], ...extra };
}

const between = (value: Series, from: string, to: string, options = {}) =>
  occurrencesBetween(value, new Date(from), new Date(to), options);
const originals = (value: Series, from: string, to: string) =>
  between(value, from, to).map((o) => o.originalStart);

// Every clock change of Europe/Berlin 2025–2030, all on Sundays: the spring-forward and the fall-back days.
const springDays = ['2025-03-30', '2026-03-29', '2027-03-28', '2028-03-26', '2029-03-25', '2030-03-31'];
const autumnDays = ['2025-10-26', '2026-10-25', '2027-10-31', '2028-10-29', '2029-10-28', '2030-10-27'];

describe('the clock-change table: no occurrence shifts across Europe/Berlin 2025–2030', () => {
  // Weekly on Sundays and monthly on the last Sunday hit every change day; daily hits every day around them.
  const table = [
    { name: 'daily', rule: 'FREQ=DAILY', start: '2025-01-05', count: 2187 },
    { name: 'weekly on Sunday', rule: 'FREQ=WEEKLY', start: '2025-01-05', count: 313 },
    { name: 'monthly on the last Sunday', rule: 'FREQ=MONTHLY;BYDAY=-1SU', start: '2025-01-26', count: 72 },
    { name: 'monthly on the 26th', rule: 'FREQ=MONTHLY', start: '2025-01-26', count: 72 },
  ];
  const cases = table.flatMap((row) => ['09:30', '02:30'].map((clock) => ({ ...row, clock })));

  it.each(cases)('$name at $clock', ({ rule, start, clock, count }) => {
    const all = between(series(`${start}T${clock}`, rule), '2025-01-01T00:00:00Z', '2031-01-01T00:00:00Z');
    expect(all).toHaveLength(count);
    const shifted = all.filter((occurrence) => {
      const date = occurrence.originalStart.slice(0, 10);
      // RFC 5545: a local time that does not exist is read with the offset before the gap, 02:30 → 03:30.
      const expected = clock === '02:30' && springDays.includes(date) ? '03:30' : clock;
      return (
        occurrence.originalStart !== `${date}T${clock}:00` ||
        localOf(occurrence.startsAt) !== `${date}T${expected}` ||
        occurrence.endsAt.getTime() - occurrence.startsAt.getTime() !== 3_600_000
      );
    });
    expect(shifted).toEqual([]);
    const changeDays = all.filter((o) =>
      [...springDays, ...autumnDays].includes(o.originalStart.slice(0, 10)),
    );
    expect(changeDays.length).toBeGreaterThanOrEqual(rule === 'FREQ=MONTHLY' ? 0 : 12);
  });

  it('takes the first of the two 02:30 on the fall-back days (summer time, UTC+2)', () => {
    const all = between(
      series('2025-01-05T02:30', 'FREQ=WEEKLY'),
      '2025-01-01T00:00:00Z',
      '2031-01-01T00:00:00Z',
    );
    for (const day of autumnDays) {
      const occurrence = all.find((o) => o.originalStart.startsWith(day));
      expect(occurrence?.startsAt.toISOString()).toBe(`${day}T00:30:00.000Z`);
    }
    for (const day of springDays) {
      const occurrence = all.find((o) => o.originalStart.startsWith(day));
      expect(occurrence?.startsAt.toISOString()).toBe(`${day}T01:30:00.000Z`);
    }
  });

  it('keeps the real duration across the change: a 3-hour evening event ends 3 hours later', () => {
    const [night] = between(
      series('2026-10-24T23:00', 'FREQ=DAILY', { durationSeconds: 3 * 3600 }),
      '2026-10-24T00:00:00Z',
      '2026-10-25T00:00:00Z',
    );
    expect(night?.startsAt.toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(night?.endsAt.toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });
});

describe('month ends and leap days', () => {
  it('skips months without a 31st (RFC 5545), never moving to the 30th', () => {
    const starts = originals(
      series('2026-01-31T18:00', 'FREQ=MONTHLY'),
      '2026-01-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
    );
    expect(starts.map((start) => start.slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
  });

  it('reaches the last day of every month with BYMONTHDAY=-1', () => {
    const starts = originals(
      series('2028-01-31T18:00', 'FREQ=MONTHLY;BYMONTHDAY=-1'),
      '2028-01-01T00:00:00Z',
      '2028-05-01T00:00:00Z',
    );
    expect(starts.map((start) => start.slice(0, 10))).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
  });

  it('repeats 29 February only in leap years, 2024–2040', () => {
    const starts = originals(
      series('2024-02-29T12:00', 'FREQ=YEARLY'),
      '2024-01-01T00:00:00Z',
      '2041-01-01T00:00:00Z',
    );
    expect(starts).toEqual([
      '2024-02-29T12:00:00',
      '2028-02-29T12:00:00',
      '2032-02-29T12:00:00',
      '2036-02-29T12:00:00',
      '2040-02-29T12:00:00',
    ]);
  });

  it('counts only real dates towards COUNT', () => {
    const starts = originals(
      series('2024-02-29T12:00', 'FREQ=YEARLY;COUNT=3'),
      '2024-01-01T00:00:00Z',
      '2100-01-01T00:00:00Z',
    );
    expect(starts).toEqual(['2024-02-29T12:00:00', '2028-02-29T12:00:00', '2032-02-29T12:00:00']);
  });
});

describe('BYDAY and its positions', () => {
  const days = (rule: string, start: string, to: string) =>
    originals(series(start, rule), `${start.slice(0, 10)}T00:00:00Z`, to).map((s) => s.slice(0, 10));

  it('first Monday and last Friday of the month', () => {
    expect(days('FREQ=MONTHLY;BYDAY=1MO', '2026-01-05T19:00', '2026-05-01T00:00:00Z')).toEqual([
      '2026-01-05',
      '2026-02-02',
      '2026-03-02',
      '2026-04-06',
    ]);
    expect(days('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30T19:00', '2026-05-01T00:00:00Z')).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
      '2026-04-24',
    ]);
  });

  it('a fifth weekday only in months that have one', () => {
    expect(days('FREQ=MONTHLY;BYDAY=5TH', '2026-01-29T19:00', '2026-08-01T00:00:00Z')).toEqual([
      '2026-01-29',
      '2026-04-30',
      '2026-07-30',
    ]);
  });

  it('second Sunday of May every year, and every second week on Monday and Thursday', () => {
    expect(days('FREQ=YEARLY;BYMONTH=5;BYDAY=2SU', '2026-05-10T10:00', '2029-01-01T00:00:00Z')).toEqual([
      '2026-05-10',
      '2027-05-09',
      '2028-05-14',
    ]);
    expect(days('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', '2026-03-02T10:00', '2026-03-31T00:00:00Z')).toEqual([
      '2026-03-02',
      '2026-03-05',
      '2026-03-16',
      '2026-03-19',
      '2026-03-30',
    ]);
  });

  it('the last Sunday of the year and Friday the 13th', () => {
    expect(days('FREQ=YEARLY;BYDAY=-1SU', '2026-12-27T10:00', '2029-01-01T00:00:00Z')).toEqual([
      '2026-12-27',
      '2027-12-26',
      '2028-12-31',
    ]);
    expect(days('FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR', '2026-02-13T20:00', '2027-01-01T00:00:00Z')).toEqual([
      '2026-02-13',
      '2026-03-13',
      '2026-11-13',
    ]);
  });

  it('workdays skip the weekend', () => {
    expect(days('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-03-06T08:00', '2026-03-14T00:00:00Z')).toEqual([
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
  });
});

describe('COUNT and UNTIL', () => {
  it('ends after COUNT occurrences', () => {
    expect(
      originals(
        series('2026-03-01T09:30', 'FREQ=DAILY;COUNT=3'),
        '2026-01-01T00:00:00Z',
        '2027-01-01T00:00:00Z',
      ),
    ).toEqual(['2026-03-01T09:30:00', '2026-03-02T09:30:00', '2026-03-03T09:30:00']);
  });

  it('includes an occurrence that starts exactly at UNTIL and none after', () => {
    // 2026-03-03 09:30 in Berlin is 08:30 UTC.
    const rule = 'FREQ=DAILY;UNTIL=20260303T083000Z';
    expect(
      originals(series('2026-03-01T09:30', rule), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    ).toHaveLength(3);
    const earlier = 'FREQ=DAILY;UNTIL=20260303T082959Z';
    expect(
      originals(series('2026-03-01T09:30', earlier), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    ).toHaveLength(2);
  });

  it('counts EXDATEs towards COUNT (they cancel an occurrence, they do not make another)', () => {
    const value = series('2026-03-01T09:30', 'FREQ=DAILY;COUNT=3', { exdates: ['2026-03-02T09:30'] });
    expect(originals(value, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      '2026-03-01T09:30:00',
      '2026-03-03T09:30:00',
    ]);
  });

  it("jumps over a COUNT series' skipped years by whole cycles and gets the same occurrences as a walk", () => {
    const rule = 'FREQ=DAILY;INTERVAL=3;BYDAY=MO,WE,FR;COUNT=600';
    const value = series('2020-01-01T07:00', rule);
    const walkStats: ExpansionStats = { periods: 0 };
    const walked = between(value, '2020-01-01T00:00:00Z', '2040-01-01T00:00:00Z', { stats: walkStats });
    expect(walked).toHaveLength(600);
    const stats: ExpansionStats = { periods: 0 };
    const window = between(value, '2030-01-01T00:00:00Z', '2040-01-01T00:00:00Z', { stats });
    const expected = walked.filter((o) => o.startsAt >= new Date('2030-01-01T00:00:00Z'));
    expect(expected.length).toBeGreaterThan(10);
    expect(window).toEqual(expected);
    expect(stats.periods).toBeLessThan(walkStats.periods / 3);
  });
});

describe('a window far from DTSTART', () => {
  it('expands the last month of a 30-year daily series from the window, not from 1996', () => {
    const value = series('1996-01-01T09:30', 'FREQ=DAILY;UNTIL=20251231T235959Z');
    const stats: ExpansionStats = { periods: 0 };
    const december = between(value, '2025-12-01T00:00:00Z', '2026-01-01T00:00:00Z', { stats });
    expect(december).toHaveLength(31);
    expect(december[0]?.originalStart).toBe('2025-12-01T09:30:00');
    // 31 days and a day of margin on each side (a wall time lies within a day of its instant).
    expect(stats.periods).toBeLessThanOrEqual(35);
  });

  it('jumps for weekly, monthly and yearly series too', () => {
    for (const rule of [
      'FREQ=WEEKLY;BYDAY=TU,TH',
      'FREQ=MONTHLY;BYDAY=2WE',
      'FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=1',
    ]) {
      const stats: ExpansionStats = { periods: 0 };
      between(series('1990-01-02T09:30', rule), '2030-06-01T00:00:00Z', '2030-07-01T00:00:00Z', { stats });
      expect(stats.periods, rule).toBeLessThanOrEqual(7);
    }
  });

  it('stops by itself for a rule that never matches', () => {
    const stats: ExpansionStats = { periods: 0 };
    expect(
      between(
        series('2026-01-31T10:00', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'),
        '2026-01-01T00:00:00Z',
        '2030-01-01T00:00:00Z',
        { stats },
      ),
    ).toHaveLength(1);
    expect(stats.periods).toBeLessThanOrEqual(6);
  });
});

describe('cancelled and changed occurrences', () => {
  const weekly = series('2026-03-02T18:00', 'FREQ=WEEKLY', {
    exdates: ['2026-03-09T18:00'],
    overrides: [
      // Moved from 23 March into April (outside a March window, inside an April one).
      {
        originalStart: '2026-03-23T18:00',
        start: '2026-04-02T20:00',
        durationSeconds: 7200,
        changes: { title: 'x' },
      },
      // Moved from 6 April back into March.
      { originalStart: '2026-04-06T18:00', start: '2026-03-28T11:00' },
    ],
  });

  it('leaves EXDATEs out, or marks them when asked', () => {
    const march = between(weekly, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z');
    expect(march.map((o) => o.originalStart)).toEqual([
      '2026-03-02T18:00:00',
      '2026-03-16T18:00:00',
      '2026-04-06T18:00:00',
      '2026-03-30T18:00:00',
    ]);
    const withCancelled = between(weekly, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', {
      includeCancelled: true,
    });
    expect(withCancelled.filter((o) => o.cancelled).map((o) => o.originalStart)).toEqual([
      '2026-03-09T18:00:00',
    ]);
  });

  it('shows a moved occurrence in the window it moved to, with its new time and length', () => {
    const march = between(weekly, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z');
    const movedIn = march.find((o) => o.originalStart === '2026-04-06T18:00:00');
    expect(movedIn?.startsAt.toISOString()).toBe('2026-03-28T10:00:00.000Z');
    expect(movedIn?.override).toEqual({ originalStart: '2026-04-06T18:00', start: '2026-03-28T11:00' });
    expect(march.some((o) => o.originalStart === '2026-03-23T18:00:00')).toBe(false);

    const april = between(weekly, '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z');
    expect(april.map((o) => o.originalStart)).toEqual([
      '2026-03-23T18:00:00',
      '2026-04-13T18:00:00',
      '2026-04-20T18:00:00',
      '2026-04-27T18:00:00',
    ]);
    expect(april[0]?.startsAt.toISOString()).toBe('2026-04-02T18:00:00.000Z');
    expect(april[0]?.endsAt.toISOString()).toBe('2026-04-02T20:00:00.000Z');
    expect(april[0]?.override?.changes).toEqual({ title: 'x' });
  });

  it('ignores an override that names no occurrence of the rule', () => {
    const orphan = series('2026-03-02T18:00', 'FREQ=WEEKLY', {
      overrides: [{ originalStart: '2026-03-03T18:00', start: '2026-03-04T18:00' }],
    });
    expect(originals(orphan, '2026-03-01T00:00:00Z', '2026-03-08T00:00:00Z')).toEqual([
      '2026-03-02T18:00:00',
    ]);
    expect(isOccurrence(orphan, '2026-03-03T18:00')).toBe(false);
    expect(isOccurrence(orphan, '2026-03-09T18:00')).toBe(true);
  });

  it('returns occurrences that overlap the window, including one that started before it', () => {
    const long = series('2026-03-01T23:00', 'FREQ=DAILY', { durationSeconds: 4 * 3600 });
    expect(originals(long, '2026-03-02T00:00:00Z', '2026-03-02T01:00:00Z')).toEqual(['2026-03-01T23:00:00']);
    expect(originals(long, '2026-03-02T02:00:00Z', '2026-03-02T03:00:00Z')).toEqual([]);
  });

  it('a single event is one occurrence', () => {
    expect(
      originals(series('2026-03-01T10:00', null), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    ).toEqual(['2026-03-01T10:00:00']);
  });
});

describe('splitSeries: this and following', () => {
  const original = series('2026-01-05T19:00', 'FREQ=WEEKLY;COUNT=20', {
    exdates: ['2026-01-19T19:00', '2026-03-16T19:00'],
    overrides: [
      { originalStart: '2026-01-26T19:00', start: '2026-01-27T19:00' },
      { originalStart: '2026-03-30T19:00', durationSeconds: 60 },
    ],
  });
  const all = (value: Series) =>
    between(value, '2025-01-01T00:00:00Z', '2030-01-01T00:00:00Z', { includeCancelled: true });

  it('keeps the past part exactly as it was and continues with the rest of COUNT', () => {
    const { before, after } = splitSeries(original, '2026-03-02T19:00');
    const whole = all(original);
    const cut = new Date('2026-03-02T18:00:00Z');
    expect(all(before!)).toEqual(whole.filter((o) => o.originalStart < '2026-03-02'));
    expect(before!.rule).toBe('FREQ=WEEKLY;UNTIL=20260302T175959Z');
    expect(after.start).toBe('2026-03-02T19:00:00');
    expect(after.rule).toBe('FREQ=WEEKLY;COUNT=12');
    expect(all(after)).toEqual(whole.filter((o) => o.originalStart >= '2026-03-02'));
    expect(after.exdates).toEqual(['2026-03-16T19:00']);
    expect(after.overrides.map((o) => o.originalStart)).toEqual(['2026-03-30T19:00']);
    expect(before!.overrides.map((o) => o.originalStart)).toEqual(['2026-01-26T19:00']);
    expect(all(after)[0]?.startsAt).toEqual(cut);
  });

  it('splitting at the first occurrence leaves no past part', () => {
    const { before, after } = splitSeries(original, '2026-01-05T19:00');
    expect(before).toBeNull();
    expect(all(after)).toEqual(all(original));
  });

  it('keeps UNTIL for the new part and refuses a start that is no occurrence', () => {
    const until = series('2026-01-05T19:00', 'FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20260401T000000Z');
    const { after } = splitSeries(until, '2026-02-12T19:00');
    expect(after.rule).toBe('FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20260401T000000Z');
    expect(originals(after, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')[0]).toBe('2026-02-12T19:00:00');
    expect(() => splitSeries(until, '2026-02-11T19:00')).toThrow(/originalStart: invalid_value/);
    expect(() => splitSeries(series('2026-01-05T19:00', null), '2026-01-05T19:00')).toThrow(/originalStart/);
  });
});

describe('series input', () => {
  it('refuses an unknown zone, a malformed start and a bad rule with issues', () => {
    expect(() =>
      between(
        series('2026-01-05T19:00', 'FREQ=DAILY', { timeZone: 'Mars/Olympus' }),
        '2026-01-01',
        '2026-02-01',
      ),
    ).toThrow(/timeZone/);
    expect(() => between(series('2026-02-30T19:00', 'FREQ=DAILY'), '2026-01-01', '2026-02-01')).toThrow(
      /start: invalid_format/,
    );
    expect(() => between(series('2026-01-05T19:00', 'FREQ=HOURLY'), '2026-01-01', '2026-02-01')).toThrow(
      /FREQ: unsupported/,
    );
  });

  it('gives nothing for an empty or inverted window', () => {
    const value = series('2026-01-05T19:00', 'FREQ=DAILY');
    expect(between(value, '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z')).toEqual([]);
    expect(between(value, '2026-02-02T00:00:00Z', '2026-02-01T00:00:00Z')).toEqual([]);
  });
});
