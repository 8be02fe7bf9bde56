import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatBudget } from './measure.ts';
import type { MeasurementResult, ScenarioResult } from './types.ts';

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
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    redis: boolean;
    areas: string[];
  };
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

const columns = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'RSS MB'] as const;

export function markdownTable(results: ScenarioResult[]): string {
  const rows = results.map((result) => [
    result.name + (result.budgetViolations?.length ? ` ⚠ ${result.budgetViolations.join('; ')}` : ''),
    formatNumber(result.requestsPerSecond, 0),
    formatNumber(result.latencyP50Ms, 0),
    formatNumber(result.latencyP99Ms, 0),
    String(result.errors),
    String(result.non2xx),
    result.peakRssMb === null ? 'n/a' : formatNumber(result.peakRssMb, 0),
  ]);
  return alignedTable(columns, rows);
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

/** A markdown table, the first column left-aligned and the others right-aligned. */
function alignedTable(columns: readonly string[], rows: string[][]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => row[index]!.length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' | ')} |`;
  const separator = `|${widths.map((width, index) => (index === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(columns), separator, ...rows.map(line)].join('\n');
}

function formatNumber(value: number, digits: number): string {
  return value.toFixed(digits);
}

export async function writeReport(resultsDir: string, report: BenchReport): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const table = [
    markdownTable(report.scenarios),
    ...(report.measurements.length > 0 ? ['', measurementsTable(report.measurements)] : []),
  ].join('\n');
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
    table,
    '',
  ].join('\n');
  await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(resultsDir, 'latest.md'), markdown);
  return table;
}
