import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { platformInstances } from '../db/schema/index.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { testDriver } from '../test/test-server.ts';
import { InstanceConflictError, registerInstance, type InstanceRegistration } from './instances.ts';
import { createLogger } from './logger.ts';
import type { StorageConfig } from './storage/storage.ts';

let database: Database;
let drop: (() => Promise<void>) | undefined;
const directories: string[] = [];
const running: InstanceRegistration[] = [];

beforeAll(async () => {
  const scratch = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  drop = scratch ? () => scratch.drop() : undefined;
  database = await openDatabase({ url: scratch?.url, dataDir: 'memory://', poolMax: 2 });
  await database.migrate();
});
afterAll(async () => {
  await Promise.all(running.map((instance) => instance.stop()));
  await database?.close();
  await drop?.();
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'gemeinde-instance-'));
  directories.push(directory);
  return directory;
}

const local = (directory: string): StorageConfig => ({
  driver: 'local',
  root: path.join(directory, 'cloud'),
});
const s3: StorageConfig = { driver: 's3', region: 'us-east-1', bucket: 'files', forcePathStyle: true };

async function start(role: 'web' | 'worker', storage: StorageConfig, directory: string) {
  const instance = await registerInstance({
    db: database.db,
    role,
    storage,
    dataDir: directory,
    redis: true,
    logger: createLogger('silent'),
  });
  running.push(instance);
  return instance;
}

describe(`instances (${testDriver})`, () => {
  it('refuses a second process on local storage whose DATA_DIR is another directory', async () => {
    const first = await dataDir();
    await start('web', local(first), first);
    // The same directory (as a shared mount would be): welcome.
    await start('web', local(first), first);
    await start('worker', local(first), first);
    const elsewhere = await dataDir();
    await expect(start('web', local(elsewhere), elsewhere)).rejects.toThrow(InstanceConflictError);
    await expect(start('web', local(elsewhere), elsewhere)).rejects.toThrow(/same shared DATA_DIR/);
    // Nor may a process on S3 join processes that keep bytes on a local disk.
    await expect(start('web', s3, await dataDir())).rejects.toThrow(InstanceConflictError);
    await Promise.all(running.splice(0).map((instance) => instance.stop()));
  });

  it('lets processes on one S3 bucket start with DATA_DIRs of their own, and forgets processes that are gone', async () => {
    await start('web', s3, await dataDir());
    await start('web', s3, await dataDir());
    await start('worker', s3, await dataDir());
    // A process on local storage that died a minute ago no longer counts.
    const gone = await dataDir();
    const dead = await start('web', s3, gone);
    running.splice(running.indexOf(dead), 1);
    await Promise.all(running.splice(0).map((instance) => instance.stop()));
    await database.db
      .update(platformInstances)
      .set({ storage: 'local:gone', seenAt: new Date(Date.now() - 60_000) })
      .where(eq(platformInstances.id, dead.id));
    const fresh = await start('web', local(gone), gone);
    const rows = await database.db.select().from(platformInstances);
    expect(rows.map((row) => row.id).sort()).toEqual([dead.id, fresh.id].sort());
  });
});
