import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CeilingResult } from './ceiling.ts';
import { percent } from './load.ts';
import { formatBudget } from './measure.ts';
import type { reportedSettings } from './settings.ts';
import { alignedTable } from './markdown.ts';
import { pageSpeedTable } from './page-speed.ts';
import type { MeasurementResult, ScenarioResult } from './types.ts';

export { alignedTable };

export type MachineInfo = {
  platform: string;
  release: string;
  arch: string;
  cpus: number;
  cpuModel: string;
  totalMemoryMb: number;
  node: string;
  postgres: string | null;
  gitCommit: string | null;
  /** Uncommitted changes in the working tree when the bench ran. */
  gitDirty: boolean | null;
};

export type BenchReport = {
  generatedAt: string;
  machine: MachineInfo;
  settings: ReturnType<typeof reportedSettings>;
  /** The ceiling's run before the scenarios; null with `BENCH_CEILING=off`. */
  ceiling: CeilingResult | null;
  seed: Record<string, { seconds: number; summary: Record<string, number | string> }>;
  scenarios: ScenarioResult[];
  /** Values of the areas' measurements (uploads, thumbnails); empty when no selected area has any. */
  measurements: MeasurementResult[];
};

export function machineInfo(root: string, postgres: string | null): MachineInfo {
  const cpus = os.cpus();
  return {
    platform: os.platform(),
    release: os.release(),
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    postgres,
    gitCommit: git(root, ['rev-parse', 'HEAD']),
    gitDirty: dirty(root),
  };
}

