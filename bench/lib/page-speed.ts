import type { MeasuredValue, MeasurementResult } from './types.ts';
import type { LighthouseFigures, LighthouseSummary } from './lighthouse.ts';
import { alignedTable } from './markdown.ts';

/** Issue 14's goals for every screen measured, Lighthouse's mobile profile. */
export const pageSpeedBudget = {
  minPerformance: 90,
  minAccessibility: 100,
  maxLcpMs: 2500,
  maxCls: 0.05,
  maxScriptKbBeforePaint: 200,
} as const;

type Metric = {
  key: keyof LighthouseFigures;
  label: string;
  unit: string;
  budget: MeasuredValue['budget'];
  digits: number;
};

const metrics: Metric[] = [
  {
    key: 'performance',
    label: 'performance',
    unit: 'points',
    budget: { min: pageSpeedBudget.minPerformance },
    digits: 0,
  },
  {
    key: 'accessibility',
    label: 'accessibility',
    unit: 'points',
    budget: { min: pageSpeedBudget.minAccessibility },
    digits: 0,
  },
  { key: 'lcpMs', label: 'LCP', unit: 'ms', budget: { max: pageSpeedBudget.maxLcpMs }, digits: 0 },
  { key: 'cls', label: 'CLS', unit: 'score', budget: { max: pageSpeedBudget.maxCls }, digits: 3 },
  {
    key: 'scriptKbBeforePaint',
    label: 'JS before first paint',
    unit: 'kB',
    budget: { max: pageSpeedBudget.maxScriptKbBeforePaint },
    digits: 1,
  },
];

/** One measured value per screen and goal; `details` carries the other figures of the median. */
export function pageSpeedValues(summaries: LighthouseSummary[]): MeasuredValue[] {
  return summaries.flatMap(({ target, median, runs, cpuSlowdown }) =>
    metrics.map((metric) => ({
      name: `${target.name}: ${metric.label}`,
      value: Number(median[metric.key]),
      unit: metric.unit,
      budget: metric.budget,
      details: {
        page: target.name,
        path: target.path.replace(/[0-9a-f-]{36}/g, ':id'),
        metric: metric.label,
        runs: runs.length,
        values: runs.map((run) => Number(run[metric.key]).toFixed(metric.digits)).join(' / '),
        fcpMs: Math.round(median.fcpMs),
        tbtMs: Math.round(median.tbtMs),
        longTaskWallMs: Math.round(median.longTaskWallMs),
        longTaskCpuMs: Number.isFinite(median.longTaskCpuMs) ? Math.round(median.longTaskCpuMs) : null,
        scriptKbTotal: round(median.scriptKbTotal),
        totalKb: round(median.totalKb),
        lcpElement: median.lcpElement,
        cpuSlowdown: cpuSlowdown.multiplier,
        calibratedForBenchmarkIndex:
          cpuSlowdown.benchmarkIndex === null ? null : Math.round(cpuSlowdown.benchmarkIndex),
        benchmarkIndex: Math.round(median.benchmarkIndex),
      },
    })),
  );
}

/**
 * The Lighthouse table of a run (closing notes quote it): one row per screen, the goals' columns with ⚠ where a
 * value misses its goal, then FCP and TBT for context, the unthrottled long tasks that TBT multiplies (wall clock,
 * and how much of it was CPU time: the rest is the host making the renderer wait), and the CPU slowdown the
 * simulation used. Null when the run measured no page speed.
 */
export function pageSpeedTable(results: MeasurementResult[]): string | null {
  const pages = [
    ...new Set(
      results.flatMap((result) => (typeof result.details?.page === 'string' ? [result.details.page] : [])),
    ),
  ];
  if (pages.length === 0) {
    return null;
  }
  const cell = (page: string, metric: Metric) => {
    const result = results.find(
      (item) => item.details?.page === page && item.details.metric === metric.label,
    );
    if (!result) {
      return '–';
    }
    const unit = metric.unit === 'points' || metric.unit === 'score' ? '' : ` ${metric.unit}`;
    return `${result.value.toFixed(metric.digits)}${unit}${result.budgetViolations?.length ? ' ⚠' : ''}`;
  };
  const detail = (page: string, key: string) =>
    results.find((item) => item.details?.page === page)?.details?.[key];
  const context = (page: string, key: 'fcpMs' | 'tbtMs') => {
    const value = detail(page, key);
    return typeof value === 'number' ? `${value} ms` : '–';
  };
  const longTasks = (page: string) => {
    const wall = detail(page, 'longTaskWallMs');
    const cpu = detail(page, 'longTaskCpuMs');
    if (typeof wall !== 'number') {
      return '–';
    }
    return typeof cpu === 'number' ? `${wall} ms (CPU ${cpu} ms)` : `${wall} ms`;
  };
  const slowdown = (page: string) => {
    const multiplier = detail(page, 'cpuSlowdown');
    const index = detail(page, 'calibratedForBenchmarkIndex');
    if (typeof multiplier !== 'number') {
      return '–';
    }
    return typeof index === 'number' ? `${multiplier}× (index ${index})` : `${multiplier}× (set)`;
  };
  const goals = metrics.map((metric) => {
    const limit = metric.budget?.min !== undefined ? `≥ ${metric.budget.min}` : `≤ ${metric.budget?.max}`;
    return `${metric.label} (${limit}${metric.unit === 'ms' || metric.unit === 'kB' ? ` ${metric.unit}` : ''})`;
  });
  return alignedTable(
    ['page (Lighthouse, mobile, median)', ...goals, 'FCP', 'TBT', 'tasks ≥ 10 ms', 'CPU slowdown'],
    pages.map((page) => [
      page,
      ...metrics.map((metric) => cell(page, metric)),
      context(page, 'fcpMs'),
      context(page, 'tbtMs'),
      longTasks(page),
      slowdown(page),
    ]),
  );
}

const round = (value: number) => Math.round(value * 10) / 10;
