import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { cpuSlowdownFor, type CpuSlowdown } from './cpu-calibration.ts';
import { longTaskTimes } from './main-thread.ts';
import { median } from './median.ts';
import { chromiumArgs, signIn } from './page-load.ts';
import { freePort } from './server.ts';

/** One screen Lighthouse loads: signed out (the sign-in page) or as the signed-in owner. */
export type LighthouseTarget = { name: string; path: string; signedIn: boolean };

export type LighthouseOptions = {
  baseUrl: string;
  targets: LighthouseTarget[];
  /** The account signed-in targets use (through the API; the refresh token goes where the web app keeps it). */
  login: { email: string; password: string };
  runs: number;
  log: (message: string) => void;
  /** Where each run's full report goes (`<target>-<run>.json`, Lighthouse's own format), when set. */
  reportDir?: string;
};

/** What one Lighthouse run yields; a target's summary holds the median of each over its runs. */
export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Transferred bytes (compressed, with headers) of scripts the browser requested before the first paint. */
  scriptKbBeforePaint: number;
  scriptCountBeforePaint: number;
  /** Every script of the load, and all bytes of the load. */
  scriptKbTotal: number;
  totalKb: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
  /** The host's benchmark index as Lighthouse measured it in this run. */
  benchmarkIndex: number;
  /**
   * The page's main-thread tasks of 10 ms or more in the trace (unthrottled): their wall-clock time, which the
   * simulation multiplies, and the part of it the renderer spent on the CPU (NaN when the trace has no thread time).
   */
  longTaskWallMs: number;
  longTaskCpuMs: number;
};

export type LighthouseSummary = {
  target: LighthouseTarget;
  median: LighthouseFigures;
  runs: LighthouseFigures[];
  /** The median of the CPU slowdowns the runs simulated (and of the benchmark indices they were calibrated for). */
  cpuSlowdown: CpuSlowdown;
};

/** As the issue measured: Debian's Chromium in its new headless mode, without background traffic. */
const lighthouseChromiumArgs = ['--headless=new', ...chromiumArgs];

/**
 * Runs Lighthouse (mobile profile, cold cache: it empties the browser cache before every run) `runs` times per
 * target and takes the median of every figure. The profile's CPU slowdown is calibrated to this host before each run,
 * as Lighthouse asks for on hosts slower or faster than the desktop its 4× assumes (`cpu-calibration.ts`). Chromium runs with a
 * remote-debugging port that Lighthouse connects to; a persistent profile lets the session's refresh token reach
 * Lighthouse's page, because Lighthouse clears the cache, service workers and cache storage of the origin but leaves
 * its local storage.
 */
export async function measureLighthouse(options: LighthouseOptions): Promise<LighthouseSummary[]> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'gemeinde-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...lighthouseChromiumArgs, `--remote-debugging-port=${port}`],
  });
  try {
    const summaries: LighthouseSummary[] = [];
    for (const target of options.targets) {
      const runs: LighthouseFigures[] = [];
      const slowdowns: CpuSlowdown[] = [];
      for (let run = 0; run < options.runs; run++) {
        // Calibrated right before each run: this host's benchmark index wanders by a factor of two from one minute
        // to the next (1,000 to 2,500 within one bench), and a slowdown measured at the start misses it.
        const cpuSlowdown = await cpuSlowdownFor(context);
        slowdowns.push(cpuSlowdown);
        const { lhr, trace } = await withRetry(options.log, async () => {
          // A fresh session per run: the web app rotates the refresh token on every load.
          await setRefreshToken(
            context,
            options.baseUrl,
            target.signedIn ? await signIn(options.baseUrl, options.login) : null,
          );
          return runLighthouse(`${options.baseUrl}${target.path}`, port, cpuSlowdown.multiplier);
        });
        const figures = figuresOf(lhr, trace);
        if (options.reportDir) {
          await mkdir(options.reportDir, { recursive: true });
          await writeFile(
            path.join(options.reportDir, `${target.name}-${run + 1}.json`),
            JSON.stringify(lhr),
          );
          // BENCH_LIGHTHOUSE_TRACES=1 keeps each run's trace too (open it in Chrome's performance panel), to see
          // what the long tasks behind a blocking-time figure were; `profile` adds the JavaScript profiler's samples.
          if (keepsTraces()) {
            await writeFile(
              path.join(options.reportDir, `${target.name}-${run + 1}.trace.json`),
              JSON.stringify(trace),
            );
          }
        }
        options.log(
          `  ${target.name} run ${run + 1}: performance ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, ` +
            `CLS ${figures.cls.toFixed(3)}, JS before paint ${figures.scriptKbBeforePaint.toFixed(1)} kB ` +
            `(LCP: ${figures.lcpElement}), CPU slowdown ${describeSlowdown(cpuSlowdown)}, ` +
            `long tasks ${describeLongTasks(figures)}`,
        );
        runs.push(figures);
      }
      summaries.push({ target, median: medianFigures(runs), runs, cpuSlowdown: medianSlowdown(slowdowns) });
    }
    return summaries;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse sometimes loses a run's trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated
 * once. A second failure, or a page that ends elsewhere than asked, fails the measurement.
 */
async function withRetry<T>(log: (message: string) => void, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) {
      throw error;
    }
    log(`  ! ${error.message}; once more`);
    return run();
  }
}

class LighthouseRuntimeError extends Error {}

const keepsTraces = () => ['1', 'profile'].includes(process.env.BENCH_LIGHTHOUSE_TRACES ?? '');
const profilesScripts = () => process.env.BENCH_LIGHTHOUSE_TRACES === 'profile';

