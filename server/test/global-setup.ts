import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { features } from '../features.ts';
import { queuesOf } from '../platform/features.ts';
import { createJobs } from '../platform/jobs.ts';
import { createLogger } from '../platform/logger.ts';

/** Where the migrated PGlite template of this run lies (read by test-server.ts in every test file). */
export const pgliteTemplateVariable = 'GEMEINDE_TEST_PGLITE_TEMPLATE';

/**
 * Once per test run: an in-memory PGlite with every migration and pg-boss's schema and queues, dumped to a
 * file. Each test server starts from a copy of it (half a second) instead of initdb, the migrations and
 * pg-boss's install (three to four seconds on two cores, times some fifty servers). On PostgreSQL each test
 * server migrates its own scratch database, as before.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    return undefined;
  }
  const logger = createLogger('silent');
  const database = await openDatabase({ url: undefined, dataDir: 'memory://', poolMax: 1 });
  try {
    await database.migrate();
    const jobs = await createJobs({ database, queues: queuesOf(features), logger, stopTimeoutMs: 1_000 });
    await jobs.stop();
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
