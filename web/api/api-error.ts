import { z } from 'zod';
import type { ErrorCode } from '../../contracts/errors';

const errorBodySchema = z.object({
  code: z.union([z.string(), z.number().transform(String)]),
  message: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export type ApiErrorInit = {
  status: number;
  code: ErrorCode | null;
  message: string;
  errors?: Record<string, string>;
  details?: Record<string, unknown>;
  cause?: unknown;
};

/**
 * A failed API call. `message` is an i18n key (`errors.*`), `errors` maps a field to a `validation.*` key.
 * `status` is 0 when no response arrived (network failure).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly errors: Record<string, string>;
  readonly details: Record<string, unknown>;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.details = init.details ?? {};
  }

  /** Builds the error from a response body that may or may not follow `{ code, message, errors? }`. */
  static fromBody(status: number, body: unknown): ApiError {
    const parsed = errorBodySchema.safeParse(body);
    if (!parsed.success) {
      return new ApiError({ status, code: null, message: 'errors.generic' });
    }
    const { code, message, errors, details } = parsed.data;
    return new ApiError({
      status,
      // The server's codes are the contract's; an unknown one still travels so `errors.<code>` can be tried.
      code: code as ErrorCode,
      message: message ?? `errors.${code}`,
      errors,
      details,
    });
  }

  static network(cause: unknown): ApiError {
    return new ApiError({ status: 0, code: null, message: 'errors.network', cause });
  }
}

/** An aborted fetch rejects with a DOMException, which is not an `Error` in every realm. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}
