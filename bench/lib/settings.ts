import path from 'node:path';
import type { LoadSettings } from './load.ts';
import type { RegisteredArea } from './types.ts';

export type Settings = LoadSettings & {
  adminUrl: string;
  redisUrl: string | undefined;
  areas: string[] | undefined;
  /** Case-insensitive name fragments; a scenario runs when its name contains any (all when unset). */
  scenarios: string[] | undefined;
  /** The same for the areas' measurements (`BENCH_MEASUREMENTS`). */
  measurements: string[] | undefined;
  seed: number;
  /** The ceiling's run.sh, or null when `BENCH_CEILING=off`. */
  ceilingScript: string | null;
  /** `BENCH_COMPARE`: the commits to compare, or null for a normal run. */
  compare: { base: string; head: string | null } | null;
  /** Measured runs per server and scenario in a comparison. */
  rounds: number;
};

const list = (raw: string | undefined) =>
  raw
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function readSettings(env: NodeJS.ProcessEnv, root: string, areas: RegisteredArea[]): Settings {
  const number = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isFinite(value) || value < min) {
      throw new Error(`${name} must be a number ≥ ${min} (got ${JSON.stringify(raw)})`);
    }
    return value;
  };
  const selected = list(env.BENCH_AREAS);
  const unknown = selected?.filter((name) => !areas.some((area) => area.name === name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_AREAS: unknown area(s) ${unknown.join(', ')}; known: ${areas.map((area) => area.name).join(', ')}`,
    );
  }
  const scenarios = list(env.BENCH_SCENARIOS)?.map((fragment) => fragment.toLowerCase());
  const measurements = list(env.BENCH_MEASUREMENTS)?.map((fragment) => fragment.toLowerCase());
  const ceiling = env.BENCH_CEILING?.trim();
  return {
    adminUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.BENCH_REDIS_URL || undefined,
    durationSeconds: number('BENCH_DURATION', 10, 1),
    warmupSeconds: number('BENCH_WARMUP', 2, 0),
    connections: Math.floor(number('BENCH_CONNECTIONS', 50, 1)),
    seed: Math.floor(number('BENCH_SEED', 1, 0)),
    areas: selected?.length ? selected : undefined,
    scenarios: scenarios?.length ? scenarios : undefined,
    measurements: measurements?.length ? measurements : undefined,
    // The shared tool lives beside the project checkout (../shared/tools/ceiling from the project root).
    ceilingScript:
      ceiling === 'off'
        ? null
        : path.resolve(root, ceiling || path.join('..', 'shared', 'tools', 'ceiling', 'run.sh')),
    compare: readCompare(env.BENCH_COMPARE),
    rounds: Math.floor(number('BENCH_ROUNDS', 4, 1)),
  };
}

/** `<base>` compares with this checkout (its working tree), `<base>..<head>` two commits. */
function readCompare(raw: string | undefined): Settings['compare'] {
  const value = raw?.trim();
  if (!value) {
    return null;
  }
  const [base, head, ...rest] = value.split('..');
  if (!base || rest.length > 0 || head === '') {
    throw new Error(`BENCH_COMPARE must be <commit> or <commit>..<commit> (got ${JSON.stringify(raw)})`);
  }
  return { base, head: head ?? null };
}

const matches = (fragments: string[], name: string) =>
  fragments.some((fragment) => name.toLowerCase().includes(fragment));

/**
 * Whether a load scenario runs: all without a selection; with `BENCH_SCENARIOS` those it names; with only
 * `BENCH_MEASUREMENTS` none (a run of measurements alone).
 */
export function scenarioSelected(settings: Settings, name: string): boolean {
  if (settings.scenarios) {
    return matches(settings.scenarios, name);
  }
  return !settings.measurements;
}

/** Whether a measurement runs: the mirror image of `scenarioSelected`. */
export function measurementSelected(settings: Settings, name: string): boolean {
  if (settings.measurements) {
    return matches(settings.measurements, name);
  }
  return !settings.scenarios;
}

/** Whether the selection leaves any measurement in, which need the web app served (page loads, Lighthouse). */
export function anyMeasurementSelected(settings: Settings): boolean {
  return Boolean(settings.measurements) || !settings.scenarios;
}

/** The settings a report records. */
export function reportedSettings(settings: Settings, areas: RegisteredArea[]) {
  return {
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    redis: Boolean(settings.redisUrl),
    areas: areas.map((area) => area.name),
    /** `BENCH_SCENARIOS`, when it narrowed the run. */
    scenarios: settings.scenarios ?? null,
    /** `BENCH_MEASUREMENTS`, when it narrowed the run. */
    measurements: settings.measurements ?? null,
  };
}
