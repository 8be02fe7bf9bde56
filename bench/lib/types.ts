import type { Db, SqlExecutor } from '../../server/db/client.ts';
import type { Random } from './random.ts';
import type { BaseProject } from '../seed/project.ts';

/** What a seed gets: the scratch database (already migrated), a seeded random source and the shared project. */
export type SeedContext = {
  db: Db;
  sql: SqlExecutor;
  random: Random;
  project: BaseProject;
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
  maxP99Ms?: number;
  maxPeakRssMb?: number;
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
   * Checks the answer to one request before the load starts (the body parsed as JSON); returns what is wrong,
   * or null. A failed check aborts the run, so a scenario never measures an empty or wrong answer.
   */
  check?(body: unknown): string | null;
  budget: Budget | null;
};

/** One area (tasks, members, posts, files …): its data generator and the scenarios that load it. */
export type BenchArea<Data> = {
  name: string;
  seed(context: SeedContext): Promise<Data>;
  /** Row counts or other facts about the seeded data, recorded in latest.json. */
  summary?(data: Data): Record<string, number | string>;
  scenarios(data: Data, context: ScenarioContext): Promise<Scenario[]> | Scenario[];
};

export type SeededArea = {
  summary: Record<string, number | string>;
  scenarios(context: ScenarioContext): Promise<Scenario[]>;
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
  latencyAverageMs: number;
  latencyP50Ms: number;
  latencyP975Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
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
