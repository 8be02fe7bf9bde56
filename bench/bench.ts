// `npm run bench`: scratch PostgreSQL database, real server bundle, seeded data, autocannon scenarios, report.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../server/db/client.ts';
import { createTokenService } from '../server/platform/auth.ts';
import { createScratchDatabase } from '../server/test/scratch-database.ts';
import { runScenario, stopLoad, type LoadSettings } from './lib/load.ts';
import { runMeasurement } from './lib/measure.ts';
import { createRandom } from './lib/random.ts';
import { machineInfo, writeReport, type BenchReport } from './lib/report.ts';
import { buildServerIfStale, buildWebIfStale, randomSecret, startServer } from './lib/server.ts';
import type { MeasurementResult, ScenarioContext, ScenarioResult, SeededArea } from './lib/types.ts';
import { benchAreas } from './scenarios/index.ts';
import { createBaseProject, insertBaseProject } from './seed/project.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const tokenTtlSeconds = 24 * 60 * 60;

type Settings = LoadSettings & {
  adminUrl: string;
  redisUrl: string | undefined;
  areas: string[] | undefined;
  seed: number;
};

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const number = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isFinite(value) || value < min) {
      throw new Error(`${name} must be a number ≥ ${min} (got ${JSON.stringify(raw)})`);
    }
    return value;
  };
  const areas = env.BENCH_AREAS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = areas?.filter((name) => !benchAreas.some((area) => area.name === name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_AREAS: unknown area(s) ${unknown.join(', ')}; known: ${benchAreas.map((area) => area.name).join(', ')}`,
    );
  }
  return {
    adminUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.BENCH_REDIS_URL || undefined,
    durationSeconds: number('BENCH_DURATION', 10, 1),
    warmupSeconds: number('BENCH_WARMUP', 2, 0),
    connections: Math.floor(number('BENCH_CONNECTIONS', 50, 1)),
    seed: Math.floor(number('BENCH_SEED', 1, 0)),
    areas: areas?.length ? areas : undefined,
  };
}

// Cleanup steps run last-in first-out, once, on success, failure or a signal.
const cleanups: { label: string; run: () => Promise<void> }[] = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;

function defer(label: string, run: () => Promise<void>): void {
  cleanups.push({ label, run });
}

async function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup (${step.label}) failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

function onSignal(signal: NodeJS.Signals): void {
  if (interrupted) {
    console.error(
      `${signal} again: exiting without finishing cleanup (${cleanups.map((step) => step.label).join(', ') || 'nothing left'})`,
    );
    process.exit(130);
  }
  interrupted = true;
  console.error(`\n${signal}: stopping the load, the server and dropping the scratch database …`);
  stopLoad();
  void cleanup().finally(() => process.exit(130));
}

function progress(message: string): void {
  console.error(message);
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const areas = benchAreas.filter((area) => !settings.areas || settings.areas.includes(area.name));

  if (await buildServerIfStale(root)) {
    progress('built dist/server/main.mjs');
  }
  if (await buildWebIfStale(root)) {
    progress('built web/dist');
  }

  const scratch = await createScratchDatabase(settings.adminUrl);
  defer('drop scratch database', () => scratch.drop());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gemeinde-bench-'));
  defer('remove data dir', () => rm(dataDir, { recursive: true, force: true }));
  progress(`scratch database ${new URL(scratch.url).pathname.slice(1)}`);

  const jwtSecret = randomSecret();
  const started = Date.now();
  const server = await startServer(
    { root, databaseUrl: scratch.url, dataDir, redisUrl: settings.redisUrl, jwtSecret },
    (spawned) => defer('stop server', () => spawned.stop()),
  );
  progress(
    `server pid ${server.pid} healthy at ${server.baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const database = await openDatabase({ url: scratch.url, dataDir: 'unused', poolMax: 4 });
  let databaseOpen = true;
  const closeDatabase = async () => {
    if (databaseOpen) {
      databaseOpen = false;
      await database.close();
    }
  };
  defer('close seed connection', closeDatabase);
  const postgres = await serverVersion(database);
  const random = createRandom(settings.seed);
  const seedContext = {
    db: database.db,
    sql: database.sql,
    random,
    project: createBaseProject(random, Date.now()),
    connections: settings.connections,
    log: progress,
  };
  await insertBaseProject(database.db, seedContext.project);
  const seeded: { name: string; area: SeededArea }[] = [];
  const seedReport: BenchReport['seed'] = {};
  for (const area of areas) {
    const seedStarted = Date.now();
    const result = await area.seed(seedContext);
    seeded.push({ name: area.name, area: result });
    seedReport[area.name] = { seconds: (Date.now() - seedStarted) / 1000, summary: result.summary };
  }
  // As autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only scans).
  await database.sql.query('vacuum analyze');
  await closeDatabase();

  const tokens = createTokenService(jwtSecret);
  const scenarioContext: ScenarioContext = {
    authorization: async (accountId) =>
      `Bearer ${await tokens.signAccessToken({ accountId, sessionId: null }, tokenTtlSeconds)}`,
  };
  const results: ScenarioResult[] = [];
  const measured: MeasurementResult[] = [];
  for (const { name, area } of seeded) {
    for (const scenario of await area.scenarios(scenarioContext)) {
      if (interrupted) {
        throw new Error('interrupted');
      }
      progress(
        `▶ ${scenario.name}: ${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s × ${settings.connections} connections`,
      );
      results.push(await runScenario(server.baseUrl, server.pid, name, scenario, settings));
    }
    for (const measurement of area.measurements()) {
      if (interrupted) {
        throw new Error('interrupted');
      }
      progress(`▶ ${measurement.name}`);
      measured.push(
        ...(await runMeasurement(name, measurement, {
          ...scenarioContext,
          baseUrl: server.baseUrl,
          serverPid: server.pid,
          log: progress,
        })),
      );
    }
  }
  if (interrupted) {
    throw new Error('interrupted');
  }

  const report: BenchReport = {
    generatedAt: new Date().toISOString(),
    machine: machineInfo(root, postgres),
    settings: {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      redis: Boolean(settings.redisUrl),
      areas: areas.map((area) => area.name),
    },
    seed: seedReport,
    scenarios: results,
    measurements: measured,
  };
  const table = await writeReport(resultsDir, report);
  console.log(table);
  progress(
    `written: ${path.relative(root, path.join(resultsDir, 'latest.json'))}, ${path.relative(root, path.join(resultsDir, 'latest.md'))}`,
  );

  const failed = results.filter((result) => result.errors > 0 || result.non2xx > 0);
  for (const result of failed) {
    progress(
      `✗ ${result.name}: ${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx ${JSON.stringify(result.statusCodes)}`,
    );
  }
  const failedMeasurements = measured.filter((result) => (result.errors ?? 0) > 0);
  for (const result of failedMeasurements) {
    progress(`✗ ${result.name}: ${result.errors} errors`);
  }
  return failed.length + failedMeasurements.length > 0 ? 1 : 0;
}

async function serverVersion(database: Database): Promise<string | null> {
  const { rows } = await database.sql.query<{ server_version: string }>('show server_version');
  return rows[0]?.server_version ?? null;
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (!interrupted) {
    console.error(`bench failed: ${(error as Error).stack ?? String(error)}`);
  }
} finally {
  await cleanup();
}
process.exit(interrupted ? 130 : exitCode);
