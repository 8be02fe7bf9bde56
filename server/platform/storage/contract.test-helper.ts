import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStorage } from './storage.ts';
import { BlobNotFoundError } from './storage.ts';

/**
 * The behaviour every driver must share (local.test.ts and s3.test.ts run it). `getStorage` is called
 * inside the tests, so a driver may create its storage in a `beforeAll`.
 */
export function describeStorageContract(getStorage: () => BlobStorage): void {
  describe('storage contract', () => {
    let work: string;
    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
    });
    afterAll(async () => {
      await rm(work, { recursive: true, force: true });
    });

    const newKey = (name = 'original') => `projects/p1/files/${randomUUID()}/${name}`;
    const sourceFile = async (bytes: Buffer) => {
      const filePath = path.join(work, randomUUID());
      await writeFile(filePath, bytes);
      return filePath;
    };
    const put = async (bytes: Buffer, key = newKey()) => {
      await getStorage().putFile(key, await sourceFile(bytes), 'application/octet-stream');
      return key;
    };

    it('stores a file, consumes the source and reports its size', async () => {
      const bytes = randomBytes(1000);
      const source = await sourceFile(bytes);
      const key = newKey();
      await getStorage().putFile(key, source, 'image/png');
      expect(existsSync(source)).toBe(false);
      expect(await getStorage().stat(key)).toEqual({ size: 1000 });
      expect(await readAll(await getStorage().read(key))).toEqual(bytes);
    });

    it('stores an empty file', async () => {
      const key = await put(Buffer.alloc(0));
      expect(await getStorage().stat(key)).toEqual({ size: 0 });
      expect((await readAll(await getStorage().read(key))).length).toBe(0);
    });

    it('replaces an object put again under the same key', async () => {
      const key = await put(Buffer.from('first version'));
      await put(Buffer.from('second'), key);
      expect((await readAll(await getStorage().read(key))).toString()).toBe('second');
    });

    it('reads byte ranges with an inclusive end, clamped to the object', async () => {
      const bytes = Buffer.from('0123456789abcdef');
      const key = await put(bytes);
      const readRange = async (start: number, end: number) =>
        (await readAll(await getStorage().read(key, { start, end }))).toString();
      expect(await readRange(2, 5)).toBe('2345');
      // Not 0-0: s3rver treats an end of 0 as "to the end" (real S3 does not); the local tests cover 0-0.
      expect(await readRange(0, 1)).toBe('01');
      expect(await readRange(1, 1)).toBe('1');
      expect(await readRange(15, 15)).toBe('f');
      expect(await readRange(10, 99)).toBe('abcdef');
      await expect(getStorage().read(key, { start: 5, end: 2 })).rejects.toThrow(RangeError);
    });

    it('downloads an object to a local path', async () => {
      const bytes = randomBytes(4096);
      const key = await put(bytes);
      const target = path.join(work, 'downloaded');
      await getStorage().download(key, target);
      expect(await readFile(target)).toEqual(bytes);
    });

    it('answers a missing object with null or BlobNotFoundError', async () => {
      const key = newKey();
      expect(await getStorage().stat(key)).toBeNull();
      await expect(getStorage().read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(getStorage().read(key, { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(getStorage().download(key, path.join(work, 'never'))).rejects.toBeInstanceOf(
        BlobNotFoundError,
      );
      // A "directory" of objects is not an object.
      await put(Buffer.from('x'), 'projects/p1/files/dir-test/original');
      expect(await getStorage().stat('projects/p1/files/dir-test')).toBeNull();
      await expect(getStorage().read('projects/p1/files/dir-test')).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('removes objects idempotently', async () => {
      const original = await put(Buffer.from('a'));
      const tile = await put(Buffer.from('b'), original.replace(/original$/, 'tile.webp'));
      await getStorage().remove([original, tile, newKey()]);
      expect(await getStorage().stat(original)).toBeNull();
      expect(await getStorage().stat(tile)).toBeNull();
      await getStorage().remove([original, tile]);
      await getStorage().remove([]);
      // The key can be used again after its directory was pruned.
      await put(Buffer.from('again'), original);
      expect(await getStorage().stat(original)).toEqual({ size: 5 });
    });

    it.each([
      '../etc/passwd',
      'projects/../../x',
      '/projects/p1/x',
      'projects//x',
      'projects/p1/',
      'projects/./x',
      '.incoming/x',
      'projects/p 1/x',
      'projects/p1/x?y',
      'projects\\x',
      '',
    ])('rejects the key %j', async (key) => {
      await expect(getStorage().stat(key)).rejects.toThrow(/Invalid storage key/);
      await expect(getStorage().read(key)).rejects.toThrow(/Invalid storage key/);
      await expect(getStorage().remove([key])).rejects.toThrow(/Invalid storage key/);
      const source = await sourceFile(Buffer.from('x'));
      await expect(getStorage().putFile(key, source, 'text/plain')).rejects.toThrow(/Invalid storage key/);
      expect(existsSync(source)).toBe(true);
    });

    it('stores a large file (multipart on S3) and reads ranges across part boundaries', async () => {
      const bytes = randomBytes(20 * 1024 * 1024 + 123);
      const key = await put(bytes);
      expect(await getStorage().stat(key)).toEqual({ size: bytes.length });
      expect(sha256(await readAll(await getStorage().read(key)))).toBe(sha256(bytes));
      const boundary = 8 * 1024 * 1024;
      const slice = await readAll(await getStorage().read(key, { start: boundary - 10, end: boundary + 9 }));
      expect(slice).toEqual(bytes.subarray(boundary - 10, boundary + 10));
      const target = path.join(work, 'large-download');
      await getStorage().download(key, target);
      expect(sha256(await readFile(target))).toBe(sha256(bytes));
    });
  });
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
