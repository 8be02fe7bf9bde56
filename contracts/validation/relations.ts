import { z } from 'zod';
import { keyedCheck } from './issue.ts';
import { validationKeys } from './keys.ts';
import { isFilled } from './required.ts';

/** Rules that relate a value to other values: some required, unique, confirm password (RULE-66…68). */

type Fields = Record<string, unknown>;

/** At least one of the values is filled (in the sense of `required`). */
export function someFilled(values: readonly unknown[]): boolean {
  return values.some(isFilled);
}

/**
 * Object check: at least one of `fields` is filled. Every field of the group gets the issue, so each input
 * of the group can show it; `params.fields` names the group.
 */
export function someRequired<T extends Fields>(fields: readonly (keyof T & string)[]): z.core.$ZodCheck<T> {
  return z.superRefine<T>((value, context) => {
    if (someFilled(fields.map((field) => value[field]))) {
      return;
    }
    for (const field of fields) {
      context.addIssue({
        code: 'custom',
        message: validationKeys.someRequired,
        path: [field],
        params: { fields: [...fields] },
        input: value[field],
      });
    }
  });
}

function keyOf(item: unknown, key: string | undefined): unknown {
  return key !== undefined && typeof item === 'object' && item !== null ? (item as Fields)[key] : item;
}

/** The value does not occur in `list` (compared with ===; with `key`, against each item's `key`). */
export function isUnique(value: unknown, list: readonly unknown[], key?: string): boolean {
  return !list.some((item) => keyOf(item, key) === value);
}

/** Value check: the value must not already occur in `list`, e.g. a new tag name among the existing ones. */
export function unique<T>(list: readonly unknown[], key?: string): z.core.$ZodCheck<T> {
  return keyedCheck<T>((value) => isUnique(value, list, key), validationKeys.unique);
}

/** Indexes of the entries whose value (or `key`) already occurred earlier in the list. */
export function findDuplicateIndexes(items: readonly unknown[], key?: string): number[] {
  const seen = new Set<unknown>();
  const duplicates: number[] = [];
  items.forEach((item, index) => {
    const value = keyOf(item, key);
    if (seen.has(value)) {
      duplicates.push(index);
    }
    seen.add(value);
  });
  return duplicates;
}

/** List check: each repeated entry (not its first occurrence) gets `validation.unique` at its own path. */
export function uniqueItems<T extends readonly unknown[]>(key?: string): z.core.$ZodCheck<T> {
  return z.superRefine<T>((items, context) => {
    for (const index of findDuplicateIndexes(items, key)) {
      context.addIssue({
        code: 'custom',
        message: validationKeys.unique,
        path: key === undefined ? [index] : [index, key],
        input: items[index],
      });
    }
  });
}

/** Object check: `field` must equal `otherField` (the issue is on `field`, the confirmation input). */
export function confirmPassword<T extends Fields>(
  field: keyof T & string,
  otherField: keyof T & string,
): z.core.$ZodCheck<T> {
  return z.superRefine<T>((value, context) => {
    if (value[field] !== value[otherField]) {
      context.addIssue({
        code: 'custom',
        message: validationKeys.confirmPassword,
        path: [field],
        input: value[field],
      });
    }
  });
}
