import { createReadStream, createWriteStream } from 'node:fs';
import { rm, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobStorage, ByteRange, StorageConfig } from './storage.ts';
import { assertValidKey, assertValidRange, BlobNotFoundError } from './storage.ts';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** Parts of 8 MiB, 4 in flight: at most 32 MiB buffered per upload. Above one part, the upload is multipart. */
const partSize = 8 * 1024 * 1024;
const deleteBatchSize = 1000; // the DeleteObjects limit

export function createS3Storage(config: S3Config): BlobStorage {
  const client = createClient(config);
  const bucket = config.bucket;
  const prefix = normalizePrefix(config.prefix);

  const objectKey = (key: string) => {
    assertValidKey(key);
    return prefix + key;
  };

  const getObject = async (key: string, range?: ByteRange): Promise<Readable> => {
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: objectKey(key),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    });
    const { Body } = await client.send(command).catch(notFoundIfMissing(key));
    if (!(Body instanceof Readable)) {
      throw new Error(`S3 returned no readable body for ${key}`);
    }
    return Body;
  };

  return {
    driver: 's3',

    async putFile(key, filePath, contentType) {
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: objectKey(key),
          Body: createReadStream(filePath),
          ContentType: contentType,
        },
        partSize,
        queueSize: 4,
        leavePartsOnError: false,
      });
      await upload.done();
      await unlink(filePath);
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) {
          return null;
        }
        throw error;
      }
    },

    async read(key, range) {
      if (range) {
        assertValidRange(range);
      }
      return getObject(key, range);
    },

    async download(key, toPath) {
      const body = await getObject(key);
      try {
        await pipeline(body, createWriteStream(toPath));
      } catch (error) {
        await rm(toPath, { force: true });
        throw error;
      }
    },

    async remove(keys) {
      const objectKeys = keys.map(objectKey);
      for (let offset = 0; offset < objectKeys.length; offset += deleteBatchSize) {
        const batch = objectKeys.slice(offset, offset + deleteBatchSize);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = (result.Errors ?? []).filter((entry) => entry.Code !== 'NoSuchKey');
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(`S3 could not delete ${failed.length} object(s), e.g. ${first.Key}: ${first.Code}`);
        }
      }
    },
  };
}

function createClient(config: S3Config): S3Client {
  const credentials =
    config.accessKeyId && config.secretAccessKey
      ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
      : undefined; // the SDK's default chain: environment, profile, instance role
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials,
    // Checksums only where S3 demands them: many S3-compatible stores (and s3rver) reject the SDK's
    // default streaming CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** `tenant-a` and `tenant-a/` both put objects under `tenant-a/`. */
function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/\/+$/, '');
  if (trimmed === '') {
    return '';
  }
  assertValidKey(trimmed);
  return `${trimmed}/`;
}

function notFoundIfMissing(key: string) {
  return (error: unknown): never => {
    throw isMissing(error) ? new BlobNotFoundError(key) : error;
  };
}

/** A missing object, not a missing bucket: that is a configuration error and must surface. */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}
