import type { z } from 'zod';
import { codeLimitsSchema, type CodeLimits } from '../../../contracts/auth';
import { errorCodes } from '../../../contracts/errors';
import { ApiError } from '../../api/api-error';

export const codeErrorCodes = [
  errorCodes.invalidCode,
  errorCodes.codeExpired,
  errorCodes.codeCheckLimit,
  errorCodes.sendAgainLater,
] as const;
export type CodeErrorCode = (typeof codeErrorCodes)[number];

/**
 * Spec §8 "auth error with code and details": how an auth step shows a failed call.
 * - `code`: inline at the code, with the limits from `details.limits`
 * - `credentials`: inline at the password
 * - `rateLimited`: inline, "try again in N s"
 * - `fields`: validation keys per field
 * - `network`: the generic notification; the step stays (trying again may work)
 * - `restart`: code 40000 and everything else: the generic notification, and the flow starts over
 */
export type AuthFailure =
  | { kind: 'code'; code: CodeErrorCode; limits: CodeLimits | null }
  | { kind: 'credentials' }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'fields'; errors: Record<string, string> }
  | { kind: 'network'; error: unknown }
  | { kind: 'restart'; error: unknown };

function isCodeError(code: string | null): code is CodeErrorCode {
  return (codeErrorCodes as readonly (string | null)[]).includes(code);
}

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

export function classifyAuthError(error: unknown): AuthFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'restart', error };
  }
  if (error.status === 0) {
    return { kind: 'network', error };
  }
  if (error.status === 429) {
    const seconds = Number(error.details.retryAfterSeconds);
    return { kind: 'rateLimited', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 };
  }
  if (isCodeError(error.code)) {
    return { kind: 'code', code: error.code, limits: parsed(codeLimitsSchema, error.details.limits) };
  }
  if (error.code === errorCodes.invalidCredentials) {
    return { kind: 'credentials' };
  }
  if (error.code === errorCodes.validationFailed && Object.keys(error.errors).length > 0) {
    return { kind: 'fields', errors: error.errors };
  }
  return { kind: 'restart', error };
}
