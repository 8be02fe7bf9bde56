import { describe, expect, it } from 'vitest';
import { occurrencesBetween } from './recurrence.ts';
import { seriesBounds, seriesOf } from './series.ts';

const row = {
  startsLocal: '2026-10-20T19:00:00',
  timeZone: 'Europe/Berlin',
  durationSeconds: 3600,
  rrule: null as string | null,
  exdates: [] as string[],
};

describe('seriesBounds', () => {
  it('bounds a single event by its start and end', () => {
    expect(seriesBounds(seriesOf(row))).toEqual({
      firstStartsAt: new Date('2026-10-20T17:00:00Z'),
      lastEndsAt: new Date('2026-10-20T18:00:00Z'),
    });
  });

  it('leaves a rule without end open and ends a COUNT rule with its last occurrence', () => {
    expect(seriesBounds(seriesOf({ ...row, rrule: 'FREQ=WEEKLY' })).lastEndsAt).toBeNull();
    // Four Tuesdays from 20 October: the last, 10 November, is in winter time.
    expect(seriesBounds(seriesOf({ ...row, rrule: 'FREQ=WEEKLY;COUNT=4' })).lastEndsAt).toEqual(
      new Date('2026-11-10T19:00:00Z'),
    );
  });

  it('widens the bounds to an occurrence moved outside them', () => {
    const series = seriesOf({ ...row, rrule: 'FREQ=WEEKLY;COUNT=2' }, [
      {
        occurrence: '2026-10-27T19:00:00',
        startsLocal: '2026-12-01T10:00:00',
        durationSeconds: null,
        changes: null,
      },
    ]);
    const bounds = seriesBounds(series);
    expect(bounds.lastEndsAt).toEqual(new Date('2026-12-01T10:00:00Z'));
    const [, moved] = occurrencesBetween(series, new Date('2026-10-01'), new Date('2027-01-01'));
    expect(moved?.endsAt).toEqual(bounds.lastEndsAt);
  });

  it('takes UNTIL plus the length as the end and a yearly COUNT beyond the year 9999 as open', () => {
    expect(seriesBounds(seriesOf({ ...row, rrule: 'FREQ=DAILY;UNTIL=20261030T000000Z' })).lastEndsAt).toEqual(
      new Date('2026-10-30T01:00:00Z'),
    );
    expect(
      seriesBounds(seriesOf({ ...row, rrule: 'FREQ=YEARLY;INTERVAL=99;COUNT=999' })).lastEndsAt,
    ).toBeNull();
  });
});
