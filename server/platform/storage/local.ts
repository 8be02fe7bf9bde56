import { copyFile, mkdir, open, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../crypto.ts';
import type { BlobStorage } from './storage.ts';
import { assertValidKey, assertValidRange, BlobNotFoundError } from './storage.ts';

/** Local disk driver (the default): objects are plain files under `root`, one per key. */
export function createLocalStorage(root: string): BlobStorage {
  const base = path.resolve(root);
  // Same file system as the objects, so the final rename is atomic; dot segments are not valid keys.
  const incoming = path.join(base, '.incoming');

  const objectPath = (key: string) => {
    assertValidKey(key);
    return path.join(base, key);
  };

  return {
    driver: 'local',

    async putFile(key, filePath) {
      const target = objectPath(key);
      await moveIntoPlace(filePath, target, incoming);
    },

    async stat(key) {
      const info = await stat(objectPath(key)).catch(nullIfMissing);
      return info?.isFile() ? { size: info.size } : null;
    },

    async read(key, range) {
      if (range) {
        assertValidRange(range);
      }
      // Opening first turns a missing object into an error here, not later on the stream.
      const handle = await open(objectPath(key), 'r').catch(nullIfMissing);
      if (!handle || !(await handle.stat()).isFile()) {
        await handle?.close();
        throw new BlobNotFoundError(key);
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async download(key, toPath) {
      const source = objectPath(key);
      const info = await stat(source).catch(nullIfMissing);
      if (!info?.isFile()) {
        throw new BlobNotFoundError(key);
      }
      await copyFile(source, toPath);
    },

    async remove(keys) {
      const targets = keys.map(objectPath);
      for (const target of targets) {
        await rm(target, { force: true });
        await pruneEmptyParents(path.dirname(target), base);
      }
    },
  };
}

/**
 * A rename is atomic, so readers see the whole object or none. Across file systems the bytes are copied to
 * a temporary name next to the objects, flushed, then renamed. A concurrent `remove` may prune the freshly
 * created directory between mkdir and rename, hence the retry.
 */
async function moveIntoPlace(source: string, target: string, incoming: string): Promise<void> {
  try {
    await renameInto(source, target);
  } catch (error) {
    if (!isCode(error, 'EXDEV')) {
      throw error;
    }
    await copyIntoPlace(source, target, incoming);
  }
}

async function renameInto(source: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(source, target);
      return;
    } catch (error) {
      if (!isMissing(error) || attempt >= 3 || !(await exists(source))) {
        throw error;
      }
    }
  }
}

async function copyIntoPlace(source: string, target: string, incoming: string): Promise<void> {
  await mkdir(incoming, { recursive: true });
  const temporary = path.join(incoming, randomToken(12));
  try {
    await copyFile(source, temporary);
    const handle = await open(temporary, 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await renameInto(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await unlink(source);
}

/** Deleting a file's last object leaves its directory empty; remove such directories up to the root. */
async function pruneEmptyParents(directory: string, base: string): Promise<void> {
  let current = directory;
  while (current.startsWith(base + path.sep)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): the directories above are not empty either
    }
    current = path.dirname(current);
  }
}

async function exists(filePath: string): Promise<boolean> {
  return (await stat(filePath).catch(nullIfMissing)) !== null;
}

function nullIfMissing(error: unknown): null {
  if (isMissing(error)) {
    return null;
  }
  throw error;
}

function isMissing(error: unknown): boolean {
  return isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR');
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
