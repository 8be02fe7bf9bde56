import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-format';
import { formatBytes } from './upload-size';

describe('Intl formatters', () => {
  it('builds one formatter per locale and options and keeps it', () => {
    const first = dateTimeFormat('de', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
    expect(dateTimeFormat('de', { dateStyle: 'medium', timeZone: 'Europe/Berlin' })).toBe(first);
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'Europe/Berlin' })).not.toBe(first);
    expect(dateTimeFormat('de', { dateStyle: 'long', timeZone: 'Europe/Berlin' })).not.toBe(first);
    expect(first.format(new Date('2026-11-30T12:00:00Z'))).toBe('30.11.2026');
    expect(numberFormat('de', { maximumFractionDigits: 2 }).format(1.5)).toBe('1,5');
    expect(numberFormat('de', { maximumFractionDigits: 2 })).toBe(
      numberFormat('de', { maximumFractionDigits: 2 }),
    );
    expect(relativeTimeFormat('de', { numeric: 'auto' }).format(-1, 'day')).toBe('gestern');
  });

  it('keeps nothing for options it cannot build a formatter of', () => {
    expect(() => dateTimeFormat('de', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('de', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });

  it('formats sizes in the locale with the kept formatter', () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});
