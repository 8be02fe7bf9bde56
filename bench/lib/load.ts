import { readFile } from 'node:fs/promises';
import autocannon, { type Instance, type Options, type Request, type Result } from 'autocannon';
import { shareOfCeiling, type CeilingResult } from './ceiling.ts';
import type { Budget, OutgoingRequest, Scenario, ScenarioRequest, ScenarioResult } from './types.ts';

export type LoadSettings = {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
};

const rssSampleMs = 100;
/**
 * Pause after every autocannon run: it ends by dropping its connections with requests still in flight, and the
 * server finishes those handlers anyway. They should not overlap the next run or the server's shutdown.
 */
const settleMs = 1_000;
let current: Instance | undefined;

/** Stops the autocannon run in progress (Ctrl-C). */
export function stopLoad(): void {
  current?.stop();
}

/**
 * One scenario: a sanity request (its status and body are shown if it is not 2xx), a warm-up that is thrown
 * away, then the measured run while the server's RSS is sampled. A read (GET) is also given as a share of the
 * ceiling's req/s when the run measured one.
 */
export async function runScenario(
  baseUrl: string,
  serverPid: number,
  area: string,
  scenario: Scenario,
  settings: LoadSettings,
  ceiling: CeilingResult | null = null,
): Promise<ScenarioResult> {
  await probe(baseUrl, scenario);
  const { requests } = scenario;
  const options: Options = {
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method,
    connections: settings.connections,
    headers: withContentType({ ...scenario.headers }, scenario.body),
    ...(scenario.body ? { body: scenario.body } : {}),
    // Every connection gets its own list from the factory (its own closure state), before its first request.
    ...(requests ? { setupClient: (client) => client.setRequests(requests().map(toAutocannonRequest)) } : {}),
  };
  if (settings.warmupSeconds > 0) {
    await load({ ...options, duration: settings.warmupSeconds });
    await settle();
  }
  const rssStartMb = await readRssMb(serverPid);
  const sampler = sampleRss(serverPid);
  let result: Result;
  try {
    result = await load({ ...options, duration: settings.durationSeconds });
  } finally {
    sampler.stop();
  }
  await settle();
  const peakRssMb = Math.max(sampler.peak() ?? 0, rssStartMb ?? 0) || null;
  const requestsPerSecond = round(result.requests.average);
  const requestsPerOperation = scenario.requestsPerOperation ?? 1;
  const operationsPerSecond = round(requestsPerSecond / requestsPerOperation);
  const latencyP99Ms = round(result.latency.p99);
  const share = scenario.method === 'GET' ? shareOfCeiling(operationsPerSecond, ceiling) : null;
  return {
    name: scenario.name,
    area,
    method: scenario.method,
    path: scenario.path,
    connections: settings.connections,
    durationSeconds: result.duration,
    requestsTotal: result.latency.totalCount,
    requestsPerSecond,
    operationsPerSecond,
    requestsPerOperation,
    shareOfCeiling: share,
    slowdown: null,
    latencyAverageMs: round(result.latency.average),
    latencyP50Ms: round(result.latency.p50),
    latencyP975Ms: round(result.latency.p97_5),
    latencyP99Ms,
    latencyMaxMs: round(result.latency.max),
    bytesPerResponse:
      result.requests.average > 0 ? Math.round(result.throughput.average / result.requests.average) : null,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
    errors: result.errors,
    timeouts: result.timeouts,
    rssStartMb: rssStartMb === null ? null : round(rssStartMb),
    peakRssMb: peakRssMb === null ? null : round(peakRssMb),
    budget: scenario.budget,
    budgetViolations: scenario.budget
      ? checkBudget(scenario.budget, {
          requestsPerSecond,
          shareOfCeiling: share,
          latencyP975Ms: round(result.latency.p97_5),
          latencyP99Ms,
          peakRssMb,
        })
      : null,
  };
}

async function load(options: Options): Promise<Result> {
  current = autocannon(options);
  try {
    return await current;
  } finally {
    current = undefined;
  }
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, settleMs));
}

