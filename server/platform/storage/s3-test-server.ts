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
  const config: S3TestServer['config'] = {
    driver: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    // s3rver's built-in account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    config,
    env: s3Environment(config),

    requests,
    async close() {
      // The SDK keeps connections alive; without this, close() waits for them to time out.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 storage configuration as the environment variables that configure it (server/config.ts). */
export function s3Environment(config: Extract<StorageConfig, { driver: 's3' }>): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: config.endpoint ?? '',
    S3_REGION: config.region,
    S3_BUCKET: config.bucket,
    S3_ACCESS_KEY_ID: config.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: config.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: String(config.forcePathStyle),
  };
}
