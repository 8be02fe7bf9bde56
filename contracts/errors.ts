/**
 * Stable error codes that leave the server in `{ code, message, errors? }`.
 * `message` is always an i18n key (`errors.<code>` unless stated otherwise); the client translates it.
 */
export const errorCodes = {
  // platform
  validationFailed: 'VALIDATION_FAILED',
  malformedJson: 'MALFORMED_JSON',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
  // spec §8
  invalidCss: 'INVALID_CSS',
  domainIsAlreadyUsed: 'DOMAIN_IS_ALREADY_USED',
  /** Auth errors with this code are re-thrown by the client instead of being shown as code limits. */
  authRethrow: '40000',
  autoresponderInvalidCredentials: '50004',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
export const errorCodeValues = Object.values(errorCodes) as ErrorCode[];

/** The body of every error response. `errors` maps a field path to a `validation.*` key. */
export type ApiErrorBody = {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string>;
  details?: Record<string, unknown>;
};

/** The i18n key under which the client finds the human text of an error code. */
export function errorMessageKey(code: ErrorCode): string {
  return `errors.${code}`;
}
