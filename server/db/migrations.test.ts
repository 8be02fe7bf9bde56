import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '../platform/ids.ts';
import { getOrCreateSecret } from '../platform/secrets.ts';

/** The schema as PostgreSQL describes it: tables, columns, types, defaults, constraints and indexes. */
async function describeSchema(database: Database) {
  const columns = await database.sql.query(
    `select table_name, column_name, data_type, is_nullable, column_default
       from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
    [],
  );
  const constraints = await database.sql.query(
    `select tc.table_name, tc.constraint_type, tc.constraint_name
       from information_schema.table_constraints tc
      where tc.table_schema = 'public' and tc.constraint_type <> 'CHECK'
      order by tc.table_name, tc.constraint_name`,
    [],
  );
  const indexes = await database.sql.query(
    `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`,
    [],
  );
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}

describe('migrations', () => {
  it('apply on PGlite and are idempotent', async () => {
    const database = await openDatabase({ url: undefined, dataDir: 'memory://', poolMax: 1 });
    try {
      await database.migrate();
      await database.migrate();
      const schema = await describeSchema(database);
      expect(schema.columns.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  // Two PGlite starts on disk and every migration: over 30 s when the runner's two cores are busy.
  it('keep the embedded data across restarts', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gemeinde-restart-'));
    const first = await openDatabase({ url: undefined, dataDir, poolMax: 1 });
    await first.migrate();
    const secret = await getOrCreateSecret(first.db, 'restart-check');
    await first.close();

    const second = await openDatabase({ url: undefined, dataDir, poolMax: 1 });
    try {
      await second.migrate();
      expect(await getOrCreateSecret(second.db, 'restart-check')).toBe(secret);
    } finally {
      await second.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('give the same schema on PGlite and on PostgreSQL', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    const pglite = await openDatabase({ url: undefined, dataDir: 'memory://', poolMax: 1 });
    const postgres = await openDatabase({ url: scratch.url, dataDir: 'unused', poolMax: 2 });
    try {
      await pglite.migrate();
      await postgres.migrate();
      const [a, b] = await Promise.all([describeSchema(pglite), describeSchema(postgres)]);
      expect(a).toEqual(b);
    } finally {
      await pglite.close();
      await postgres.close();
      await scratch.drop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'let several instances migrate a fresh PostgreSQL database at once, each coming up',
    async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      // A pool of one each: the lock must not take the connection the migrations need.
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ url: scratch.url, dataDir: 'unused', poolMax: 1 })),
      );
      try {
        const results = await Promise.allSettled(instances.map((database) => database.migrate()));
        expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        const applied = await instances[0]!.sql.query<{ count: string }>(
          'select count(*)::text as count from drizzle.__drizzle_migrations',
        );
        const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default;
        expect(Number(applied.rows[0]!.count)).toBe(journal.entries.length);
      } finally {
        await Promise.all(instances.map((database) => database.close()));
        await scratch.drop();
      }
    },
  );

  it('stores UUIDv7 ids made in code, ordered by creation time', () => {
    const ids = Array.from({ length: 50 }, () => newId());
    expect(
      ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)),
    ).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });
});
