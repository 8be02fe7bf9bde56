import { describe, expect, it } from 'vitest';
import {
  collator,
  dateTimeFormat,
  formatNumber,
  numberFormat,
  relativeTimeFormat,
  zonedDateTimeFormat,
} from './intl-format';
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

  it('keeps one zoned format per time zone and builds none for an unknown zone', () => {
    const hourOf = zonedDateTimeFormat('en-US', { hour: '2-digit', hourCycle: 'h23' });
    const berlin = hourOf('Europe/Berlin');
    expect(hourOf('Europe/Berlin')).toBe(berlin);
    expect(hourOf('America/New_York')).not.toBe(berlin);
    expect(berlin.resolvedOptions().timeZone).toBe('Europe/Berlin');
    expect(berlin.format(new Date('2026-07-01T10:00:00Z'))).toBe('12');
    expect(() => hourOf('Mars/Olympus')).toThrow(RangeError);
    expect(() => hourOf('Mars/Olympus')).toThrow(RangeError);
  });

  it('formats sizes in the locale with the kept formatter', () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1536, 'fr')).toBe('1,5 KB');
  });

  it('writes German and English sizes as Intl does, without building a number format', () => {
    for (const locale of ['de', 'en']) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      for (const bytes of [0, 0.01, 0.1, 1, 12.345, 999.995, 1000, 1023.99]) {
        expect(formatBytes(bytes, locale)).toBe(`${intl.format(bytes)} B`);
      }
      // From 1024 TB on the unit stays TB, so the number grows and is grouped.
      for (const value of [1, 1.01, 12.5, 100, 999.99, 1000, 1023.5, 1234.56, 20480.1, 1048575.99]) {
        expect(formatBytes(value * 1024 ** 4, locale)).toBe(`${intl.format(value)} TB`);
      }
    }
    expect(formatBytes(5 * 1024 ** 2, 'de')).toBe('5 MB');
    expect(formatBytes(1.25 * 1024 ** 3, 'de')).toBe('1,25 GB');
  });

  it('writes German and English counts as Intl does, without building a number format', () => {
    for (const locale of ['de', 'en']) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      for (const value of [0, 7, 999, 1000, 1234, 65536, 1234567, -4321, 12.5, 0.25]) {
        expect(formatNumber(value, locale)).toBe(intl.format(value));
      }
    }
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234.5, 'fr')).toBe(
      new Intl.NumberFormat('fr', { maximumFractionDigits: 2 }).format(1234.5),
    );
  });

  it('keeps one collator per locale and options, for natural order', () => {
    const natural = collator(undefined, { numeric: true, sensitivity: 'base' });
    expect(collator(undefined, { numeric: true, sensitivity: 'base' })).toBe(natural);
    expect(['Woche 10', 'woche 2', 'Woche 1'].sort(natural.compare)).toEqual([
      'Woche 1',
      'woche 2',
      'Woche 10',
    ]);
  });
});
