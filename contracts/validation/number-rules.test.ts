import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue } from './issue.ts';
import {
  isNumeric,
  isPositive,
  maxNumber,
  minNumber,
  numberValue,
  positive,
  positiveCheck,
  toNumber,
} from './number-rules.ts';

describe('number rules', () => {
  it('RULE-64 positive fails with validation.zero unless the value is greater than 0', () => {
    expect(firstIssue(positive(), 0)).toEqual({ key: 'validation.zero' });
    expect(firstIssue(positive(), -1)).toEqual({ key: 'validation.zero' });
    expect(firstIssue(positive(), '0')).toEqual({ key: 'validation.zero' });
    expect(positive().parse(1)).toBe(1);
    expect(positive().parse('0.5')).toBe(0.5);
    expect(firstIssue(z.number().check(positiveCheck()), -0.1)).toEqual({ key: 'validation.zero' });
    expect([0, -1, '1', 1].map(isPositive)).toEqual([false, false, true, true]);
  });

  it('RULE-65 number fails with validation.notNumber when the value is not a number', () => {
    for (const value of [
      'abc',
      '',
      ' ',
      '1,5',
      '12px',
      '0x10',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      {},
      [],
    ]) {
      expect(firstIssue(numberValue(), value), JSON.stringify(value)).toEqual({
        key: 'validation.notNumber',
      });
      expect(isNumeric(value)).toBe(false);
    }
    expect(firstIssue(numberValue(), undefined)).toEqual({ key: 'validation.required' });
  });

  it('RULE-65 numbers and numeric text pass and are coerced to numbers', () => {
    expect(numberValue().parse('12')).toBe(12);
    expect(numberValue().parse(' -3.5 ')).toBe(-3.5);
    expect(numberValue().parse('1e3')).toBe(1000);
    expect(numberValue().parse('.5')).toBe(0.5);
    expect(numberValue().parse(0)).toBe(0);
    expect(toNumber('7')).toBe(7);
    expect(toNumber('seven')).toBeNull();
  });

  it('RULE-76 min / max number violations yield validation.minNumber / maxNumber with the bound', () => {
    const points = numberValue().check(minNumber(1), maxNumber(100));
    expect(firstIssue(points, 0)).toEqual({ key: 'validation.minNumber', params: { min: 1 } });
    expect(firstIssue(points, '101')).toEqual({ key: 'validation.maxNumber', params: { max: 100 } });
    expect(points.parse(1)).toBe(1);
    expect(points.parse('100')).toBe(100);
    expect(z.number().check(minNumber(-5)).safeParse(-6).error?.issues).toEqual([
      { code: 'custom', path: [], params: { min: -5 }, message: 'validation.minNumber' },
    ]);
  });
});
