import type { HttpRequest, HttpResponse, PreviousUpload } from 'tus-js-client';
import type { z } from 'zod';
import {
  cloudEntityResponseSchema,
  cloudLimits,
  type CloudEntity,
  type uploadMetadataSchema,
} from '../../../contracts/cloud';
import type { UploadConflict } from '../../../contracts/cloud-names';
import { cloudDefaults } from '../../../contracts/constants';
import { ApiError } from '../../api/api-error';
import { api, apiBase, providedHeaders, refreshTokens } from '../../api/client';
import { clearSession, getAccessToken } from '../../api/token-store';
import { currentLanguage } from '../../i18n/i18n';
import { loadChunk } from '../../kernel/chunk';
import { cloudHeaders, type CloudScope } from './cloud-scope';
import { isRetriable, parseJson, uploadErrorOf } from './upload-errors';

/*
 * Resumable uploads into the library (tus 1.0, DESIGN §7) at `/api/projects/{projectId}/cloud/files/chunks`.
 * The bytes go in chunks of 5 MB (GAPS 5); a dropped connection is retried with growing pauses and resumes
 * at the server's offset. The upload's address is kept in localStorage under a fingerprint of the file and
 * its destination, so the same file chosen again (after a reload, or "retry" on a failed tile) continues
 * where it stopped instead of starting over.
 */

export type UploadSource = z.output<typeof uploadMetadataSchema>['source'];

export type UploadInput = {
  file: File;
  folderId: string;
  /** Hidden files (a crop used as a thumbnail, a chat attachment) are kept but not listed in the library. */
  hideInCloud: boolean;
  source: UploadSource;
  /** Extra parameters the server keeps with the file (strings only). */
  extra?: Record<string, string>;
  /** When the folder holds the name already: replace that file, or keep both ("name (2)"). */
  conflict?: UploadConflict | undefined;
};

export type UploadCallbacks = {
  signal?: AbortSignal;
  /** The server accepted the upload (folder, size and quota checked): from now on bytes flow. */
  onAccepted?: () => void;
  /** Whole percent, 0–100, called when it changes. */
  onProgress?: (percent: number) => void;
};

/** Pauses before each new attempt after a failed request: about a minute in all, reset on progress. */
export const uploadRetryDelaysMs = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

// Upload addresses in use in this tab: a second upload of the same file must not resume the first one's.
const activeUploadUrls = new Set<string>();

export function uploadEndpoint(projectId: string): string {
  // tus resolves the `Location` it gets back against the endpoint, so it must be absolute.
  return new URL(`${apiBase}/projects/${projectId}/cloud/files/chunks`, window.location.origin).href;
}

/** The tus metadata the server reads (contracts `uploadMetadataSchema`). */
export function uploadMetadata(input: UploadInput): Record<string, string> {
  const metadata: Record<string, string> = {
    filename: input.file.name,
    filetype: input.file.type,
    folderId: input.folderId,
    hideInCloud: input.hideInCloud ? 'true' : 'false',
    source: input.source,
  };
  if (input.extra && Object.keys(input.extra).length > 0) {
    metadata.extra = JSON.stringify(input.extra);
  }
  if (input.conflict) {
    metadata.conflict = input.conflict;
  }
  return metadata;
}

/** Same file, same destination, same options: only then may an earlier upload be continued. */
export function uploadFingerprint(
  scope: Pick<CloudScope, 'projectId' | 'appId'>,
  input: UploadInput,
): string {
  const { file } = input;
  return [
    'cloud-upload',
    scope.projectId,
    scope.appId ?? '',
    input.folderId,
    input.hideInCloud ? 'hidden' : 'listed',
    input.source,
    JSON.stringify(input.extra ?? {}),
    input.conflict ?? '',
    file.name,
    file.type,
    file.size,
    file.lastModified,
  ].join('|');
}

/** The newest earlier upload that may be continued: not expired on the server, not running in this tab. */
export function resumableUpload(
  previous: readonly PreviousUpload[],
  now = Date.now(),
): PreviousUpload | null {
  const expiryMs = cloudLimits.uploadExpiryHours * 3_600_000;
  const candidates = previous
    .filter((upload) => upload.uploadUrl !== null && !activeUploadUrls.has(upload.uploadUrl))
    .map((upload) => ({ upload, created: Date.parse(upload.creationTime) }))
    .filter(({ created }) => Number.isFinite(created) && now - created < expiryMs)
    .sort((a, b) => b.created - a.created);
  return candidates[0]?.upload ?? null;
}

/**
 * After a 401 the access token is renewed once for all uploads: when another request renewed it meanwhile
 * (the token differs from the one that was refused), the upload simply tries again with the new one.
 */
async function renewAccessToken(refusedToken: string | null): Promise<boolean> {
  const current = getAccessToken();
  if (current !== null && current !== refusedToken) {
    return true;
  }
  const renewed = await refreshTokens();
  if (!renewed) {
    // As the API client does: a session that cannot be renewed is over.
    clearSession();
  }
  return renewed;
}