async function runLighthouse(
  url: string,
  port: number,
  cpuSlowdownMultiplier: number,
): Promise<{ lhr: Result; trace: unknown }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Merged into the mobile profile's throttling: its network stays as it is.
    throttling: { cpuSlowdownMultiplier },
    // With `profile`, the traces carry the JavaScript profiler's samples too: which functions a long task ran.
    // The sampling costs some CPU time itself, so the figures of such a run are not comparable with others.
    additionalTraceCategories: profilesScripts() ? 'disabled-by-default-v8.cpu_profiler' : null,
  });
  if (!result) {
    throw new Error(`Lighthouse returned no result for ${url}`);
  }
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    throw new LighthouseRuntimeError(
      `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  }
  if (lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdownMultiplier) {
    throw new Error(`Lighthouse on ${url} ran with another CPU slowdown than ${cpuSlowdownMultiplier}×`);
  }
  if (lhr.finalDisplayedUrl !== url) {
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
  }
  return { lhr, trace: result.artifacts.Trace };
}

/** Puts the refresh token where the web app looks for it (or removes it), from a page of the same origin. */
async function setRefreshToken(
  context: BrowserContext,
  baseUrl: string,
  token: string | null,
): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate((value) => {
      window.sessionStorage.clear();
      if (value) {
        window.localStorage.setItem('auth.refreshToken', value);
      } else {
        window.localStorage.removeItem('auth.refreshToken');
      }
    }, token);
  } finally {
    await page.close();
  }
}

type NetworkRequest = { networkRequestTime?: number; resourceType?: string; transferSize?: number };
type MetricsItem = { observedFirstContentfulPaintTs?: number };

function figuresOf(lhr: Result, trace: unknown): LighthouseFigures {
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const requestsAudit = audit('network-requests')?.details as
    { items: NetworkRequest[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const metrics = (audit('metrics')?.details as { items?: MetricsItem[] } | undefined)?.items?.[0];
  const requests = requestsAudit?.items ?? [];
  const start = requestsAudit?.debugData?.networkStartTimeTs;
  const paintTs = metrics?.observedFirstContentfulPaintTs;
  // Both in microseconds of the same monotonic clock; request times are milliseconds since the first request.
  const paintMs = start !== undefined && paintTs !== undefined ? (paintTs - start) / 1000 : Number.NaN;
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const beforePaint = scripts.filter((request) => (request.networkRequestTime ?? Infinity) < paintMs);
  const kb = (list: NetworkRequest[]) =>
    list.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1000;
  const lcpItem = (
    audit('largest-contentful-paint-element')?.details as
      { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined
  )?.items?.[0]?.items?.[0]?.node;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    scriptKbBeforePaint: kb(beforePaint),
    scriptCountBeforePaint: beforePaint.length,
    scriptKbTotal: kb(scripts),
    totalKb: kb(requests),
    lcpElement: lcpItem ? `${lcpItem.selector ?? ''} "${(lcpItem.nodeLabel ?? '').slice(0, 40)}"` : 'none',
    ...longTaskFigures(trace),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function longTaskFigures(trace: unknown): Pick<LighthouseFigures, 'longTaskWallMs' | 'longTaskCpuMs'> {
  const { wallMs, cpuMs } = longTaskTimes(trace);
  return { longTaskWallMs: wallMs, longTaskCpuMs: cpuMs ?? Number.NaN };
}

function describeLongTasks({ longTaskWallMs, longTaskCpuMs }: LighthouseFigures): string {
  const wall = `${Math.round(longTaskWallMs)} ms`;
  return Number.isFinite(longTaskCpuMs) ? `${wall} (${Math.round(longTaskCpuMs)} ms on the CPU)` : wall;
}

function describeSlowdown({ multiplier, benchmarkIndex }: CpuSlowdown): string {
  return benchmarkIndex === null
    ? `${multiplier}× (set by BENCH_LIGHTHOUSE_CPU_SLOWDOWN)`
    : `${multiplier}× (benchmark index ${Math.round(benchmarkIndex)})`;
}

function medianSlowdown(slowdowns: CpuSlowdown[]): CpuSlowdown {
  const indices = slowdowns.flatMap(({ benchmarkIndex }) =>
    benchmarkIndex === null ? [] : [benchmarkIndex],
  );
  return {
    multiplier: median(slowdowns.map(({ multiplier }) => multiplier)),
    benchmarkIndex: indices.length === 0 ? null : median(indices),
  };
}

function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (key: Exclude<keyof LighthouseFigures, 'lcpElement'>) => median(runs.map((run) => run[key]));
  // The LCP element of the run whose LCP is the median.
  const lcpMs = of('lcpMs');
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    fcpMs: of('fcpMs'),
    lcpMs,
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    scriptKbBeforePaint: of('scriptKbBeforePaint'),
    scriptCountBeforePaint: of('scriptCountBeforePaint'),
    scriptKbTotal: of('scriptKbTotal'),
    totalKb: of('totalKb'),
    lcpElement: runs.find((run) => run.lcpMs === lcpMs)?.lcpElement ?? 'none',
    benchmarkIndex: of('benchmarkIndex'),
    longTaskWallMs: of('longTaskWallMs'),
    // NaN where a trace had no thread time: the median of the runs that had it.
    longTaskCpuMs: median(runs.map((run) => run.longTaskCpuMs).filter(Number.isFinite)),
  };
}
