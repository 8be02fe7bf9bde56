import type { HttpResponse } from 'tus-js-client';
import { errorCodes } from '../../../contracts/errors';
import { ApiError } from '../../api/api-error';

/* How a failed upload request is read: as the API client's error, worth a retry or not, and as the reason the
 * tile and the notification give. */

/** Why an upload failed, in the terms the tile and the notification speak. */
export type UploadFailureKind =
  'tooLarge' | 'quota' | 'memberQuota' | 'nameTaken' | 'network' | 'forbidden' | 'generic';
export type UploadFailure = { kind: UploadFailureKind; limitBytes: number | null };

export function parseJson(text: string): unknown {
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type ResponseCarrier = { originalResponse?: HttpResponse | null };

const responseOf = (error: unknown): HttpResponse | null =>
  typeof error === 'object' && error !== null && 'originalResponse' in error
    ? ((error as ResponseCarrier).originalResponse ?? null)
    : null;

/** A failed tus request as the API client's error: status, the server's `code`, `details`. */
export function uploadErrorOf(error: unknown): ApiError {
  if (error instanceof ApiError) {
    return error;
  }
  const response = responseOf(error);
  if (!response) {
    // A request without an answer: the connection dropped and the retries ran out. Anything else (the file
    // could not be read) is no network trouble.
    const requestFailed = typeof error === 'object' && error !== null && 'originalRequest' in error;
    return requestFailed
      ? ApiError.network(error)
      : new ApiError({ status: 0, code: null, message: 'errors.generic', cause: error });
  }
  const status = response.getStatus();
  const apiError = ApiError.fromBody(status, parseJson(response.getBody()));
  if (apiError.code === null && status === 401) {
    return new ApiError({
      status,
      code: errorCodes.unauthorized,
      message: 'errors.UNAUTHORIZED',
      cause: error,
    });
  }
  return apiError;
}

/**
 * Whether a failed request is worth another attempt: no answer (a dropped connection), a server error, a
 * locked upload or an offset conflict. Refusals (too large, quota, no permission, bad metadata) stay refused.
 */
export function isRetriable(status: number, code: string | null): boolean {
  if (status === 0 || status >= 500 || status === 423) {
    return true;
  }
  return status === 409 && (code === null || code === errorCodes.conflict);
}

/** What went wrong, for the tile and the notification. */
export function uploadFailureOf(error: unknown): UploadFailure {
  const apiError = uploadErrorOf(error);
  const limit = apiError.details.limitBytes;
  const limitBytes = typeof limit === 'number' ? limit : null;
  if (apiError.code === errorCodes.fileTooLarge || apiError.status === 413) {
    return { kind: 'tooLarge', limitBytes };
  }
  if (apiError.code === errorCodes.quotaExceeded) {
    // A member's own share is full, or the project's storage.
    return { kind: apiError.details.key === 'memberStorageMb' ? 'memberQuota' : 'quota', limitBytes: null };
  }
  if (apiError.code === errorCodes.nameTaken) {
    return { kind: 'nameTaken', limitBytes: null };
  }
  if (apiError.message === 'errors.network') {
    return { kind: 'network', limitBytes: null };
  }
  if (apiError.status === 403) {
    return { kind: 'forbidden', limitBytes: null };
  }
  return { kind: 'generic', limitBytes: null };
}
