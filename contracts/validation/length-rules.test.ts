import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue } from './issue.ts';
import { maxLength, minLength } from './length-rules.ts';

describe('length rules', () => {
  it('RULE-75 min / max length violations yield the key with the bound', () => {
    const name = z.string().check(minLength(3), maxLength(5));
    expect(firstIssue(name, 'ab')).toEqual({ key: 'validation.validateMinLength', params: { min: 3 } });
    expect(firstIssue(name, 'abcdef')).toEqual({ key: 'validation.validateMaxLength', params: { max: 5 } });
    expect(firstIssue(name, 'abc')).toBeNull();
    expect(firstIssue(name, 'abcde')).toBeNull();
    expect(name.safeParse('abcdef').error?.issues).toEqual([
      { code: 'custom', path: [], params: { max: 5 }, message: 'validation.validateMaxLength' },
    ]);
  });

  it('RULE-75 lengths also apply to lists and count like the browser maxlength', () => {
    const tags = z.array(z.string()).check(minLength(1), maxLength(2));
    expect(firstIssue(tags, [])).toEqual({ key: 'validation.validateMinLength', params: { min: 1 } });
    expect(firstIssue(tags, ['a', 'b', 'c'])).toEqual({
      key: 'validation.validateMaxLength',
      params: { max: 2 },
    });
    expect(firstIssue(z.string().check(maxLength(1)), '🙂')).toEqual({
      key: 'validation.validateMaxLength',
      params: { max: 1 },
    });
  });
});
