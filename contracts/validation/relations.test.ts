import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  confirmPassword,
  findDuplicateIndexes,
  isUnique,
  someFilled,
  someRequired,
  unique,
  uniqueItems,
} from './relations.ts';

describe('relation rules', () => {
  it('RULE-66 some required fails with validation.someRequired unless one grouped field is set', () => {
    const contact = z
      .object({ email: z.string().optional(), phone: z.string().optional() })
      .check(someRequired(['email', 'phone']));
    expect(contact.safeParse({ email: '', phone: '' }).error?.issues).toEqual([
      {
        code: 'custom',
        message: 'validation.someRequired',
        path: ['email'],
        params: { fields: ['email', 'phone'] },
      },
      {
        code: 'custom',
        message: 'validation.someRequired',
        path: ['phone'],
        params: { fields: ['email', 'phone'] },
      },
    ]);
    expect(contact.safeParse({}).success).toBe(false);
    expect(contact.safeParse({ phone: '+49 170' }).success).toBe(true);
    expect(someFilled(['', null, []])).toBe(false);
    expect(someFilled(['', 'x'])).toBe(true);
  });

  it('RULE-67 unique fails with validation.unique when the value already occurs in its list', () => {
    const newTag = z.string().check(unique(['Design', 'Code']));
    expect(newTag.safeParse('Design').error?.issues.map((issue) => issue.message)).toEqual([
      'validation.unique',
    ]);
    expect(newTag.safeParse('Music').success).toBe(true);
    expect(isUnique('b', [{ name: 'a' }, { name: 'b' }], 'name')).toBe(false);
    expect(isUnique('c', [{ name: 'a' }, { name: 'b' }], 'name')).toBe(true);
  });

  it('RULE-67 two list entries with the same value: the repeated one gets validation.unique', () => {
    const options = z.array(z.object({ label: z.string() })).check(uniqueItems('label'));
    expect(options.safeParse([{ label: 'a' }, { label: 'b' }, { label: 'a' }]).error?.issues).toEqual([
      { code: 'custom', message: 'validation.unique', path: [2, 'label'] },
    ]);
    expect(options.safeParse([{ label: 'a' }, { label: 'b' }]).success).toBe(true);
    expect(
      z
        .array(z.string())
        .check(uniqueItems())
        .safeParse(['x', 'x', 'x'])
        .error?.issues.map((i) => i.path),
    ).toEqual([[1], [2]]);
    expect(findDuplicateIndexes([1, 2, 1, 3, 2])).toEqual([2, 4]);
  });

  it('RULE-68 confirm password fails with validation.confirmPassword unless it equals the other value', () => {
    const form = z
      .object({ password: z.string(), passwordConfirmation: z.string() })
      .check(confirmPassword('passwordConfirmation', 'password'));
    expect(
      form.safeParse({ password: 'geheim123', passwordConfirmation: 'geheim124' }).error?.issues,
    ).toEqual([{ code: 'custom', message: 'validation.confirmPassword', path: ['passwordConfirmation'] }]);
    expect(form.safeParse({ password: 'geheim123', passwordConfirmation: 'geheim123' }).success).toBe(true);
  });
});
