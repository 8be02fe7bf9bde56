import { describe, expect, it } from 'vitest';
import type { LighthouseFigures, LighthouseSummary } from './lighthouse.ts';
import { pageSpeedTable, pageSpeedValues } from './page-speed.ts';

const figures = (performance: number, longTaskCpuMs: number): LighthouseFigures => ({
  performance,
  accessibility: 100,
  fcpMs: 1300.4,
  lcpMs: 1900,
  cls: 0,
  tbtMs: 3333.3,
  scriptKbBeforePaint: 2.8,
  scriptCountBeforePaint: 1,
  scriptKbTotal: 400,
  totalKb: 500,
  lcpElement: 'p',
  benchmarkIndex: 2791,
  longTaskWallMs: 1248.6,
  longTaskCpuMs,
});

const summary = (name: string, median: LighthouseFigures): LighthouseSummary => ({
  target: { name, path: '/auth', signedIn: false },
  median,
  runs: [median],
  cpuSlowdown: { multiplier: 9.4, benchmarkIndex: 2791 },
});

const results = (summaries: LighthouseSummary[]) =>
  pageSpeedValues(summaries).map((value) => ({
    ...value,
    area: 'cloud',
    measurement: 'page speed',
    budgetViolations: value.name.endsWith('performance') && value.value < 90 ? ['min'] : [],
  }));

describe('pageSpeedTable', () => {
  it('shows each page’s goals, blocking time, long tasks with their CPU time, and the slowdown', () => {
    const table = pageSpeedTable(
      results([summary('sign-in', figures(69, 420.9)), summary('projects', figures(91, Number.NaN))]),
    );
    const [header, , signIn, projects] = (table ?? '').split('\n');
    expect(header).toContain('tasks ≥ 10 ms');
    expect(signIn).toMatch(
      /sign-in .*\| +69 ⚠ \|.*\| 1300 ms \| 3333 ms \| +1249 ms \(CPU 421 ms\) \| 9\.4× \(index 2791\) \|$/,
    );
    // Without thread time in the trace, the wall clock alone.
    expect(projects).toMatch(/projects .*\| +91 \|.*\| +1249 ms \| 9\.4× \(index 2791\) \|$/);
  });

  it('has no table without page-speed results', () => {
    expect(pageSpeedTable([])).toBeNull();
  });
});
