import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ValidationIssue } from '../../contracts/validation';
import { ApiError } from '../api/api-error';

/** The first problem of each field, by the field's name (the first segment of the issue's path). */
export type FieldIssues = Partial<Record<string, ValidationIssue>>;

/** Runs a contract schema over a whole form; each issue's message is a `validation.*` key. */
export function fieldIssues(schema: z.ZodType, value: unknown): FieldIssues {
  const result = schema.safeParse(value);
  if (result.success) {
    return {};
  }
  const issues: FieldIssues = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!issues[field]) {
      issues[field] =
        issue.code === 'custom' && issue.params
          ? { key: issue.message, params: issue.params }
          : { key: issue.message };
    }
  }
  return issues;
}

/** The server's `errors` (field → `validation.*` key) in the same shape. */
export function serverFieldIssues(errors: Record<string, string>): FieldIssues {
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field.split('.')[0] ?? field, { key }]),
  );
}

export function hasIssues(issues: FieldIssues): boolean {
  return Object.keys(issues).length > 0;
}

/** Translates an issue; a message that is not one of our keys becomes the generic format text. */
export function useIssueText(): (issue: ValidationIssue | undefined) => string | null {
  const { t, i18n } = useTranslation();
  return (issue) => {
    if (!issue) {
      return null;
    }
    return i18n.exists(issue.key) ? t(issue.key, issue.params) : t('validation.invalidFormat');
  };
}

/**
 * A form's checks: the contract schema's issues once the form was submitted, and the server's field issues of
 * the last failed request. `check()` starts a submit (clears the server's issues) and says whether the values
 * pass; `takeServerIssues` is the mutation's `onError`.
 */
export function useFormChecks(schema: z.ZodType, values: unknown) {
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  return {
    issues: submitted ? fieldIssues(schema, values) : {},
    serverIssues,
    check: (): boolean => {
      setSubmitted(true);
      setServerIssues({});
      return !hasIssues(fieldIssues(schema, values));
    },
    takeServerIssues: (error: unknown): void => {
      if (error instanceof ApiError) {
        setServerIssues(serverFieldIssues(error.errors));
      }
    },
  };
}
