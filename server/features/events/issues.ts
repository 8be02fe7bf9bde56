/* The problems a recurrence can have, in the shape our 400 answers carry. */

/** Shaped like a zod issue, so a 400 can carry it: `message` is the `validation.*` key the client translates. */
export type RecurrenceIssue = {
  code: 'required' | 'invalid_format' | 'invalid_value' | 'unsupported' | 'conflict';
  path: string[];
  message: string;
};

export class RecurrenceError extends Error {
  constructor(readonly issues: RecurrenceIssue[]) {
    super(issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`).join('; '));
    this.name = 'RecurrenceError';
  }
}

const messageOf: Record<RecurrenceIssue['code'], string> = {
  required: 'validation.required',
  invalid_format: 'validation.invalidFormat',
  invalid_value: 'validation.invalidValue',
  unsupported: 'validation.invalidValue',
  conflict: 'validation.invalidValue',
};

export function recurrenceIssue(code: RecurrenceIssue['code'], ...path: string[]): RecurrenceIssue {
  return { code, path, message: messageOf[code] };
}

/** Issues → the `errors` map of a 400 under one field: `{ 'recurrence.BYDAY': 'validation.invalidValue' }`. */
export function recurrenceFieldErrors(issues: RecurrenceIssue[], field: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    errors[[field, ...issue.path].join('.')] ??= issue.message;
  }
  return errors;
}
