// BENCH_COMPARE=<base>[..<head>] npm run bench: the same scenarios against two commits' servers in one run, on
// the same seeded data, alternating base and head, and the ratio of their rates (see bench/README.md).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../server/test/scratch-database.ts';
import { writeCompareReport, type CompareRun, type CompareSide } from './lib/compare-report.ts';
import { defer, progress, throwIfInterrupted } from './lib/lifecycle.ts';
import { runScenario } from './lib/load.ts';
import { machineInfo } from './lib/report.ts';
import { seedDatabase, type SeededDatabase } from './lib/seeding.ts';
import {
  buildServerIfStale,
  randomSecret,
  scenarioContext,
  startServer,
  type RunningServer,
} from './lib/server.ts';
import { reportedSettings, scenarioSelected, type Settings } from './lib/settings.ts';
import type { RegisteredArea, Scenario, ScenarioResult } from './lib/types.ts';
import { checkoutWorktree, fileDigest, folderDigest, git, resolveCommit } from './lib/worktree.ts';

type Side = CompareSide & { root: string; server?: RunningServer };

export async function runCompare(root: string, settings: Settings, areas: RegisteredArea[]): Promise<number> {
  if (!settings.compare) {
    throw new Error('runCompare needs BENCH_COMPARE');
  }
  const base = await checkoutSide(root, 'base', settings.compare.base);
  const head = settings.compare.head
    ? await checkoutSide(root, 'head', settings.compare.head)
    : await currentCheckout(root);
  const sides = [base, head];
  // A side with another package-lock.json got its own `npm ci` in its worktree (lib/worktree.ts).
  const dependenciesDiffer =
    (await fileDigest(path.join(base.root, 'package-lock.json'))) !==
    (await fileDigest(path.join(head.root, 'package-lock.json')));

  const migrations = (side: Side) => folderDigest(path.join(side.root, 'server', 'db', 'migrations'));
  const sharedDatabase = (await migrations(base)) === (await migrations(head));
  progress(
    sharedDatabase
      ? 'same migrations: one database, seeded once, for both servers'
      : 'the migrations differ: a database per commit, each migrated by its own server, with the same seed',
  );

  // One storage for both: a server at HEAD refuses to start beside an instance with other storage.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gemeinde-bench-'));
  defer('remove data dir', () => rm(dataDir, { recursive: true, force: true }));
  const jwtSecret = randomSecret();
  const databaseFor = new Map<Side, string>();
  for (const side of sharedDatabase ? [head] : sides) {
    const scratch = await createScratchDatabase(settings.adminUrl);
    defer(`drop scratch database (${side.label})`, () => scratch.drop());
    databaseFor.set(side, scratch.url);
  }
  // Head first: with one database, it applies the migrations the base server then finds done.
  for (const side of [head, base]) {
    const databaseUrl = databaseFor.get(side) ?? databaseFor.get(head) ?? '';
    side.server = await startServer(
      { root: side.root, databaseUrl, dataDir, redisUrl: settings.redisUrl, jwtSecret, serveWeb: false },
      (spawned) => defer(`stop ${side.label} server`, () => spawned.stop()),
    );
    progress(
      `${side.label} server (${side.commit.slice(0, 12)}) pid ${side.server.pid} at ${side.server.baseUrl}`,
    );
  }
  const seeded = new Map<Side, SeededDatabase>();
  for (const [side, url] of databaseFor) {
    seeded.set(side, await seedDatabase(url, { ...settings, log: progress }, areas));
  }
  const headSeeded = seeded.get(head)!;
  const context = scenarioContext(jwtSecret);
  const headScenarios = await scenariosOf(headSeeded, settings, context);
  const scenarios = new Map<Side, Awaited<ReturnType<typeof scenariosOf>>>([
    [head, headScenarios],
    [base, sharedDatabase ? headScenarios : await scenariosOf(seeded.get(base)!, settings, context)],
  ]);
  const names = [...headScenarios.keys()].filter((name) => scenarios.get(base)!.has(name));
  if (names.length === 0) {
    throw new Error('no scenario selected (BENCH_AREAS / BENCH_SCENARIOS)');
  }

  const runs: CompareRun[] = [];
  for (const name of names) {
    const { area } = headScenarios.get(name)!;
    const results: Record<'base' | 'head', ScenarioResult[]> = { base: [], head: [] };
    const order: ('base' | 'head')[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      // A B, B A, A B …: a steady drift of the machine weighs on both sides alike.
      for (const side of round % 2 === 0 ? [base, head] : [head, base]) {
        throwIfInterrupted();
        progress(`▶ ${name}: round ${round + 1}/${settings.rounds}, ${side.label}`);
        const { scenario } = scenarios.get(side)!.get(name)!;
        results[side.label].push(
          await runScenario(side.server!.baseUrl, side.server!.pid, area, scenario, settings),
        );
        order.push(side.label);
      }
    }
    runs.push({ name, area, order, base: results.base, head: results.head });
  }

  const { table, files } = await writeCompareReport(path.join(root, 'bench', 'results'), {
    generatedAt: new Date().toISOString(),
    machine: machineInfo(root, headSeeded.postgres),
    base: describe(base),
    head: describe(head),
    sharedDatabase,
    dependenciesDiffer,
    settings: { ...reportedSettings(settings, areas), rounds: settings.rounds, seed: settings.seed },
    runs,
  });
  console.log(table);
  progress(`written: ${files.map((file) => path.relative(root, file)).join(', ')}`);
  const failed = runs.flatMap((run) => [...run.base, ...run.head]).filter((r) => r.errors + r.non2xx > 0);
  return failed.length > 0 ? 1 : 0;
}

