import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStorageContract, readAll } from './contract.test-helper.ts';
import type { BlobStorage } from './storage.ts';
import { createStorage } from './storage.ts';

describe('local storage driver', () => {
  let root: string;
  let storage: BlobStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storage-local-'));
    storage = createStorage({ driver: 'local', root });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  describeStorageContract(() => storage);

  it('keeps objects as files under the root', async () => {
    const source = path.join(root, '..', `${path.basename(root)}-source`);
    await writeFile(source, 'bytes');
    await storage.putFile('projects/p2/files/f1/original', source, 'text/plain');
    expect(existsSync(path.join(root, 'projects/p2/files/f1/original'))).toBe(true);
    expect(storage.driver).toBe('local');
  });

  it('reads the first byte alone', async () => {
    const source = path.join(root, '..', `${path.basename(root)}-source-0`);
    await writeFile(source, 'abc');
    await storage.putFile('projects/p2/files/f0/original', source, 'text/plain');
    const stream = await storage.read('projects/p2/files/f0/original', { start: 0, end: 0 });
    expect((await readAll(stream)).toString()).toBe('a');
  });

  // /dev/shm is a tmpfs, so a rename from there into the root fails with EXDEV and the driver copies.
  it.skipIf(!existsSync('/dev/shm'))(
    'moves a file across file systems through a temporary name',
    async () => {
      const source = path.join('/dev/shm', `storage-test-${process.pid}`);
      await writeFile(source, 'across devices');
      await storage.putFile('projects/p2/files/f2/original', source, 'text/plain');
      expect(existsSync(source)).toBe(false);
      expect((await readAll(await storage.read('projects/p2/files/f2/original'))).toString()).toBe(
        'across devices',
      );
      expect(await readdir(path.join(root, '.incoming'))).toEqual([]);
    },
  );

  it('prunes directories that removal leaves empty, but not the root', async () => {
    const source = path.join(root, '..', `${path.basename(root)}-source-2`);
    await writeFile(source, 'x');
    await storage.putFile('projects/p3/files/f1/original', source, 'text/plain');
    await storage.remove(['projects/p3/files/f1/original']);
    expect(existsSync(path.join(root, 'projects/p3'))).toBe(false);
    expect(existsSync(root)).toBe(true);
  });
});
