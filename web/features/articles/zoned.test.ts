import { describe, expect, it } from 'vitest';
import { instantToLocal, localToInstant, offsetMinutes } from './zoned';

describe('zoned schedule times', () => {
  it('reads a wall clock in a zone as its instant and back, across daylight saving', () => {
    expect(localToInstant('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(localToInstant('2026-12-01T09:00', 'Europe/Berlin')).toBe('2026-12-01T08:00:00.000Z');
    expect(localToInstant('2026-12-01T09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
    expect(instantToLocal('2026-07-01T07:00:00.000Z', 'Europe/Berlin')).toBe('2026-07-01T09:00');
    expect(offsetMinutes(Date.parse('2026-07-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('refuses incomplete values', () => {
    expect(localToInstant('2026-12-01', 'Europe/Berlin')).toBeNull();
    expect(localToInstant('', 'UTC')).toBeNull();
  });
});
