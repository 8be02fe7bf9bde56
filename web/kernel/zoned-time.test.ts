import { describe, expect, it } from 'vitest';
import {
  instantToLocal,
  instantToZoned,
  localToInstant,
  zonedFields,
  zonedToInstant,
  zoneOffsetMinutes,
} from './zoned-time';

describe('zoned time', () => {
  it('reads an instant’s fields on a zone’s clocks, midnight as hour 0', () => {
    expect(zonedFields(Date.UTC(2027, 6, 11, 22, 0, 5), 'Europe/Berlin')).toEqual({
      year: 2027,
      month: 7,
      day: 12,
      hour: 0,
      minute: 0,
      second: 5,
    });
    expect(() => zonedFields(0, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('reads a wall-clock time on the zone’s clocks, in winter and in summer', () => {
    expect(zonedToInstant('2027-01-12', '09:00', 'Europe/Berlin')).toBe('2027-01-12T08:00:00.000Z');
    expect(zonedToInstant('2027-07-12', '09:00', 'Europe/Berlin')).toBe('2027-07-12T07:00:00.000Z');
    expect(zonedToInstant('2027-07-12', '09:00', 'America/New_York')).toBe('2027-07-12T13:00:00.000Z');
    expect(zonedToInstant('2027-07-12', '09:30', 'Asia/Kolkata')).toBe('2027-07-12T04:00:00.000Z');
  });

  it('moves a time inside the spring-forward gap forward, as the clocks do', () => {
    // 2027-03-28 02:30 does not exist in Berlin (02:00 → 03:00).
    expect(zonedToInstant('2027-03-28', '02:30', 'Europe/Berlin')).toBe('2027-03-28T01:30:00.000Z');
    expect(instantToZoned('2027-03-28T01:30:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2027-03-28',
      time: '03:30',
    });
  });

  it('refuses incomplete and impossible values and unknown zones', () => {
    expect(zonedToInstant('', '09:00', 'Europe/Berlin')).toBeNull();
    expect(zonedToInstant('2027-02-30', '09:00', 'Europe/Berlin')).toBeNull();
    expect(zonedToInstant('2027-02-03', '25:00', 'Europe/Berlin')).toBeNull();
    expect(zonedToInstant('2027-02-03', '09:00', 'Mars/Olympus')).toBeNull();
  });

  it('shows an instant on the zone’s clocks, the other way round', () => {
    expect(instantToZoned('2027-07-12T07:00:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2027-07-12',
      time: '09:00',
    });
    expect(instantToZoned('2027-12-31T23:30:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2028-01-01',
      time: '00:30',
    });
    expect(zoneOffsetMinutes(Date.parse('2027-07-12T07:00:00Z'), 'Europe/Berlin')).toBe(120);
  });

  it('reads and writes the `datetime-local` form of an article’s schedule', () => {
    expect(localToInstant('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(localToInstant('2026-12-01T09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
    expect(instantToLocal('2026-07-01T07:00:00.000Z', 'Europe/Berlin')).toBe('2026-07-01T09:00');
    expect(localToInstant('2026-12-01', 'Europe/Berlin')).toBeNull();
    expect(localToInstant('', 'UTC')).toBeNull();
  });
});
