import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStorageContract, readAll } from './contract.test-helper.ts';
import type { S3TestServer } from './s3-test-server.ts';
import { startS3TestServer } from './s3-test-server.ts';
import type { BlobStorage } from './storage.ts';
import { createStorage } from './storage.ts';

describe('S3 storage driver (against s3rver)', () => {
  let server: S3TestServer;
  let storage: BlobStorage;
  let work: string;
  beforeAll(async () => {
    server = await startS3TestServer();
    storage = createStorage(server.config);
    work = await mkdtemp(path.join(tmpdir(), 'storage-s3-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  const sourceFile = async (bytes: Buffer | string) => {
    const filePath = path.join(work, String(Math.random()).slice(2));
    await writeFile(filePath, bytes);
    return filePath;
  };

  describeStorageContract(() => storage);

  it('uploads large files in parts and small ones in one request', async () => {
    server.requests.length = 0;
    await storage.putFile('projects/p2/files/small/original', await sourceFile('small'), 'text/plain');
    expect(server.requests.some((line) => line.includes('uploadId='))).toBe(false);

    server.requests.length = 0;
    await storage.putFile(
      'projects/p2/files/large/original',
      await sourceFile(randomBytes(17 * 1024 * 1024)),
      'video/mp4',
    );
    const partUploads = server.requests.filter((line) => /^PUT .*partNumber=/.test(line));
    expect(partUploads).toHaveLength(3);
    expect(server.requests.some((line) => /^POST .*uploadId=/.test(line))).toBe(true);
    expect(await storage.stat('projects/p2/files/large/original')).toEqual({ size: 17 * 1024 * 1024 });
  });

  it('stores the content type with the object', async () => {
    await storage.putFile('projects/p2/files/typed/original', await sourceFile('<svg/>'), 'image/svg+xml');
    const client = new S3Client({
      ...server.config,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: server.config.bucket, Key: 'projects/p2/files/typed/original' }),
    );
    client.destroy();
    expect(head.ContentType).toBe('image/svg+xml');
  });

  it('keeps objects under the configured prefix', async () => {
    const prefixed = createStorage({ ...server.config, prefix: 'tenant-a/' });
    await prefixed.putFile('projects/p3/files/f1/original', await sourceFile('prefixed'), 'text/plain');
    expect(await storage.stat('tenant-a/projects/p3/files/f1/original')).toEqual({ size: 8 });
    expect(await storage.stat('projects/p3/files/f1/original')).toBeNull();
    expect((await readAll(await prefixed.read('projects/p3/files/f1/original'))).toString()).toBe('prefixed');
    await prefixed.remove(['projects/p3/files/f1/original']);
    expect(await storage.stat('tenant-a/projects/p3/files/f1/original')).toBeNull();
  });

  it('surfaces a missing bucket instead of reporting a missing object', async () => {
    const misconfigured = createStorage({ ...server.config, bucket: 'no-such-bucket' });
    await expect(misconfigured.read('projects/p1/files/f/original')).rejects.toThrow(/bucket/i);
  });
});
