import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { alignedTable, type BenchReport, type MachineInfo } from './report.ts';
import type { ScenarioResult } from './types.ts';

/** One side of a comparison: the commit under test, and whether uncommitted changes were part of it. */
export type CompareSide = { label: 'base' | 'head'; name: string; commit: string; dirty: boolean };

/** One scenario's runs, round by round (`base[i]` and `head[i]` are round i). */
export type CompareRun = {
  name: string;
  area: string;
  /** The sides in the order they ran. */
  order: ('base' | 'head')[];
  base: ScenarioResult[];
  head: ScenarioResult[];
};

export type CompareReport = {
  generatedAt: string;
  machine: MachineInfo;
  base: CompareSide;
  head: CompareSide;
  /** One database for both servers (same migrations), else one per commit with the same seed. */
  sharedDatabase: boolean;
  /** package-lock.json differs between the commits (both ran on the main checkout's node_modules). */
  dependenciesDiffer: boolean;
  settings: BenchReport['settings'] & { rounds: number; seed: number };
  runs: CompareRun[];
};

/** Issue 12: "within 5 % of their rates before the change". */
const tolerance = 0.05;

export type CompareSummary = {
  name: string;
  baseRequestsPerSecond: number;
  headRequestsPerSecond: number;
  /** Head's mean req/s over base's: 1 = equal, 0.95 = 5 % slower. */
  ratio: number;
  /** Head over base within each round, the spread the noise leaves. */
  roundRatios: number[];
  baseP99Ms: number;
  headP99Ms: number;
  withinTolerance: boolean;
};

export function summarize(run: CompareRun): CompareSummary {
  const baseRate = mean(run.base.map((result) => result.requestsPerSecond));
  const headRate = mean(run.head.map((result) => result.requestsPerSecond));
  const ratio = baseRate > 0 ? headRate / baseRate : 0;
  return {
    name: run.name,
    baseRequestsPerSecond: round(baseRate, 1),
    headRequestsPerSecond: round(headRate, 1),
    ratio: round(ratio, 3),
    roundRatios: run.base.map((result, index) => {
      const headResult = run.head[index];
      return headResult && result.requestsPerSecond > 0
        ? round(headResult.requestsPerSecond / result.requestsPerSecond, 3)
        : 0;
    }),
    baseP99Ms: median(run.base.map((result) => result.latencyP99Ms)),
    headP99Ms: median(run.head.map((result) => result.latencyP99Ms)),
    withinTolerance: ratio >= 1 - tolerance,
  };
}

const columns = [
  'scenario',
  'base req/s',
  'head req/s',
  'head/base',
  'per round',
  'base p99',
  'head p99',
] as const;

export function compareTable(report: CompareReport): string {
  const rows = report.runs.map((run) => {
    const summary = summarize(run);
    const errors = [...run.base, ...run.head].reduce((sum, result) => sum + result.errors + result.non2xx, 0);
    const verdict = summary.withinTolerance
      ? ''
      : ` ⚠ ${Math.round((1 - summary.ratio) * 100)} % slower (> ${tolerance * 100} %)`;
    return [
      run.name + verdict + (errors > 0 ? ` ✗ ${errors} errors/non-2xx` : ''),
      summary.baseRequestsPerSecond.toFixed(0),
      summary.headRequestsPerSecond.toFixed(0),
      `${(summary.ratio * 100).toFixed(1)} %`,
      `${(Math.min(...summary.roundRatios) * 100).toFixed(0)}–${(Math.max(...summary.roundRatios) * 100).toFixed(0)} %`,
      summary.baseP99Ms.toFixed(0),
      summary.headP99Ms.toFixed(0),
    ];
  });
  return alignedTable(columns, rows);
}

/** Writes compare.json (every run) and compare.md (the table) next to latest.json. */
export async function writeCompareReport(
  resultsDir: string,
  report: CompareReport,
): Promise<{ table: string; files: string[] }> {
  await mkdir(resultsDir, { recursive: true });
  const side = (s: CompareSide) =>
    `${s.name} (${s.commit.slice(0, 12)}${s.dirty ? ', uncommitted changes' : ''})`;
  const { settings } = report;
  const table = compareTable(report);
  const markdown = [
    '# Bench comparison',
    '',
    `${report.generatedAt} · base ${side(report.base)} · head ${side(report.head)} · node ${report.machine.node} · ` +
      `PostgreSQL ${report.machine.postgres ?? 'unknown'} · ${report.machine.cpus} × ${report.machine.cpuModel}`,
    '',
    `${settings.rounds} rounds per scenario (base and head alternating: A B, B A, …), ${settings.connections} connections, ` +
      `${settings.durationSeconds} s per run after a ${settings.warmupSeconds} s warm-up; ` +
      (report.sharedDatabase ? 'one database for both servers.' : 'a database per commit, same seed.') +
      (report.dependenciesDiffer
        ? ' package-lock.json differs between the commits: each ran on its own packages.'
        : ''),
    '',
    `head/base is head's mean req/s over base's; "per round" the lowest and highest ratio within one round. ` +
      `⚠ marks a head more than ${tolerance * 100} % slower.`,
    '',
    table,
    '',
  ].join('\n');
  const json = path.join(resultsDir, 'compare.json');
  const md = path.join(resultsDir, 'compare.md');
  const summaries = report.runs.map(summarize);
  await writeFile(json, `${JSON.stringify({ ...report, summaries }, null, 2)}\n`);
  await writeFile(md, markdown);
  return { table, files: [json, md] };
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
