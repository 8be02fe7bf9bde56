import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DetailedError, HttpRequest, HttpResponse, PreviousUpload, UploadOptions } from 'tus-js-client';
import type { CloudEntity } from '../../../contracts/cloud';
import { ApiError } from '../../api/api-error';
import { setRefreshHandler } from '../../api/client';
import { getAccessToken, setTokens } from '../../api/token-store';
import { json, stubFetch } from '../../test/fixtures';
import type { CloudScope } from './cloud-scope';
import { resumableUpload, startUpload, uploadFingerprint, type UploadInput } from './upload-client';
import { isRetriable, uploadFailureOf } from './upload-errors';

// tus-js-client is replaced at its boundary: the test plays the server's answers through the options the
// client hands to it (request hooks, retry decision, success and error callbacks).
const tus = vi.hoisted(() => ({
  uploads: [] as {
    file: unknown;
    options: UploadOptions;
    url: string | null;
    started: boolean;
    terminated: boolean | null;
    resumedFrom: PreviousUpload | null;
  }[],
  previous: [] as PreviousUpload[],
}));

vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    started = false;
    terminated: boolean | null = null;
    resumedFrom: PreviousUpload | null = null;
    constructor(
      readonly file: unknown,
      readonly options: UploadOptions,
    ) {
      tus.uploads.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve(tus.previous);
    }
    resumeFromPreviousUpload(previous: PreviousUpload) {
      this.resumedFrom = previous;
      this.url = previous.uploadUrl;
    }
    start() {
      this.started = true;
    }
    abort(terminate: boolean) {
      this.terminated = terminate;
      return Promise.resolve();
    }
  },
}));

const scope: CloudScope = { projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61', appId: null, basePath: null };
const folderId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';
const input = (change: Partial<UploadInput> = {}): UploadInput => ({
  file: new File(['hello'], 'notizen.txt', { type: 'text/plain', lastModified: 1_700_000_000_000 }),
  folderId,
  hideInCloud: false,
  source: 'cloud',
  ...change,
});

const entity = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e10',
  name: 'notizen.txt',
  isFolder: false,
  isDeleted: false,
  isFavorite: false,
  parentId: folderId,
  fileInfo: {
    name: 'notizen.txt',
    originalName: 'notizen.txt',
    mimeType: 'text/plain',
    width: null,
    height: null,
    size: 5,
  },
  url: null,
  thumbnails: null,
  type: 'other',
  extension: 'txt',
  status: null,
  encodeProgress: null,
  durationMs: null,
  isCustomThumbnail: false,
  thumbId: null,
  isOwn: true,
  deletedAt: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  permissions: { can: ['rename'] },
} satisfies CloudEntity;

function response(status: number, body = '', headers: Record<string, string> = {}): HttpResponse {
  return {
    getStatus: () => status,
    getBody: () => body,
    getHeader: (name: string) => headers[name],
    getUnderlyingObject: () => null,
  };
}

function request(): HttpRequest & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    headers,
    getMethod: () => 'PATCH',
    getURL: () => 'http://localhost/api/projects/p/cloud/files/chunks/u1',
    setHeader: (name, value) => {
      headers[name] = value;
    },
    getHeader: (name) => headers[name],
    setProgressHandler: () => undefined,
    send: () => Promise.reject(new Error('not sent in tests')),
    abort: () => Promise.resolve(),
    getUnderlyingObject: () => null,
  };
}

const failure = (answer: HttpResponse | null) =>
  Object.assign(new Error('tus: failed'), {
    originalRequest: request(),
    originalResponse: answer,
    causingError: null,
  }) as DetailedError;

/** Starts an upload and waits until tus was told to start (after the look for an earlier upload). */
async function started(change: Partial<UploadInput> = {}, callbacks: Parameters<typeof startUpload>[2] = {}) {
  const promise = startUpload(scope, input(change), callbacks);
  await vi.waitFor(() => expect(tus.uploads.at(-1)?.started).toBe(true));
  return { promise, upload: tus.uploads.at(-1)! };
}

afterEach(() => {
  tus.uploads.length = 0;
  tus.previous = [];
  setRefreshHandler(null);
});

