import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from './storage.ts';

/** Test support: a real S3 protocol server (s3rver) on loopback with one bucket (DESIGN §7). */
export type S3TestServer = {
  config: Extract<StorageConfig, { driver: 's3' }>;
  /** The same as environment variables (STORAGE_DRIVER=s3, S3_*), for servers started from their env. */
  env: Record<string, string>;
  /** `METHOD /path?query` of every request received, to check which S3 operations a driver used. */
  requests: string[];
  close(): Promise<void>;
};

type S3rverOptions = {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
};
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void>; httpServer: Server };

// s3rver is CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

export async function startS3TestServer(bucket = 'test-bucket'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer.on('request', (request: IncomingMessage) =>
    requests.push(`${request.method} ${request.url}`),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    // s3rver's built-in account.
    config: {
      driver: 's3',
      endpoint,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    async close() {
      // The SDK keeps connections alive; without this, close() waits for them to time out.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
