import type { Readable } from 'node:stream';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';

/** A byte range of an object; `end` is inclusive, like HTTP's `bytes=start-end`. */
export type ByteRange = { start: number; end: number };

/**
 * Where the bytes of the cloud library live (DESIGN §7). Keys are chosen by the server
 * (`projects/<projectId>/files/<fileId>/original`), never by the client; the content type and the file
 * name live in the database, so a driver only keeps bytes.
 */
export type BlobStorage = {
  driver: 'local' | 's3';
  /** Stores a finished local file under key; the local file is consumed (moved or deleted after upload). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Size of the object, or null if missing. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The whole object or a byte range of it; throws BlobNotFoundError if missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies the object to a local path (for processing jobs); throws BlobNotFoundError if missing. */
  download(key: string, toPath: string): Promise<void>;
  /** Removes objects; missing keys are fine (idempotent). */
  remove(keys: string[]): Promise<void>;
};

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      prefix?: string;
    };

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export function createStorage(config: StorageConfig): BlobStorage {
  switch (config.driver) {
    case 'local':
      return createLocalStorage(config.root);
    case 's3':
      return createS3Storage(config);
  }
}

const keyPattern = /^[A-Za-z0-9._/-]+$/;

/**
 * Keys become file paths (local) and object names (S3): nothing may climb out of the root, and segments
 * starting with a dot are reserved (the local driver keeps its temporary files in `.incoming`).
 */
export function assertValidKey(key: string): void {
  const valid =
    key.length <= 1024 &&
    keyPattern.test(key) &&
    !key.includes('..') &&
    key.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));
  if (!valid) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range: ${start}-${end}`);
  }
}
