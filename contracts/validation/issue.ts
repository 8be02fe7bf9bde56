import { z } from 'zod';
import { validationKeys, type ValidationKey } from './keys.ts';

/** A failed rule as forms show it: the message key and the values the text interpolates. */
export type ValidationIssue = { key: string; params?: Record<string, unknown> };

type CheckOptions = {
  params?: Record<string, unknown>;
  /** Stop running later checks of the same schema (used by `required`, so an empty value gets one message). */
  abort?: boolean;
};

/** A zod check whose issue message is `key`; pass it to `.check(...)`. */
export function keyedCheck<T>(
  isValid: (value: T) => boolean,
  key: ValidationKey,
  options: CheckOptions = {},
): z.core.$ZodCheck<T> {
  return z.refine<T>((value) => isValid(value), {
    error: key,
    ...(options.params ? { params: options.params } : {}),
    ...(options.abort ? { abort: true } : {}),
  });
}

/**
 * The error option of a base schema: a missing value is `validation.required`, a value of the wrong type
 * gets the rule's own key (a number where an email belongs is "not an email").
 */
export function typeError(key: ValidationKey) {
  return (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? validationKeys.required : key;
}

/** Runs a schema on one value and returns its first issue, or null if the value is valid (form fields). */
export function firstIssue(schema: z.ZodType, value: unknown): ValidationIssue | null {
  const result = schema.safeParse(value);
  if (result.success) {
    return null;
  }
  const issue = result.error.issues[0];
  if (!issue) {
    return null;
  }
  return issue.code === 'custom' && issue.params
    ? { key: issue.message, params: issue.params }
    : { key: issue.message };
}
