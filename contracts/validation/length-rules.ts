import type { z } from 'zod';
import { keyedCheck } from './issue.ts';
import { validationKeys } from './keys.ts';

type HasLength = { readonly length: number };

/*
 * Lengths count UTF-16 code units, like the browser's maxlength attribute and textarea counter, so the
 * server never refuses a text the form allowed (an emoji counts 2 in both).
 */

/** Inclusive minimum length of a string or list (RULE-75); the issue carries `params: { min }`. */
export function minLength<T extends HasLength = string>(min: number): z.core.$ZodCheck<T> {
  return keyedCheck<T>((value) => value.length >= min, validationKeys.validateMinLength, { params: { min } });
}

/** Inclusive maximum length of a string or list (RULE-75); the issue carries `params: { max }`. */
export function maxLength<T extends HasLength = string>(max: number): z.core.$ZodCheck<T> {
  return keyedCheck<T>((value) => value.length <= max, validationKeys.validateMaxLength, { params: { max } });
}
