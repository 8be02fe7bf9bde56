import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.ts';
import { migrationsDir } from '../platform/paths.ts';
import { attachChangeFeed, changesChannel, createChangeFeed, type ChangeFeedSource } from './changes.ts';

export type Schema = typeof schema;
/** One query layer for both drivers. Repositories take `Db` (or a transaction, which has the same shape). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Plain SQL access for pg-boss and health checks, independent of the driver. */
export type SqlExecutor = {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
};

export type Database = {
  driver: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  migrate(): Promise<void>;
  /**
   * Runs set-up that instances starting together must not do at once (pg-boss installing its schema races
   * otherwise), under the same advisory lock as the migrations; PGlite has one process anyway.
   */
  exclusively<T>(task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (the tests' migrated template). */
  dumpDataDir?(): Promise<Blob>;
};

export type DatabaseOptions = {
  /** postgres:// URL; without it PGlite runs in `dataDir` (or in memory when dataDir is 'memory://'). */
  url: string | undefined;
  dataDir: string;
  /**
   * In memory only: how PGlite starts. Tests start every server from one migrated data directory
   * (`loadDataDir`, from `dumpDataDir()`) with the WebAssembly compiled once per process: initdb, the
   * migrations and the compile cost seconds per server.
   */
  pgliteStart?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'fsBundle'>;
  poolMax: number;
  logger?: Logger;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir, options.pgliteStart);
}

async function openPglite(dataDir: string, start: DatabaseOptions['pgliteStart']): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  const dbDir = inMemory ? undefined : path.join(dataDir, 'db');
  if (dbDir) {
    mkdirSync(dbDir, { recursive: true });
  }
  // pg_trgm: trigram indexes for name and address search (DESIGN §4), as on PostgreSQL.
  const client = await PGlite.create({
    ...(dbDir ? { dataDir: dbDir } : {}),
    ...(inMemory ? start : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  // One process, one session: it hears its own changes (server/db/changes.ts).
  const changes = createChangeFeed();
  const unlisten = await client.listen(changesChannel, (payload) => changes.emit(payload));
  changes.setListening(true);
  attachChangeFeed(db, changes);
  const sql: SqlExecutor = {
    // PGlite's query() takes one statement with parameters; exec() runs several without parameters.
    async query<Row>(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await client.query<Row>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as Row[] };
    },
  };
  return {
    driver: 'pglite',
    db,
    sql,
    migrate: () =>
      migratePglite(db as unknown as Parameters<typeof migratePglite>[0], {
        migrationsFolder: migrationsDir,
      }),
    exclusively: (task) => task(),
    close: async () => {
      changes.setListening(false);
      await unlisten();
      await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const changes = createChangeFeed();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'gemeinde',
    // Our named statements (server/db/prepared.ts) are the hot paths: planned once per connection, not on
    // every execution. PostgreSQL's default re-plans a statement with the values bound while a generic plan
    // looks costlier, which the feed pages always did (half their database time; docs/decisions/bench-community.md).
    // Unnamed statements, everything else, are planned with their values anyway.
    options: '-c plan_cache_mode=force_generic_plan',
    // Every pooled session listens for committed changes (server/db/changes.ts) before it is first used
    // (pg-pool awaits this hook): a session hears its own before its statement is reported done, so the
    // instance that wrote drops what it cached at once.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool awaits it (see listenOnConnect)
    onConnect: listenOnConnect(changes),
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool reconnects.
  pool.on('error', (error) =>
    options.logger?.warn({ err: error }, 'database connection lost; the pool will reconnect'),
  );
  const listener = listenForChanges(url, changes, options.logger);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  attachChangeFeed(db, changes);
  const sql: SqlExecutor = {
    async query<Row>(text: string, values?: unknown[]) {
      const result = await pool.query(text, values);
      return { rows: result.rows as Row[] };
    },
  };
  return {
    driver: 'postgres',
    db,
    sql,
    // Instances starting together take turns: the first applies the migrations, the others then find
    // nothing left to do (without the lock they race on creating the same tables and fail).
    migrate: () =>
      withAdvisoryLock(url, migrationLockKey, () =>
        migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: migrationsDir }),
      ),
    exclusively: (task) => withAdvisoryLock(url, migrationLockKey, task),
    close: async () => {
      await listener.stop();
      await pool.end();
    },
  };
}

/** pg-pool awaits the promise of its `onConnect` hook (typed as returning nothing in @types/pg). */
const listenOnConnect = (feed: ChangeFeedSource) => async (client: pg.ClientBase) => {
  client.on('notification', (message) => {
    if (message.channel === changesChannel) {
      feed.emit(message.payload ?? '');
    }
  });
  await client.query(`listen ${changesChannel}`);
};

/**
 * The connection that hears other instances' changes for as long as the process runs: the pool closes idle
 * sessions, this one stays. Lost, it reconnects every second; the feed is not `listening` in between.
 */
function listenForChanges(url: string, feed: ChangeFeedSource, logger: Logger | undefined) {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  // Failed attempts since the connection was last up: the first loss is a warning, the retries after it (every
  // second while the database is down) are not repeated at that level.
  let failures = 0;
  const lost = (client: pg.Client, error?: unknown) => {
    if (current !== client) {
      return;
    }
    current = undefined;
    feed.setListening(false);
    client.end().catch(() => undefined);
    if (!stopped) {
      failures += 1;
      if (failures === 1) {
        logger?.warn({ err: error }, 'change listener lost its connection; reconnecting every second');
      } else {
        logger?.debug({ err: error, failures }, 'change listener still reconnecting');
      }
      retry = setTimeout(() => void connect(), 1_000);
      retry.unref();
    }
  };
  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: 'gemeinde-changes' });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === changesChannel) {
        feed.emit(message.payload ?? '');
      }
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${changesChannel}`);
      if (current === client) {
        feed.setListening(true);
        if (failures > 0) {
          logger?.info({ failures }, 'change listener reconnected');
          failures = 0;
        }
      }
    } catch (error) {
      lost(client, error);
    }
  }
  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      feed.setListening(false);
      await client?.end().catch(() => undefined);
    },
  };
}

/** The advisory lock key of running migrations (any fixed number no other lock of ours uses). */
const migrationLockKey = 7_240_412_001;

/**
 * Runs `task` while holding a session-level advisory lock on its own connection: the pool stays free for
 * the task (a pool of one would otherwise deadlock), and a process that dies lets go of the lock at once.
 */
async function withAdvisoryLock<T>(url: string, key: number, task: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'gemeinde-migrations' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await task();
  } finally {
    // Closing the session releases the lock too; unlocking first just makes it explicit.
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Opens the database and proves it answers, retrying while it is down (e.g. PostgreSQL still starting). */
export async function connectWithRetry(
  options: DatabaseOptions & { retries: number; retryDelayMs: number },
  logger: Logger,
): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    let database: Database | undefined;
    try {
      database = await openDatabase({ ...options, logger });
      await database.sql.query('select 1');
      return database;
    } catch (error) {
      await database?.close().catch(() => undefined);
      if (attempt > options.retries) {
        throw new Error(`database unreachable after ${attempt} attempts: ${(error as Error).message}`, {
          cause: error,
        });
      }
      logger.warn(
        { attempt, retries: options.retries, err: error },
        `database not reachable (${(error as Error).message}); retrying in ${options.retryDelayMs} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs));
    }
  }
}
