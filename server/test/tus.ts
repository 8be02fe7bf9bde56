import { createHash } from 'node:crypto';
import { Upload, type UploadOptions } from 'tus-js-client';
import type { CloudEntity } from '../../contracts/cloud.ts';
import type { TestServer } from './test-server.ts';

/* Uploads through tus in tests, with tus-js-client (the client the web app uses) or raw requests. */

export type UploadResult = { entity: CloudEntity | null; status: number; body: string; url: string | null };

/** Uploads bytes through tus-js-client, the client the web app uses. */
export function tusUpload(
  baseUrl: string,
  target: { projectId: string; token: string; base?: string },
  bytes: Buffer,
  metadata: Record<string, string>,
  options: Partial<UploadOptions> = {},
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const upload = new Upload(bytes, {
      endpoint: `${target.base ?? baseUrl}/api/projects/${target.projectId}/cloud/files/chunks`,
      headers: { authorization: `Bearer ${target.token}` },
      metadata,
      chunkSize: 256 * 1024,
      retryDelays: [],
      removeFingerprintOnSuccess: true,
      ...options,
      onSuccess: (payload) => {
        const response = payload.lastResponse;
        const body = response.getBody() ?? '';
        resolve({
          entity: body ? (JSON.parse(body) as { data: CloudEntity }).data : null,
          status: response.getStatus(),
          body,
          url: upload.url,
        });
      },
      onError: (error) => {
        const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } })
          .originalResponse;
        resolve({
          entity: null,
          status: response?.getStatus() ?? 0,
          body: response?.getBody() ?? '',
          url: upload.url,
        });
      },
    });
    upload.start();
  });
}

/** A raw tus creation request (for the checks before any byte is sent). */
export function createRequest(
  server: TestServer,
  projectId: string,
  token: string | undefined,
  length: number,
  metadata: Record<string, string>,
) {
  const encoded = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  return server.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/cloud/files/chunks`,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': encoded,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function download(
  baseUrl: string,
  url: string,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(`${baseUrl}${url}`);
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}
