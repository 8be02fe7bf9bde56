import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../../contracts/errors.ts';
import { validationKeys } from '../../contracts/validation/keys.ts';
import { AppError } from './errors.ts';

/**
 * Text PostgreSQL cannot store never reaches a route: a NUL character (text and jsonb refuse it, so it used to
 * end as a 500 deep in a query) or a lone UTF-16 surrogate (not a character at all; JSON's `\ud800` escape
 * produces one). Checked once for every route, before validation, in everything a handler reads: the parsed
 * body (JSON or a raw text body), the query, the path parameters and the headers — keys as well as values.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findUnstorableText(request);
    if (field !== undefined) {
      throw new AppError(400, errorCodes.invalidText, { errors: { [field]: validationKeys.invalidFormat } });
    }
  });
}

/** The first field holding text that cannot be stored (`name`, `items.0.label`, `header.x-app-id`), or undefined. */
export function findUnstorableText(
  request: Pick<FastifyRequest, 'body' | 'query' | 'params' | 'headers'>,
): string | undefined {
  return (
    findIn(request.body, 'body') ??
    findIn(request.query, 'query') ??
    findIn(request.params, 'params') ??
    findIn(request.headers, 'header')
  );
}

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && isWellFormed(text);
}

// Native since Node 20 (and ~7× faster than a lone-surrogate regex on a 7 MB CSV), but typed only in
// TypeScript's ES2024 lib, newer than the project's.
const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

type Visit = { value: unknown; key: string; parent: Visit | undefined };

/**
 * Walks a parsed value without recursion (a deeply nested JSON body cannot overflow the stack), keeping a
 * parent link instead of a path per value, so a deep body costs linear time. Field names follow the validation
 * errors: the path inside the part, or the part itself for a top-level value.
 */
function findIn(root: unknown, part: string): string | undefined {
  const stack: Visit[] = [{ value: root, key: '', parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        return fieldName(part, pathOf(visit));
      }
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) {
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (!isStorableText(key)) {
        return fieldName(part, [...pathOf(visit), printable(key)]);
      }
      stack.push({ value: child, key, parent: visit });
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let current: Visit | undefined = visit; current?.parent; current = current.parent) {
    path.unshift(current.key);
  }
  return path;
}

/** The key as a field name the client can show: each unstorable character becomes `?`. */
const printable = (key: string) =>
  Array.from(key, (character) => (isStorableText(character) ? character : '?')).join('');

function fieldName(part: string, path: string[]): string {
  if (path.length === 0) {
    return part;
  }
  return part === 'header' ? `header.${path.join('.')}` : path.join('.');
}
