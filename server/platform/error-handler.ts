import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes } from '../../contracts/errors.ts';
import { AppError } from './errors.ts';
import { toFieldErrors } from './validation-errors.ts';

const databaseDownCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** A lost or refused database connection: the request gets a 503 and the pool recovers by itself. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (typeof current.code === 'string' && databaseDownCodes.has(current.code)) {
      return true;
    }
    if (
      typeof current.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/.test(
        current.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

const fastifyCodes: Record<string, AppError | undefined> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError(400, errorCodes.malformedJson),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError(400, errorCodes.malformedJson),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError(413, errorCodes.payloadTooLarge),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError(415, errorCodes.unsupportedMediaType),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError(400, errorCodes.malformedJson),
};

/** Maps every error to `{ code, message, errors? }`. Bad input never becomes a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (appError.statusCode !== 404 && appError.statusCode !== 401) {
      request.log.info({ code: appError.code, errors: appError.errors }, 'request rejected');
    }
    const retryAfter = appError.details?.retryAfterSeconds;
    if (appError.statusCode === 429 && typeof retryAfter === 'number') {
      void reply.header('retry-after', String(retryAfter));
    }
    return reply.status(appError.statusCode).send(appError.toBody());
  });
}

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) {
    return error;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError(400, errorCodes.validationFailed, {
      errors: toFieldErrors(error.validation, error.validationContext),
    });
  }
  const known = error.code ? fastifyCodes[error.code] : undefined;
  if (known) {
    return known;
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError(503, errorCodes.serviceUnavailable, { cause: error });
  }
  if (isResponseSerializationError(error)) {
    return new AppError(500, errorCodes.internal, { cause: error });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) {
    return new AppError(413, errorCodes.payloadTooLarge);
  }
  if (status === 404) {
    return new AppError(404, errorCodes.notFound);
  }
  if (status >= 400 && status < 500) {
    // Any other client error Fastify raises (bad headers, unsupported method bodies) is still bad input.
    return new AppError(400, errorCodes.validationFailed, { errors: {} });
  }
  return new AppError(500, errorCodes.internal, { cause: error });
}
