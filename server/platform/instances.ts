import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { platformInstances } from '../db/schema/index.ts';
import type { StorageConfig } from './storage/storage.ts';

/*
 * Every process on PostgreSQL keeps a row in platform_instances, refreshed every few seconds, naming where it
 * keeps file bytes. Start-up refuses a process whose storage differs from a live one's: two processes on
 * local storage with different DATA_DIRs would each see only their own uploads and files. Whether two
 * DATA_DIRs are one directory is told by a marker file with a random id, written by the first process.
 * Several web processes without Redis are only warned about: they work, but rate limits and the upload
 * lock then count per process.
 */

const heartbeatMs = 5_000;
/** A row not refreshed for this long belongs to a process that is gone. */
const liveForMs = 20_000;
const markerName = 'instance-storage-id';

export class InstanceConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstanceConflictError';
  }
}

/** `local:<marker id of DATA_DIR>` or `s3:<endpoint>/<bucket>/<prefix>`: equal when processes share bytes. */
export async function storageIdentity(storage: StorageConfig, dataDir: string): Promise<string> {
  if (storage.driver === 's3') {
    return `s3:${storage.endpoint ?? 'aws'}/${storage.bucket}/${storage.prefix ?? ''}`;
  }
  await mkdir(dataDir, { recursive: true });
  const marker = path.join(dataDir, markerName);
  // 'wx': of two processes creating it at once, one writes and both then read the same id.
  await writeFile(marker, randomUUID(), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') {
      throw error;
    }
  });
  return `local:${(await readFile(marker, 'utf8')).trim()}`;
}

export type InstanceRegistration = { id: string; stop(): Promise<void> };

export async function registerInstance(deps: {
  db: Db;
  role: 'all' | 'web' | 'worker';
  storage: StorageConfig;
  dataDir: string;
  redis: boolean;
  logger: Logger;
}): Promise<InstanceRegistration> {
  const { db, logger } = deps;
  const id = randomUUID();
  const storage = await storageIdentity(deps.storage, deps.dataDir);
  const host = hostname();
  // Register first, then look: of two processes starting together, at least one sees the other.
  await db.insert(platformInstances).values({ id, role: deps.role, host, storage });
  const others = await db
    .select()
    .from(platformInstances)
    .where(and(ne(platformInstances.id, id), gt(platformInstances.seenAt, new Date(Date.now() - liveForMs))));
  const conflicting = others.find((other) => other.storage !== storage);
  if (conflicting) {
    await db.delete(platformInstances).where(eq(platformInstances.id, id));
    const ageSeconds = Math.round((Date.now() - conflicting.seenAt.getTime()) / 1000);
    throw new InstanceConflictError(
      `another ${conflicting.role} process (host ${conflicting.host}, seen ${ageSeconds} s ago) keeps file bytes in ` +
        `${conflicting.storage}, this one in ${storage}. Every process of one deployment must reach the same ` +
        'bytes: use STORAGE_DRIVER=s3 (recommended for several instances) or give all of them the same shared DATA_DIR.',
    );
  }
  const webProcesses = [deps.role, ...others.map((other) => other.role)].filter((role) => role !== 'worker');
  if (webProcesses.length > 1 && !deps.redis) {
    logger.warn(
      { webProcesses: webProcesses.length },
      'several web processes without REDIS_URL: rate limits and upload locks count per process; set REDIS_URL',
    );
  }
  // Rows of processes that died without saying goodbye.
  await db
    .delete(platformInstances)
    .where(lt(platformInstances.seenAt, new Date(Date.now() - 24 * 3600 * 1000)));

  const timer = setInterval(() => {
    db.update(platformInstances)
      .set({ seenAt: new Date() })
      .where(eq(platformInstances.id, id))
      .catch((error: unknown) => logger.warn({ err: error }, 'instance heartbeat failed'));
  }, heartbeatMs);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await db.delete(platformInstances).where(eq(platformInstances.id, id));
    },
  };
}
