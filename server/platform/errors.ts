import type { ApiErrorBody, ErrorCode } from '../../contracts/errors.ts';
import { errorCodes, errorMessageKey } from '../../contracts/errors.ts';

/** The one error type services throw; the error handler turns it into `{ code, message, errors?, details? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    options: {
      messageKey?: string;
      errors?: Record<string, string>;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(options.messageKey ?? errorMessageKey(code), { cause: options.cause });
    this.name = 'AppError';
    this.errors = options.errors;
    this.details = options.details;
  }
  readonly errors: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  toBody(): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export const badRequest = (errors: Record<string, string>, code: ErrorCode = errorCodes.validationFailed) =>
  new AppError(400, code, { errors });
export const unauthorized = () => new AppError(401, errorCodes.unauthorized);
export const forbidden = () => new AppError(403, errorCodes.forbidden);
/** Missing or not visible: the same answer, so another tenant's record never leaks its existence. */
export const notFound = () => new AppError(404, errorCodes.notFound);
export const conflict = (code: ErrorCode = errorCodes.conflict, details?: Record<string, unknown>) =>
  new AppError(409, code, { details });
export const serviceUnavailable = (cause?: unknown) =>
  new AppError(503, errorCodes.serviceUnavailable, { cause });

/** A unique-index violation (PostgreSQL 23505) anywhere in the error's cause chain (the driver wraps it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current;) {
    if (current.code === '23505') {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}
