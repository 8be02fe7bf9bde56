import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue, keyedCheck, typeError } from './issue.ts';

describe('issue helpers', () => {
  it('keyedCheck puts the key in the message and the params in the issue', () => {
    const even = z
      .number()
      .check(
        keyedCheck((value: number) => value % 2 === 0, 'validation.invalidValue', { params: { step: 2 } }),
      );
    expect(even.safeParse(3).error?.issues).toEqual([
      { code: 'custom', path: [], params: { step: 2 }, message: 'validation.invalidValue' },
    ]);
    expect(even.safeParse(4).success).toBe(true);
  });

  it('typeError reports a missing value as required and a wrong type with the rule key', () => {
    const schema = z.string({ error: typeError('validation.email') });
    expect(firstIssue(schema, undefined)).toEqual({ key: 'validation.required' });
    expect(firstIssue(schema, null)).toEqual({ key: 'validation.required' });
    expect(firstIssue(schema, 1)).toEqual({ key: 'validation.email' });
    expect(firstIssue(schema, 'ok')).toBeNull();
  });
});