async function checkoutSide(root: string, label: 'base' | 'head', name: string): Promise<Side> {
  const commit = await resolveCommit(root, name);
  progress(
    `${label}: ${name} = ${commit.slice(0, 12)}, checking out into a temporary worktree and building its server`,
  );
  const tree = await checkoutWorktree(root, commit, (created) =>
    defer(`remove worktree ${created.dir}`, () => created.remove()),
  );
  return { label, name, commit, dirty: false, root: tree.dir };
}

/** This checkout as it is (uncommitted changes included), built as `npm run bench` builds it. */
async function currentCheckout(root: string): Promise<Side> {
  const commit = await resolveCommit(root, 'HEAD');
  const dirty = (await git(root, ['--no-optional-locks', 'status', '--porcelain'])).length > 0;
  if (await buildServerIfStale(root)) {
    progress('built dist/server/main.mjs');
  }
  progress(`head: this checkout = ${commit.slice(0, 12)}${dirty ? ' with uncommitted changes' : ''}`);
  return { label: 'head', name: 'working tree', commit, dirty, root };
}

/**
 * The selected scenarios by name. A scenario with a `requests` factory (the rotating refresh token) draws from a
 * seeded pool that several runs against two servers would use up, so comparisons leave it out.
 */
async function scenariosOf(
  seeded: SeededDatabase,
  settings: Settings,
  context: ReturnType<typeof scenarioContext>,
): Promise<Map<string, { area: string; scenario: Scenario }>> {
  const selected = new Map<string, { area: string; scenario: Scenario }>();
  for (const { name: area, area: seededArea } of seeded.areas) {
    for (const scenario of await seededArea.scenarios(context)) {
      if (!scenarioSelected(settings, scenario.name)) {
        continue;
      }
      if (scenario.requests) {
        progress(
          `  skipped ${scenario.name}: its requests chain through a seeded pool that repeated runs use up`,
        );
        continue;
      }
      selected.set(scenario.name, { area, scenario });
    }
  }
  return selected;
}

function describe(side: Side): CompareSide {
  return { label: side.label, name: side.name, commit: side.commit, dirty: side.dirty };
}