describe('startUpload', () => {
  it('creates the upload at the chunks endpoint with the metadata, 5 MB chunks and retries', async () => {
    const { upload } = await started({ hideInCloud: true, extra: { chatId: '42' } });
    expect(upload.options.endpoint).toBe(
      `${window.location.origin}/api/projects/${scope.projectId}/cloud/files/chunks`,
    );
    expect(upload.options.metadata).toEqual({
      filename: 'notizen.txt',
      filetype: 'text/plain',
      folderId,
      hideInCloud: 'true',
      source: 'cloud',
      extra: '{"chatId":"42"}',
    });
    expect(upload.options.chunkSize).toBe(5 * 1024 * 1024);
    expect(upload.options.retryDelays?.length).toBeGreaterThan(3);
    expect(upload.options.removeFingerprintOnSuccess).toBe(true);
  });

  it('sends the person’s choice for a name the folder holds', async () => {
    const { upload } = await started({ conflict: 'keep-both' });
    expect(upload.options.metadata).toMatchObject({ filename: 'notizen.txt', conflict: 'keep-both' });
  });

  it('sends the current token, the language and the app header with every request', async () => {
    setTokens({ accessToken: 'token-1' });
    const { upload } = await started();
    const sent = request();
    await upload.options.onBeforeRequest!(sent);
    expect(sent.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Accept-Language': 'de' });

    startUpload({ ...scope, appId: 'app-1' }, input()).catch(() => undefined);
    await vi.waitFor(() => expect(tus.uploads).toHaveLength(2));
    expect(tus.uploads[1]!.options.headers).toEqual({ 'x-app-id': 'app-1' });
  });

  it('reports whole percents once each and resolves with the file the last PATCH answers', async () => {
    const onProgress = vi.fn();
    const onAccepted = vi.fn();
    const { promise, upload } = await started({}, { onProgress, onAccepted });
    upload.url = 'http://localhost/api/projects/p/cloud/files/chunks/u1';
    upload.options.onUploadUrlAvailable!();
    expect(onAccepted).toHaveBeenCalledTimes(1);
    upload.options.onProgress!(0, 1000);
    upload.options.onProgress!(4, 1000);
    upload.options.onProgress!(505, 1000);
    upload.options.onProgress!(1000, 1000);
    expect(onProgress.mock.calls.map(([percent]) => percent as number)).toEqual([0, 50, 100]);

    upload.options.onSuccess!({ lastResponse: response(200, JSON.stringify({ data: entity })) });
    await expect(promise).resolves.toEqual(entity);
  });

  it('asks for the file when a resumed upload turns out to be finished already', async () => {
    stubFetch({ [`GET /api/files/${entity.id}`]: () => json(200, { data: entity }) });
    const { promise, upload } = await started();
    upload.options.onSuccess!({ lastResponse: response(200, '', { 'Cloud-File-Id': entity.id }) });
    await expect(promise).resolves.toEqual(entity);
  });

  it('rejects with the server code when the upload is refused', async () => {
    const { promise, upload } = await started();
    const body = JSON.stringify({
      code: 'FILE_TOO_LARGE',
      message: 'errors.FILE_TOO_LARGE',
      details: { limitBytes: 20 * 1024 * 1024 },
    });
    upload.options.onError!(failure(response(413, body)));
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' });
    expect(uploadFailureOf(error)).toEqual({ kind: 'tooLarge', limitBytes: 20 * 1024 * 1024 });
  });

  it('renews the token after a 401 and tries again; a session that cannot be renewed ends', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'refresh' });
    const refresh = vi.fn(async () => {
      setTokens({ accessToken: 'new' });
      return true;
    });
    setRefreshHandler(refresh);
    const { upload } = await started();
    const refused = request();
    refused.setHeader('Authorization', 'Bearer old');
    await upload.options.onAfterResponse!(refused, response(401));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(upload.options.onShouldRetry!(failure(response(401)), 0, upload.options)).toBe(true);

    // Refused again although the token is the newest: the refresh fails, the session is over.
    setRefreshHandler(async () => false);
    const again = request();
    again.setHeader('Authorization', 'Bearer new');
    await upload.options.onAfterResponse!(again, response(401));
    expect(upload.options.onShouldRetry!(failure(response(401)), 1, upload.options)).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('retries dropped connections and server errors, never refusals', async () => {
    const { upload } = await started();
    const retry = (answer: HttpResponse | null) =>
      upload.options.onShouldRetry!(failure(answer), 0, upload.options);
    expect(retry(null)).toBe(true);
    expect(retry(response(503))).toBe(true);
    expect(retry(response(409, JSON.stringify({ code: 'CONFLICT', message: 'errors.CONFLICT' })))).toBe(true);
    expect(
      retry(response(409, JSON.stringify({ code: 'QUOTA_EXCEEDED', message: 'errors.QUOTA_EXCEEDED' }))),
    ).toBe(false);
    expect(retry(response(413, JSON.stringify({ code: 'FILE_TOO_LARGE', message: 'x' })))).toBe(false);
    expect(retry(response(400, JSON.stringify({ code: 'VALIDATION_FAILED', message: 'x' })))).toBe(false);
  });

  it('cancels: the upload is terminated on the server and the promise rejects as aborted', async () => {
    const controller = new AbortController();
    const { promise, upload } = await started({}, { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(upload.terminated).toBe(true);
  });

  it('continues the newest earlier upload of the same file', async () => {
    const now = Date.now();
    const previous = (url: string, hoursAgo: number): PreviousUpload => ({
      size: 5,
      metadata: {},
      creationTime: new Date(now - hoursAgo * 3_600_000).toString(),
      urlStorageKey: `tus::${url}`,
      uploadUrl: url,
      parallelUploadUrls: null,
    });
    tus.previous = [
      previous('http://localhost/u-old', 5),
      previous('http://localhost/u-new', 1),
      previous('http://localhost/u-expired', 30),
    ];
    const { upload } = await started();
    expect(upload.resumedFrom?.uploadUrl).toBe('http://localhost/u-new');

    // While it runs, a second upload of the same file starts afresh instead of sharing it.
    upload.options.onUploadUrlAvailable!();
    expect(resumableUpload([previous('http://localhost/u-new', 1)])).toBeNull();
  });
});

describe('upload helpers', () => {
  it('fingerprints the file together with its destination', () => {
    const base = uploadFingerprint(scope, input());
    expect(uploadFingerprint(scope, input())).toBe(base);
    expect(uploadFingerprint(scope, input({ folderId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e98' }))).not.toBe(
      base,
    );
    expect(uploadFingerprint(scope, input({ hideInCloud: true }))).not.toBe(base);
    expect(uploadFingerprint({ ...scope, appId: 'app' }, input())).not.toBe(base);
  });

  it('tells refusals from passing trouble', () => {
    expect(isRetriable(0, null)).toBe(true);
    expect(isRetriable(423, null)).toBe(true);
    expect(isRetriable(403, 'FORBIDDEN')).toBe(false);
    expect(isRetriable(404, 'NOT_FOUND')).toBe(false);
  });

  it('names the reason of a failure', () => {
    expect(uploadFailureOf(failure(null))).toEqual({ kind: 'network', limitBytes: null });
    expect(uploadFailureOf(new ApiError({ status: 409, code: 'QUOTA_EXCEEDED', message: '' })).kind).toBe(
      'quota',
    );
    expect(uploadFailureOf(new ApiError({ status: 403, code: 'FORBIDDEN', message: '' })).kind).toBe(
      'forbidden',
    );
    const memberFull = new ApiError({
      status: 409,
      code: 'QUOTA_EXCEEDED',
      message: '',
      details: { key: 'memberStorageMb', limit: 1024, used: 1024 },
    });
    expect(uploadFailureOf(memberFull).kind).toBe('memberQuota');
    expect(uploadFailureOf(new ApiError({ status: 409, code: 'NAME_TAKEN', message: '' })).kind).toBe(
      'nameTaken',
    );
    expect(uploadFailureOf(new Error('unreadable file')).kind).toBe('generic');
    expect(uploadFailureOf(failure(response(500, 'oops'))).kind).toBe('generic');
  });
});
