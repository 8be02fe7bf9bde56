// `npm run bench`: scratch PostgreSQL database, real server bundle, seeded data, the ceiling, autocannon
// scenarios, report. With BENCH_COMPARE it compares two commits instead (compare.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../server/test/scratch-database.ts';
import { runCeiling, type CeilingResult } from './lib/ceiling.ts';
import { runCompare } from './compare.ts';
import { defer, progress, runToExit, throwIfInterrupted } from './lib/lifecycle.ts';
import { checkSlowdowns, runScenario } from './lib/load.ts';
import { runMeasurement } from './lib/measure.ts';
import { machineInfo, writeReport, type BenchReport } from './lib/report.ts';
import { seedDatabase } from './lib/seeding.ts';
import {
  buildServerIfStale,
  buildWebIfStale,
  randomSecret,
  scenarioContext,
  startServer,
} from './lib/server.ts';
import {
  anyMeasurementSelected,
  measurementSelected,
  readSettings,
  reportedSettings,
  scenarioSelected,
  type Settings,
} from './lib/settings.ts';
import type { MeasurementResult, ScenarioResult } from './lib/types.ts';
import { benchAreas } from './scenarios/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');

async function main(): Promise<number> {
  const settings = readSettings(process.env, root, benchAreas);
  const areas = benchAreas.filter((area) => !settings.areas || settings.areas.includes(area.name));
  if (settings.compare) {
    return runCompare(root, settings, areas);
  }

  if (await buildServerIfStale(root)) {
    progress('built dist/server/main.mjs');
  }
  // The web app is for the page-load measurements, which a run narrowed by BENCH_SCENARIOS alone leaves out.
  const serveWeb = anyMeasurementSelected(settings);
  if (serveWeb && (await buildWebIfStale(root))) {
    progress('built web/dist');
  }

  const scratch = await createScratchDatabase(settings.adminUrl);
  const scratchName = new URL(scratch.url).pathname.slice(1);
  // BENCH_KEEP_DATABASE=1 keeps the seeded database for EXPLAIN and statement logs after the run.
  defer('drop scratch database', async () => {
    if (process.env.BENCH_KEEP_DATABASE === '1') {
      progress(`kept database ${scratchName}`);
    } else {
      await scratch.drop();
    }
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gemeinde-bench-'));
  defer('remove data dir', () => rm(dataDir, { recursive: true, force: true }));
  progress(`scratch database ${scratchName}`);

  const jwtSecret = randomSecret();
  const started = Date.now();
  const server = await startServer(
    { root, databaseUrl: scratch.url, dataDir, redisUrl: settings.redisUrl, jwtSecret, serveWeb },
    (spawned) => defer('stop server', () => spawned.stop()),
  );
  progress(
    `server pid ${server.pid} healthy at ${server.baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const seeded = await seedDatabase(scratch.url, { ...settings, log: progress }, areas);
  // A run of measurements alone (BENCH_MEASUREMENTS without BENCH_SCENARIOS) has no load to compare with it.
  const ceiling = settings.measurements && !settings.scenarios ? null : await measureCeiling(settings);

  const context = scenarioContext(jwtSecret);
  const results: ScenarioResult[] = [];
  const measured: MeasurementResult[] = [];
  for (const { name, area } of seeded.areas) {
    for (const scenario of await area.scenarios(context)) {
      if (!scenarioSelected(settings, scenario.name)) {
        continue;
      }
      throwIfInterrupted();
      progress(
        `▶ ${scenario.name}: ${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s × ${settings.connections} connections`,
      );
      results.push(await runScenario(server.baseUrl, server.pid, name, scenario, settings, ceiling));
    }
    // BENCH_SCENARIOS narrows the run to load scenarios, BENCH_MEASUREMENTS to measurements (see settings.ts).
    const measurements = area
      .measurements()
      .filter((measurement) => measurementSelected(settings, measurement.name));
    for (const measurement of measurements) {
      throwIfInterrupted();
      progress(`▶ ${measurement.name}`);
      measured.push(
        ...(await runMeasurement(name, measurement, {
          ...context,
          baseUrl: server.baseUrl,
          serverPid: server.pid,
          dataDir,
          log: progress,
          ...(settings.redisUrl
            ? {
                startPeer: () =>
                  startServer(
                    {
                      root,
                      databaseUrl: scratch.url,
                      dataDir,
                      redisUrl: settings.redisUrl,
                      jwtSecret,
                      serveWeb,
                    },
                    (spawned) => defer('stop peer server', () => spawned.stop()),
                  ),
              }
            : {}),
        })),
      );
    }
  }
  throwIfInterrupted();
  checkSlowdowns(results);

  const report: BenchReport = {
    generatedAt: new Date().toISOString(),
    machine: machineInfo(root, seeded.postgres),
    settings: reportedSettings(settings, areas),
    ceiling,
    seed: seeded.report,
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
  const ceilingFailed = ceiling !== null && ceiling.errors + ceiling.non2xx > 0;
  if (ceilingFailed) {
    progress(`✗ ceiling: ${ceiling.errors} errors, ${ceiling.non2xx} non-2xx`);
  }
  return failed.length + failedMeasurements.length > 0 || ceilingFailed ? 1 : 0;
}

/**
 * The ceiling runs after the seeds and before the first scenario, while our server idles: the machine is then
 * as it is for the scenarios (the bulk load and VACUUM are over).
 */
async function measureCeiling(settings: Settings): Promise<CeilingResult | null> {
  if (!settings.ceilingScript) {
    progress('ceiling skipped (BENCH_CEILING=off)');
    return null;
  }
  throwIfInterrupted();
  progress(
    `▶ ceiling (${settings.ceilingScript}): 3 s warm-up, ${settings.durationSeconds} s × 50 connections` +
      ' (seeds its database "ceiling" on first use, about a minute)',
  );
  if (settings.connections !== 50) {
    progress(`  ! run.sh always uses 50 connections; the scenarios use ${settings.connections}`);
  }
  const ceiling = await runCeiling(
    {
      script: settings.ceilingScript,
      root,
      adminUrl: settings.adminUrl,
      durationSeconds: settings.durationSeconds,
    },
    (stop) => defer('stop the ceiling', stop),
  );
  progress(`  ceiling: ${Math.round(ceiling.requestsPerSecond)} req/s, p99 ${ceiling.latencyP99Ms} ms`);
  return ceiling;
}

await runToExit(main);
