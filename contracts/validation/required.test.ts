import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue } from './issue.ts';
import { isFilled, requiredCheck, requiredList, requiredString } from './required.ts';
import { emailCheck } from './string-rules.ts';

describe('required', () => {
  it('RULE-60 required fails with validation.required for a falsy value or an empty list', () => {
    expect(firstIssue(requiredString(), '')).toEqual({ key: 'validation.required' });
    expect(firstIssue(requiredString(), '   ')).toEqual({ key: 'validation.required' });
    expect(firstIssue(requiredString(), undefined)).toEqual({ key: 'validation.required' });
    expect(firstIssue(requiredString(), null)).toEqual({ key: 'validation.required' });
    expect(firstIssue(requiredList(z.string()), [])).toEqual({ key: 'validation.required' });
    expect(firstIssue(requiredList(z.string()), undefined)).toEqual({ key: 'validation.required' });
  });

  it('RULE-60 required passes a filled value and a non-empty list', () => {
    expect(requiredString().parse('Anna')).toBe('Anna');
    expect(requiredList(z.string()).parse(['a'])).toEqual(['a']);
  });

  it('RULE-60 isFilled follows truthiness, with whitespace-only strings counted as empty', () => {
    expect([undefined, null, '', ' \n', [], 0, false, Number.NaN].map(isFilled)).toEqual(
      Array.from({ length: 8 }, () => false),
    );
    expect(['a', ['x'], 1, true, {}].map(isFilled)).toEqual([true, true, true, true, true]);
  });

  it('RULE-60 an empty required value gets one message, not also the later rule', () => {
    const requiredEmail = z.string().check(requiredCheck<string>(), emailCheck());
    expect(requiredEmail.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'validation.required',
    ]);
    expect(requiredEmail.safeParse('abc').error?.issues.map((issue) => issue.message)).toEqual([
      'validation.email',
    ]);
  });

  it('RULE-77 the new folder name is required', () => {
    const createFolder = z.object({ name: requiredString() });
    expect(createFolder.safeParse({ name: '' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['name'], message: 'validation.required' }),
    ]);
    expect(createFolder.parse({ name: 'Invoices' })).toEqual({ name: 'Invoices' });
  });
});
