import type { Db, SqlExecutor } from '../../server/db/client.ts';
import type { Random } from './random.ts';
import type { BaseProject } from '../seed/project.ts';

/** What a seed gets: the scratch database (already migrated), a seeded random source and the shared project. */
export type SeedContext = {
  db: Db;
  sql: SqlExecutor;
  random: Random;
  project: BaseProject;
  /** Concurrent connections of the run (`BENCH_CONNECTIONS`), for seeds that hand every connection its own rows. */
  connections: number;
  log: (message: string) => void;
};

/** What scenario factories get once the server runs. */
export type ScenarioContext = {
  /** `Bearer <access token>` for an account id, valid for the whole run. */
  authorization(accountId: string): Promise<string>;
};

/** Upper/lower limits from an issue; a scenario without one records `budget: null`. */
export type Budget = {
  minRequestsPerSecond?: number;
  /** Lowest req/s as a share of the ceiling's in the same run (0.4 = 40 %); read (GET) scenarios only. */
  minShareOfCeiling?: number;
  maxP99Ms?: number;
  /**
   * Highest 95th percentile of the latency. autocannon reports no p95, so it is checked against its p97.5, which
   * is never lower: a run that meets it on p97.5 meets it on p95.
   */
  maxP95Ms?: number;
  maxPeakRssMb?: number;
  /**
   * At most `factor` times slower (req/s) than another scenario of the same run, e.g. a deep page against page 1;
   * checked once all scenarios ran, unchecked (⚠) when the other one did not run.
   */
  maxSlowdown?: { baseline: string; factor: number };
};

/** One request as autocannon builds it: what `setupRequest` may change before it is sent. */
export type OutgoingRequest = {
  method: Scenario['method'];
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
};

/**
 * One request of a connection's sequence (an entry of autocannon's `requests`). Fields left out come from the
 * scenario (method, path, headers, body).
 */
export type ScenarioRequest = {
  method?: Scenario['method'];
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before every send of this request; changes and returns `request` (e.g. the body). */
  setupRequest?: (request: OutgoingRequest) => OutgoingRequest;
  /** Called with every answer to this request, the body as text. */
  onResponse?: (status: number, body: string) => void;
};

export type Scenario = {
  /** Shown in the table; keep it short and unique. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. `/api/tasks?taskIds=…`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Per-connection request chaining, for scenarios where every request depends on the previous answer (a
   * rotating refresh token). Called once for every connection of the warm-up and the measured run, and once
   * for the probe; each connection loops over the returned requests. Keep a connection's state in the closure
   * of the factory: autocannon's own `context` is reset every time a connection starts the list again, i.e.
   * before every request of a one-request list.
   */
  requests?: () => ScenarioRequest[];
  /**
   * Requests that make one operation (default 1): a page that needs two reads loops over both and counts as
   * one operation per two requests. The share of the ceiling is given per operation (`operationsPerSecond`).
   */
  requestsPerOperation?: number;
  /**
   * Checks the answer to one request before the load starts (the body parsed as JSON, and the request as it was
   * sent); returns what is wrong, or null. A failed check aborts the run, so a scenario never measures an empty
   * or wrong answer.
   */
  check?(body: unknown, sent: OutgoingRequest): string | null;
  budget: Budget | null;
};

/** What measurement factories get: the running server besides the scenario context. */
export type MeasurementContext = ScenarioContext & {
  baseUrl: string;
  serverPid: number;
  /** The server's DATA_DIR (local storage: cloud file bytes under `cloud/`). */
  dataDir: string;
  log: (message: string) => void;
  /**
   * Starts a second web instance on the same database and Redis (only with `BENCH_REDIS_URL`); the caller stops
   * it. For what must cross instances (issue 16: an event produced on one reaches sockets on the other).
   */
  startPeer?: () => Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }>;
};

/** A lower or upper limit of a measured value from an issue. */
export type MeasurementBudget = { min?: number; max?: number };

/** One number a measurement yields (a measurement may yield several, e.g. errors and throughput). */
export type MeasuredValue = {
  /** Shown in the measurements table; keep it short and unique. */
  name: string;
  value: number;
  unit: string;
  budget: MeasurementBudget | null;
  /** Failed operations behind the value: any makes the run exit 1, like a scenario's errors. */
  errors?: number;
  /** Settings and raw figures behind the value, recorded in latest.json. */
  details?: Record<string, number | string | boolean | null>;
};

/**
 * Work that is not a stream of equal requests (an upload of 1 GiB, thumbnails): it runs once after the area's
 * scenarios and returns what it measured. A measurement cleans up what it created on the server.
 */
export type Measurement = {
  name: string;
  run(context: MeasurementContext): Promise<MeasuredValue[]>;
};

/** One area (tasks, members, posts, files …): its data generator and the scenarios that load it. */
export type BenchArea<Data> = {
  name: string;
  seed(context: SeedContext): Promise<Data>;
  /** Row counts or other facts about the seeded data, recorded in latest.json. */
  summary?(data: Data): Record<string, number | string>;
  scenarios(data: Data, context: ScenarioContext): Promise<Scenario[]> | Scenario[];
  /** Measurements run after the scenarios (second table of the report). */
  measurements?(data: Data): Measurement[];
};

export type SeededArea = {
  summary: Record<string, number | string>;
  scenarios(context: ScenarioContext): Promise<Scenario[]>;
  measurements(): Measurement[];
};

/** An area with its data type hidden, so areas of different shapes fit in one list. */
export type RegisteredArea = {
  name: string;
  seed(context: SeedContext): Promise<SeededArea>;
};

export function defineArea<Data>(area: BenchArea<Data>): RegisteredArea {
  return {
    name: area.name,
    async seed(context) {
      const data = await area.seed(context);
      return {
        summary: area.summary?.(data) ?? {},
        scenarios: async (scenarioContext) => area.scenarios(data, scenarioContext),
        measurements: () => area.measurements?.(data) ?? [],
      };
    },
  };
}

export type ScenarioResult = {
  name: string;
  area: string;
  method: Scenario['method'];
  path: string;
  connections: number;
  durationSeconds: number;
  requestsTotal: number;
  requestsPerSecond: number;
  /** req/s over the scenario's `requestsPerOperation` (the same as req/s for one-request scenarios). */
  operationsPerSecond: number;
  requestsPerOperation: number;
  /** Operations/s as a share of the ceiling's req/s (0.41 = 41 %); null for a write or without a ceiling run. */
  shareOfCeiling: number | null;
  /** With a `maxSlowdown` budget: the baseline's req/s over this one's (2 = half as fast); null otherwise. */
  slowdown: number | null;
  latencyAverageMs: number;
  latencyP50Ms: number;
  latencyP975Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Mean bytes of an answer (headers and body) as autocannon read them. */
  bytesPerResponse: number | null;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  rssStartMb: number | null;
  peakRssMb: number | null;
  budget: Budget | null;
  /** Which budget limits were missed; null without a budget. */
  budgetViolations: string[] | null;
};

export type MeasurementResult = MeasuredValue & {
  area: string;
  /** The measurement that yielded the value. */
  measurement: string;
  /** Which budget limits were missed; null without a budget. */
  budgetViolations: string[] | null;
};