/** One request before the load: a non-2xx answer is shown (the run still counts it), a failed check aborts. */
async function probe(baseUrl: string, scenario: Scenario): Promise<void> {
  // A chaining scenario is probed with the first request of a connection of its own, like autocannon sends it.
  const first = scenario.requests?.()[0];
  let sent: OutgoingRequest = {
    method: first?.method ?? scenario.method,
    path: first?.path ?? scenario.path,
    headers: { ...scenario.headers, ...first?.headers },
    body: first?.body ?? scenario.body,
  };
  if (first?.setupRequest) {
    sent = first.setupRequest(sent);
  }
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${baseUrl}${sent.path}`, {
      method: sent.method,
      headers: withContentType({ ...sent.headers }, sent.body),
      ...(sent.body ? { body: sent.body } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    console.error(`  ! ${scenario.name}: probe failed: ${(error as Error).message}`);
    return;
  }
  first?.onResponse?.(status, text);
  if (status < 200 || status >= 300) {
    console.error(`  ! ${scenario.name}: probe answered ${status}: ${text.slice(0, 500)}`);
    return;
  }
  if (scenario.check) {
    let problem: string | null;
    try {
      problem = scenario.check(JSON.parse(text) as unknown, sent);
    } catch (error) {
      problem = `unreadable answer: ${(error as Error).message}`;
    }
    if (problem) {
      throw new Error(`${scenario.name}: ${problem} (answer: ${text.slice(0, 300)})`);
    }
  }
}

/** Adds `content-type: application/json` when there is a body and the headers name no content type. */
function withContentType(headers: Record<string, string>, body: string | undefined): Record<string, string> {
  if (body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  return headers;
}

/** A scenario's request as an autocannon `requests` entry; `setupRequest` sees and returns plain strings. */
function toAutocannonRequest(request: ScenarioRequest): Request {
  const { setupRequest, onResponse, ...fixed } = request;
  return {
    ...fixed,
    ...(setupRequest
      ? {
          setupRequest: (raw) => {
            const body =
              typeof raw.body === 'string'
                ? raw.body
                : raw.body?.length
                  ? raw.body.toString('utf8')
                  : undefined;
            const next = setupRequest({
              method: raw.method,
              path: raw.path,
              headers: { ...raw.headers },
              body,
            });
            return {
              ...raw,
              method: next.method,
              path: next.path,
              headers: withContentType({ ...next.headers }, next.body),
              body: next.body ?? Buffer.alloc(0),
            };
          },
        }
      : {}),
    ...(onResponse ? { onResponse: (status, body) => onResponse(status, body) } : {}),
  };
}

export function checkBudget(
  budget: Budget,
  measured: {
    requestsPerSecond: number;
    shareOfCeiling: number | null;
    latencyP975Ms: number;
    latencyP99Ms: number;
    peakRssMb: number | null;
  },
): string[] {
  const violations: string[] = [];
  if (budget.minRequestsPerSecond !== undefined && measured.requestsPerSecond < budget.minRequestsPerSecond) {
    violations.push(`req/s ${measured.requestsPerSecond} < ${budget.minRequestsPerSecond}`);
  }
  if (budget.minShareOfCeiling !== undefined) {
    const wanted = percent(budget.minShareOfCeiling);
    // Without a ceiling run (BENCH_CEILING=off) the budget cannot be met: it shows as unchecked.
    if (measured.shareOfCeiling === null) {
      violations.push(`share of the ceiling unchecked (no ceiling run), budget ≥ ${wanted}`);
    } else if (measured.shareOfCeiling < budget.minShareOfCeiling) {
      violations.push(`${percent(measured.shareOfCeiling)} of the ceiling < ${wanted}`);
    }
  }
  if (budget.maxP95Ms !== undefined && measured.latencyP975Ms > budget.maxP95Ms) {
    violations.push(`p97.5 ${measured.latencyP975Ms} ms > p95 budget ${budget.maxP95Ms} ms`);
  }
  if (budget.maxP99Ms !== undefined && measured.latencyP99Ms > budget.maxP99Ms) {
    violations.push(`p99 ${measured.latencyP99Ms} ms > ${budget.maxP99Ms} ms`);
  }
  if (
    budget.maxPeakRssMb !== undefined &&
    measured.peakRssMb !== null &&
    measured.peakRssMb > budget.maxPeakRssMb
  ) {
    violations.push(`RSS ${round(measured.peakRssMb)} MB > ${budget.maxPeakRssMb} MB`);
  }
  return violations;
}

/**
 * The `maxSlowdown` budgets, once every scenario of the run has a result: sets `slowdown` (the baseline's req/s
 * over the scenario's) and adds a violation when it exceeds the factor or the baseline did not run.
 */
export function checkSlowdowns(results: ScenarioResult[]): void {
  for (const result of results) {
    const limit = result.budget?.maxSlowdown;
    if (!limit) {
      continue;
    }
    const baseline = results.find((other) => other.name === limit.baseline);
    const violations = result.budgetViolations ?? [];
    if (!baseline || result.requestsPerSecond <= 0) {
      violations.push(`slowdown unchecked (no "${limit.baseline}" in this run), budget ≤ ${limit.factor}×`);
    } else {
      result.slowdown = round(baseline.requestsPerSecond / result.requestsPerSecond);
      if (result.slowdown > limit.factor) {
        violations.push(`${result.slowdown}× slower than "${limit.baseline}" > ${limit.factor}×`);
      }
    }
    result.budgetViolations = violations;
  }
}

/** Resident set size of a process in MB from /proc (Linux); null elsewhere or once it is gone. */
export async function readRssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function sampleRss(pid: number): { peak(): number | null; stop(): void } {
  let peak: number | null = null;
  const timer = setInterval(() => {
    void readRssMb(pid).then((mb) => {
      if (mb !== null && (peak === null || mb > peak)) {
        peak = mb;
      }
    });
  }, rssSampleMs);
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

/** 0.413 → "41 %". */
export function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
