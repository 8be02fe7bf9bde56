import { openDatabase } from '../../server/db/client.ts';
import { createBaseProject, insertBaseProject } from '../seed/project.ts';
import type { BenchReport } from './report.ts';
import { createRandom } from './random.ts';
import type { RegisteredArea, SeededArea } from './types.ts';

export type SeededDatabase = {
  areas: { name: string; area: SeededArea }[];
  report: BenchReport['seed'];
  postgres: string | null;
};

/**
 * Seeds every area into a migrated database (the seeded random source: the same data every run), then runs
 * `VACUUM ANALYZE`, as autovacuum leaves tables after a bulk load: statistics and the visibility map that
 * index-only scans need.
 */
export async function seedDatabase(
  url: string,
  options: { seed: number; connections: number; log: (message: string) => void },
  areas: RegisteredArea[],
): Promise<SeededDatabase> {
  const database = await openDatabase({ url, dataDir: 'unused', poolMax: 4 });
  try {
    const { rows } = await database.sql.query<{ server_version: string }>('show server_version');
    const random = createRandom(options.seed);
    const context = {
      db: database.db,
      sql: database.sql,
      random,
      project: createBaseProject(random, Date.now()),
      connections: options.connections,
      log: options.log,
    };
    await insertBaseProject(database.db, context.project);
    const seeded: SeededDatabase['areas'] = [];
    const report: BenchReport['seed'] = {};
    for (const area of areas) {
      const started = Date.now();
      const result = await area.seed(context);
      seeded.push({ name: area.name, area: result });
      report[area.name] = { seconds: (Date.now() - started) / 1000, summary: result.summary };
    }
    await database.sql.query('vacuum analyze');
    return { areas: seeded, report, postgres: rows[0]?.server_version ?? null };
  } finally {
    await database.close();
  }
}