function git(root: string, args: string[]): string | null {
  try {
    // Read-only: --no-optional-locks keeps git from refreshing the index.
    return execFileSync('git', ['--no-optional-locks', ...args], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

function dirty(root: string): boolean | null {
  const status = git(root, ['status', '--porcelain']);
  return status === null ? null : status.length > 0;
}

const columns = [
  'scenario',
  'req/s',
  'of ceiling',
  'p50 ms',
  'p99 ms',
  'errors',
  'non-2xx',
  'RSS MB',
  'kB per answer',
] as const;

/** The scenarios, after the ceiling's own row when the run measured it. */
export function markdownTable(results: ScenarioResult[], ceiling: CeilingResult | null): string {
  const ceilingRows = ceiling
    ? [
        [
          `ceiling (bare Fastify + pg feed, ${ceiling.connections} connections)`,
          formatNumber(ceiling.requestsPerSecond, 0),
          '100 %',
          formatNumber(ceiling.latencyP50Ms, 0),
          formatNumber(ceiling.latencyP99Ms, 0),
          String(ceiling.errors),
          String(ceiling.non2xx),
          'n/a',
          'n/a',
        ],
      ]
    : [];
  const rows = results.map((result) => [
    result.name + (result.budgetViolations?.length ? ` ⚠ ${result.budgetViolations.join('; ')}` : ''),
    formatNumber(result.requestsPerSecond, 0),
    result.shareOfCeiling === null ? '–' : percent(result.shareOfCeiling),
    formatNumber(result.latencyP50Ms, 0),
    formatNumber(result.latencyP99Ms, 0),
    String(result.errors),
    String(result.non2xx),
    result.peakRssMb === null ? 'n/a' : formatNumber(result.peakRssMb, 0),
    result.bytesPerResponse === null || result.bytesPerResponse === undefined
      ? 'n/a'
      : formatNumber(result.bytesPerResponse / 1024, 1),
  ]);
  return alignedTable(columns, [...ceilingRows, ...rows]);
}

const measurementColumns = ['measurement', 'value', 'unit', 'budget'] as const;

/** The second table: one row per measured value, violations marked like the scenarios'. */
export function measurementsTable(results: MeasurementResult[]): string {
  const rows = results.map((result) => [
    result.name + (result.budgetViolations?.length ? ` ⚠ ${result.budgetViolations.join('; ')}` : ''),
    formatNumber(result.value, Number.isInteger(result.value) ? 0 : 1),
    result.unit,
    formatBudget(result.budget),
  ]);
  return alignedTable(measurementColumns, rows);
}

/**
 * "- GET folder …: 2,950 req/s = 41 % of the ceiling (7,200 req/s)", one line per read scenario ("1,200 req/s =
 * 600 operations/s" for one of several requests); "- … page 500: 1.3× slower than …" per slowdown budget.
 */
function shareLines(results: ScenarioResult[], ceiling: CeilingResult | null): string[] {
  const rate = (value: number) => Math.round(value).toLocaleString('en-US');
  const shares = ceiling
    ? results.flatMap((result) =>
        result.shareOfCeiling === null
          ? []
          : [
              `- ${result.name}: ${rate(result.requestsPerSecond)} req/s` +
                (result.requestsPerOperation > 1
                  ? ` (${result.requestsPerOperation} per operation) = ${rate(result.operationsPerSecond)} operations/s`
                  : '') +
                ` = ${percent(result.shareOfCeiling)} of the ceiling (${rate(ceiling.requestsPerSecond)} req/s)`,
            ],
      )
    : [];
  const slowdowns = results.flatMap((result) =>
    result.slowdown === null || !result.budget?.maxSlowdown
      ? []
      : [
          `- ${result.name}: ${result.slowdown.toFixed(2)}× the time of "${result.budget.maxSlowdown.baseline}" ` +
            `(${rate(result.requestsPerSecond)} against ${rate(result.requestsPerSecond * result.slowdown)} req/s)`,
        ],
  );
  return [...shares, ...slowdowns];
}

function ceilingLine(ceiling: CeilingResult | null, connections: number): string {
  if (!ceiling) {
    return 'No ceiling run (BENCH_CEILING=off, or measurements alone): read scenarios have no share of the ceiling.';
  }
  const differs =
    ceiling.connections === connections
      ? ''
      : ` (run.sh always uses ${ceiling.connections} connections, the scenarios ${connections}: compare shares with care)`;
  return (
    `Ceiling (${path.basename(path.dirname(ceiling.script))}/run.sh, ${ceiling.durationSeconds} s after a ${ceiling.warmupSeconds} s warm-up): ` +
    `${formatNumber(ceiling.requestsPerSecond, 0)} req/s, p99 ${formatNumber(ceiling.latencyP99Ms, 0)} ms; ` +
    `"of ceiling" is a read scenario's req/s as a share of it${differs}.`
  );
}

function formatNumber(value: number, digits: number): string {
  return value.toFixed(digits);
}

export async function writeReport(resultsDir: string, report: BenchReport): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const shares = shareLines(report.scenarios, report.ceiling);
  const pageSpeed = pageSpeedTable(report.measurements);
  const table = [
    // A run of measurements alone (BENCH_MEASUREMENTS) has no load table.
    ...(report.scenarios.length > 0 || report.ceiling
      ? [markdownTable(report.scenarios, report.ceiling)]
      : []),
    ...(shares.length > 0 ? ['', ...shares] : []),
    ...(report.measurements.length > 0 ? ['', measurementsTable(report.measurements)] : []),
    ...(pageSpeed ? ['', pageSpeed] : []),
  ]
    .join('\n')
    .trim();
  const { machine, settings } = report;
  const markdown = [
    `# Bench results`,
    '',
    `${report.generatedAt} · commit ${machine.gitCommit?.slice(0, 12) ?? 'unknown'}${machine.gitDirty ? ' (dirty)' : ''} · ` +
      `node ${machine.node} · PostgreSQL ${machine.postgres ?? 'unknown'} · ${machine.cpus} × ${machine.cpuModel} · ` +
      `${machine.totalMemoryMb} MB`,
    '',
    `${settings.connections} connections, ${settings.durationSeconds} s per scenario after a ${settings.warmupSeconds} s warm-up` +
      `${settings.redis ? ', Redis on' : ''}.`,
    '',
    ceilingLine(report.ceiling, settings.connections),
    '',
    table,
    '',
  ].join('\n');
  await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(resultsDir, 'latest.md'), markdown);
  return table;
}
