import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';

type Issue = Pick<ZodFastifySchemaValidationError, 'keyword' | 'instancePath' | 'message' | 'params'>;

/**
 * Turns zod issues into `field → validation.*` keys. Our contracts already put the key in the message;
 * zod's built-in checks (types, enums, lengths) are mapped here so no English sentence reaches the client.
 */
export function validationKeyOf(issue: Issue): string {
  const message = issue.message ?? '';
  if (message.startsWith('validation.')) {
    return message;
  }
  const params = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      return message.includes('received undefined') ? 'validation.required' : 'validation.invalidType';
    case 'invalid_value':
    case 'invalid_union':
      return 'validation.invalidValue';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    case 'too_small':
      if (params.origin === 'string') {
        return params.minimum === 1 ? 'validation.required' : 'validation.validateMinLength';
      }
      return params.origin === 'array' ? 'validation.required' : 'validation.minNumber';
    case 'too_big':
      return params.origin === 'string' ? 'validation.validateMaxLength' : 'validation.maxNumber';
    case 'invalid_format':
      return params.format === 'email'
        ? 'validation.email'
        : params.format === 'url'
          ? 'validation.url'
          : 'validation.invalidFormat';
    case 'not_multiple_of':
      return 'validation.notNumber';
    default:
      return 'validation.invalidValue';
  }
}

/** `/body/items/0/name` → `items.0.name`; the request part is dropped unless the issue is about the part itself. */
export function fieldOf(issue: Issue, part: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const params = issue.params;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(params.keys) && params.keys.length > 0) {
    return [path, String(params.keys[0])].filter(Boolean).join('.');
  }
  return path || part || 'body';
}

export function toFieldErrors(issues: Issue[], part: string | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issue, part);
    errors[field] ??= validationKeyOf(issue);
  }
  return errors;
}