const bearerOf = (request: HttpRequest): string | null =>
  request.getHeader('Authorization')?.replace(/^Bearer /, '') ?? null;

/** The file of a finished upload: the last PATCH answers it; a resumed, already finished one only names it. */
async function entityOfResponse(scope: CloudScope, response: HttpResponse): Promise<CloudEntity> {
  const parsed = cloudEntityResponseSchema.safeParse(parseJson(response.getBody()));
  if (parsed.success) {
    return parsed.data.data;
  }
  const fileId = response.getHeader('Cloud-File-Id');
  if (!fileId) {
    throw new ApiError({ status: response.getStatus(), code: null, message: 'errors.generic' });
  }
  const answer = await api.get(`/files/${fileId}`, {
    schema: cloudEntityResponseSchema,
    headers: cloudHeaders(scope),
  });
  return answer.data;
}

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

/**
 * Uploads one file and resolves with the new library entity. `signal` cancels it (the server deletes the
 * bytes received so far) and rejects with an AbortError. Failures reject with an `ApiError` carrying the
 * server's `code` (FILE_TOO_LARGE, QUOTA_EXCEEDED, VALIDATION_FAILED …), or status 0 when offline.
 */
export async function startUpload(
  scope: CloudScope,
  input: UploadInput,
  callbacks: UploadCallbacks = {},
): Promise<CloudEntity> {
  const { signal, onAccepted, onProgress } = callbacks;
  if (signal?.aborted) {
    throw abortError();
  }
  // The tus client (about 60 kB with its helpers) loads with the first upload, not with the library.
  const { Upload } = await loadChunk(() => import('tus-js-client'));
  if (signal?.aborted) {
    throw abortError();
  }
  let renewed = false;
  let lastPercent = -1;

  return new Promise<CloudEntity>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) {
        return;
      }
      settled = true;
      if (upload.url) {
        activeUploadUrls.delete(upload.url);
      }
      signal?.removeEventListener('abort', handleAbort);
      outcome();
    };

    const upload = new Upload(input.file, {
      endpoint: uploadEndpoint(scope.projectId),
      metadata: uploadMetadata(input),
      fingerprint: () => Promise.resolve(uploadFingerprint(scope, input)),
      chunkSize: cloudDefaults.uploadChunkBytes,
      retryDelays: uploadRetryDelaysMs,
      removeFingerprintOnSuccess: true,
      headers: cloudHeaders(scope),
      onBeforeRequest: (request) => {
        // The shell's headers (the masquerade profile on an app host), as every `api` call carries them.
        for (const [name, value] of Object.entries(providedHeaders())) {
          request.setHeader(name, value);
        }
        // Per request, so a retry after a refresh carries the new token.
        const token = getAccessToken();
        if (token) {
          request.setHeader('Authorization', `Bearer ${token}`);
        }
        request.setHeader('Accept-Language', currentLanguage());
      },
      onAfterResponse: async (request, response) => {
        if (response.getStatus() === 401) {
          renewed = await renewAccessToken(bearerOf(request));
        }
      },
      onShouldRetry: (error) => {
        const response = error.originalResponse;
        if (!response) {
          return true;
        }
        const status = response.getStatus();
        if (status === 401) {
          const retry = renewed;
          renewed = false;
          return retry;
        }
        return isRetriable(status, uploadErrorOf(error).code);
      },
      onUploadUrlAvailable: () => {
        if (upload.url) {
          activeUploadUrls.add(upload.url);
        }
        onAccepted?.();
      },
      onProgress: (sent, total) => {
        const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 100;
        if (percent !== lastPercent) {
          lastPercent = percent;
          onProgress?.(percent);
        }
      },
      onSuccess: ({ lastResponse }) => {
        entityOfResponse(scope, lastResponse).then(
          (entity) => settle(() => resolve(entity)),
          (error: unknown) => settle(() => reject(uploadErrorOf(error))),
        );
      },
      onError: (error) => settle(() => reject(uploadErrorOf(error))),
    });

    function handleAbort() {
      // Terminating deletes what the server received; a failure there only leaves bytes the expiry removes.
      upload.abort(true).catch(() => undefined);
      settle(() => reject(abortError()));
    }
    signal?.addEventListener('abort', handleAbort, { once: true });

    upload
      .findPreviousUploads()
      .catch(() => [])
      .then((previous) => {
        if (settled) {
          return;
        }
        const earlier = resumableUpload(previous);
        if (earlier) {
          upload.resumeFromPreviousUpload(earlier);
        }
        upload.start();
      })
      .catch((error: unknown) => settle(() => reject(uploadErrorOf(error))));
  });
}

/**
 * Uploads a file made in the browser (a crop result) and resolves with the new entity. Its name is made up,
 * so a name the folder holds already is kept beside it as "name (2)".
 */
export function uploadBlob(
  scope: CloudScope,
  input: { file: File; folderId: string; hideInCloud: boolean; source: UploadSource },
): Promise<CloudEntity> {
  return startUpload(scope, { ...input, conflict: 'keep-both' });
}
