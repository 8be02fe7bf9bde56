import { z } from 'zod';
import { keyedCheck } from './issue.ts';
import { validationKeys } from './keys.ts';

/**
 * The required rule (RULE-60): the value must be truthy and a list non-empty. One deliberate addition:
 * a string of only whitespace counts as empty, because a name of spaces is no name. Like every falsy
 * value, 0 and false fail, so number fields where 0 is allowed use `numberValue()` instead.
 */
export function isFilled(value: unknown): boolean {
  if (typeof value === 'string') {
    return value.trim() !== '';
  }
  if (Array.isArray(value)) {
    return value.length > 0;
  }
  return Boolean(value);
}

/** Aborts the remaining checks, so an empty field shows "required" and not also "not an email". */
export function requiredCheck<T>(): z.core.$ZodCheck<T> {
  return keyedCheck<T>(isFilled, validationKeys.required, { abort: true });
}

export function requiredString() {
  return z.string({ error: validationKeys.required }).check(requiredCheck<string>());
}

/** A non-empty list, e.g. `requiredList(z.uuid())` for a required multi-select. */
export function requiredList<T extends z.ZodType>(item: T) {
  return z.array(item, { error: validationKeys.required }).check(requiredCheck<z.output<T>[]>());
}
