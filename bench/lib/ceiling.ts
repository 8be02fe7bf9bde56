import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The ceiling (../shared/tools/ceiling): the fastest feed read this machine serves (bare Fastify + pg, one
 * prepared query). Read scenarios are reported as a share of its req/s from the same run.
 */
export type CeilingResult = {
  script: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  /** Fixed by run.sh: 50 connections and a 3 s warm-up; only the measured seconds are an argument. */
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
};

const ceilingConnections = 50;
const ceilingWarmupSeconds = 3;

type RawCeiling = { reqs: number; p50: number; p99: number; non2xx: number; errors: number };

/**
 * Runs `run.sh <root> <seconds>` in a process group of its own (so Ctrl-C stops its server and autocannon too)
 * and parses the JSON line it prints. PostgreSQL comes from the bench's admin URL as PGHOST/PGUSER/PGPASSWORD;
 * run.sh connects its server to port 5432. `onStart` gets a stop function for the cleanup.
 */
export async function runCeiling(
  options: { script: string; root: string; adminUrl: string; durationSeconds: number },
  onStart: (stop: () => Promise<void>) => void,
): Promise<CeilingResult> {
  const { script, root, adminUrl, durationSeconds } = options;
  if (!existsSync(script)) {
    throw new Error(
      `ceiling script ${script} not found (set BENCH_CEILING=<path to run.sh>, or off to skip it)`,
    );
  }
  const url = new URL(adminUrl);
  if (url.port && url.port !== '5432') {
    throw new Error(`the ceiling's run.sh connects to port 5432 only; BENCH_DATABASE_URL uses ${url.port}`);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: url.hostname || '127.0.0.1',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  const child = spawn('bash', [script, root, String(durationSeconds)], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const group = child.pid;
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  let running = true;
  onStart(async () => {
    if (running && group !== undefined) {
      try {
        process.kill(-group, 'SIGTERM');
      } catch {
        return; // the group is gone already
      }
      await exited;
    }
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await exited;
  running = false;
  const line = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) {
    throw new Error(`the ceiling failed (exit ${String(code)}): ${(stderr || stdout).trim().slice(0, 500)}`);
  }
  const raw = JSON.parse(line) as RawCeiling;
  return {
    script,
    requestsPerSecond: round(raw.reqs),
    latencyP50Ms: round(raw.p50),
    latencyP99Ms: round(raw.p99),
    non2xx: raw.non2xx,
    errors: raw.errors,
    connections: ceilingConnections,
    warmupSeconds: ceilingWarmupSeconds,
    durationSeconds,
  };
}

/** A read scenario's req/s as a share of the ceiling's (0.41 = 41 %). */
export function shareOfCeiling(requestsPerSecond: number, ceiling: CeilingResult | null): number | null {
  return ceiling && ceiling.requestsPerSecond > 0
    ? Math.round((requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000
    : null;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
