import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client.ts';
import { features } from '../features.ts';
import { queuesOf } from '../platform/features.ts';
import { createJobs } from '../platform/jobs.ts';
import { createLogger } from '../platform/logger.ts';
import { createScratchDatabase } from './scratch-database.ts';

/** Where the migrated PGlite template of this run lies (read by test-server.ts in every test file). */
export const pgliteTemplateVariable = 'GEMEINDE_TEST_PGLITE_TEMPLATE';
/** The migrated PostgreSQL database each scratch database of this run copies (with TEST_DATABASE_URL). */
export const postgresTemplateVariable = 'GEMEINDE_TEST_POSTGRES_TEMPLATE';

/** Every migration, and pg-boss's schema and queues: what a test server would otherwise install itself. */
async function install(database: Database): Promise<void> {
  await database.migrate();
  const jobs = await createJobs({
    database,
    queues: queuesOf(features),
    logger: createLogger('silent'),
    stopTimeoutMs: 1_000,
  });
  await jobs.stop();
}

/**
 * Once per test run, a migrated template every test server starts from: initdb, the migrations and
 * pg-boss's install cost three to four seconds per server on two cores, some fifty times per run.
 * - PGlite: an in-memory database dumped to a file; each server loads a copy (under a second).
 * - PostgreSQL (TEST_DATABASE_URL): a database each scratch database is created from (`create database …
 *   template …`); the migrations then find nothing to do.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const template = await createScratchDatabase(baseUrl);
    try {
      const database = await openDatabase({ url: template.url, dataDir: 'memory://', poolMax: 2 });
      try {
        await install(database);
      } finally {
        await database.close();
      }
    } catch (error) {
      await template.drop();
      throw error;
    }
    process.env[postgresTemplateVariable] = template.name;
    return () => template.drop();
  }
  const database = await openDatabase({ url: undefined, dataDir: 'memory://', poolMax: 1 });
  try {
    await install(database);
    const template = await database.dumpDataDir!();
    const file = path.join(tmpdir(), `gemeinde-pglite-${randomBytes(6).toString('hex')}.tar`);
    await writeFile(file, Buffer.from(await template.arrayBuffer()));
    process.env[pgliteTemplateVariable] = file;
    return async () => {
      await rm(file, { force: true });
    };
  } finally {
    await database.close();
  }
}
