import { describe, expect, it } from 'vitest';
import { dateCheck, dateFormats, dateString, isValidDate } from './date.ts';
import { firstIssue } from './issue.ts';
import { z } from 'zod';

describe('date rule', () => {
  it('RULE-69 date fails with validation.date unless the value strictly matches YYYY-MM-DD', () => {
    const issue = { key: 'validation.date', params: { format: 'YYYY-MM-DD' } };
    for (const value of [
      '2024-1-5',
      '2024-01-5',
      '24-01-05',
      '2024/01/05',
      '2024-01-05 ',
      '05.01.2024',
      '',
      'x',
    ]) {
      expect(firstIssue(dateString('YYYY-MM-DD'), value), value).toEqual(issue);
    }
    expect(firstIssue(dateString('YYYY-MM-DD'), '2024-01-05')).toBeNull();
    expect(firstIssue(dateString(dateFormats.iso), '2025-07-14')).toBeNull();
  });

  it('RULE-69 date refuses impossible dates', () => {
    for (const value of [
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '0000-01-01',
    ]) {
      expect(isValidDate(value, 'YYYY-MM-DD'), value).toBe(false);
    }
    expect(isValidDate('2024-02-29', 'YYYY-MM-DD')).toBe(true);
    expect(isValidDate('2024-12-31', 'YYYY-MM-DD')).toBe(true);
  });

  it('RULE-69 date supports DD.MM.YYYY and times', () => {
    expect(isValidDate('14.07.2025', 'DD.MM.YYYY')).toBe(true);
    expect(isValidDate('14.7.2025', 'DD.MM.YYYY')).toBe(false);
    expect(isValidDate('14-07-2025', 'DD.MM.YYYY')).toBe(false);
    expect(isValidDate('31.06.2025', 'DD.MM.YYYY')).toBe(false);
    expect(isValidDate('2025-07-14 23:59:59', dateFormats.isoDateTime)).toBe(true);
    expect(isValidDate('2025-07-14 24:00:00', dateFormats.isoDateTime)).toBe(false);
    expect(firstIssue(z.string().check(dateCheck('DD.MM.YYYY')), '1.1.2025')).toEqual({
      key: 'validation.date',
      params: { format: 'DD.MM.YYYY' },
    });
  });
});
