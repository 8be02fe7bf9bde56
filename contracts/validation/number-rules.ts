import { z } from 'zod';
import { keyedCheck, typeError } from './issue.ts';
import { validationKeys } from './keys.ts';

// Plain decimal notation with a dot (what number inputs produce), optional sign and exponent.
// A decimal comma is refused: '1,000' would be ambiguous between 1 and 1000.
const numericText = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** The number a value stands for: finite numbers and numeric strings ('12', ' 1.5 '); otherwise null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  if (typeof value === 'string' && numericText.test(value.trim())) {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/** The number rule (RULE-65). */
export function isNumeric(value: unknown): boolean {
  return toNumber(value) !== null;
}

/** The positive rule (RULE-64): greater than 0. */
export function isPositive(value: unknown): boolean {
  const number = toNumber(value);
  return number !== null && number > 0;
}

/**
 * A number, also given as numeric text (form inputs and query strings), coerced to a number; anything else
 * is `validation.notNumber`, a missing value `validation.required`. Add bounds with `.check(minNumber(1))`.
 */
export function numberValue() {
  return z.preprocess(
    (value) => toNumber(value) ?? value,
    z.number({ error: typeError(validationKeys.notNumber) }),
  );
}

export function positiveCheck(): z.core.$ZodCheck<number> {
  return keyedCheck((value: number) => value > 0, validationKeys.zero);
}

export function positive() {
  return numberValue().check(positiveCheck());
}

/** Inclusive lower bound (RULE-76); the issue carries `params: { min }`. */
export function minNumber(min: number): z.core.$ZodCheck<number> {
  return keyedCheck((value: number) => value >= min, validationKeys.minNumber, { params: { min } });
}

/** Inclusive upper bound (RULE-76); the issue carries `params: { max }`. */
export function maxNumber(max: number): z.core.$ZodCheck<number> {
  return keyedCheck((value: number) => value <= max, validationKeys.maxNumber, { params: { max } });
}
