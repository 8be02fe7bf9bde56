import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Upload } from 'tus-js-client';

/*
 * tus uploads against the bench server with tus-js-client (the client the web app uses), streamed from a file
 * on disk, as the Node client reads it: one read stream per PATCH, never the whole file in memory.
 */

export const mebibyte = 1024 * 1024;
/** The test file repeats one random block; every block starts with a marker (see writeTestFile). */
export const testBlockBytes = 4 * mebibyte;

export type UploadTarget = {
  baseUrl: string;
  projectId: string;
  folderId: string;
  authorization: string;
};

export type UploadOutcome = {
  bytes: number;
  seconds: number;
  /** The new file's id, or null when the upload failed (`error` says why). */
  fileId: string | null;
  error: string | null;
};

/**
 * Writes `bytes` of incompressible data (a random block repeated) quickly. Each block opens with an ASCII
 * marker and a NUL, so the server sniffs any slice that starts on a block boundary as a plain binary
 * (application/octet-stream, the largest size limit) and never as an image or audio format by chance.
 */
export async function writeTestFile(file: string, bytes: number): Promise<void> {
  const block = randomBytes(testBlockBytes);
  block.write('GEMEINDE-BENCH\0', 0, 'latin1');
  const handle = await open(file, 'w');
  try {
    for (let written = 0; written < bytes; written += block.length) {
      await handle.write(block, 0, Math.min(block.length, bytes - written));
    }
    // On disk before the clock starts: its writeback would otherwise compete with the server's writes.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Uploads the bytes `[start, end)` of `file` as one new file. `chunkSize` Infinity sends everything in a single
 * PATCH. No retries: a failed request counts as a failed upload.
 */
export async function uploadSlice(
  target: UploadTarget,
  source: { file: string; start: number; end: number },
  name: string,
  chunkSize: number,
): Promise<UploadOutcome> {
  const bytes = source.end - source.start;
  // An fs.ReadStream with a path: the Node client slices new streams from the file for every PATCH.
  const stream = createReadStream(source.file, { start: source.start, end: source.end - 1 });
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    return await new Promise<UploadOutcome>((resolve) => {
      const upload = new Upload(stream, {
        endpoint: `${target.baseUrl}/api/projects/${target.projectId}/cloud/files/chunks`,
        headers: { authorization: target.authorization },
        metadata: { filename: name, filetype: 'application/octet-stream', folderId: target.folderId },
        chunkSize,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onSuccess: ({ lastResponse }) => {
          const fileId = lastResponse.getHeader('Cloud-File-Id') ?? null;
          resolve({
            bytes,
            seconds: seconds(),
            fileId,
            error: fileId ? null : `finished without a file (status ${lastResponse.getStatus()})`,
          });
        },
        onError: (error) =>
          resolve({ bytes, seconds: seconds(), fileId: null, error: error.message.slice(0, 300) }),
      });
      upload.start();
    });
  } finally {
    stream.destroy();
  }
}

/** Deletes files for good through the API (to Removed, then out of it), bytes included. */
export async function deleteFiles(target: Omit<UploadTarget, 'folderId'>, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) {
    return;
  }
  for (const url of ['/api/cloud/delete/soft', '/api/cloud/delete']) {
    const response = await fetch(`${target.baseUrl}${url}`, {
      method: 'PATCH',
      headers: { authorization: target.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: fileIds }),
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status !== 204) {
      throw new Error(`PATCH ${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
  }
}

export const mebibytesPerSecond = (bytes: number, seconds: number) => bytes / mebibyte / seconds;
