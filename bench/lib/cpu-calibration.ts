import type { BrowserContext } from '@playwright/test';
// Lighthouse's own benchmark, the one behind `lhr.environment.benchmarkIndex` (the package has no exports map).
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median } from './median.ts';

/**
 * Lighthouse's mobile profile slows the CPU down 4×, which turns the desktop it assumes (a benchmark index of
 * about 1,500) into a mid-tier phone. On a slower host the same 4× emulates a slower phone than the profile means,
 * and the simulated blocking time grows with it; Lighthouse warns about hosts at or below an index of 1,000 and asks
 * for the slowdown to be calibrated (docs/throttling.md, "Calibrating the CPU slowdown"). This is the piecewise
 * linear mapping of its calibration calculator: an index of 1,533 gives 4×, 1,300 gives 3×, 800 gives 2×, 150 gives
 * 1×; a host slower than the target phone is not slowed down at all.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`benchmark index must be a positive number, got ${benchmarkIndex}`);
  }
  const segments = [
    { from: 1300, base: 3, perStep: 233 },
    { from: 800, base: 2, perStep: 500 },
    { from: 150, base: 1, perStep: 650 },
  ];
  const segment = segments.find(({ from }) => benchmarkIndex >= from);
  if (!segment) {
    return 1;
  }
  const multiplier = segment.base + (benchmarkIndex - segment.from) / segment.perStep;
  return Math.round(multiplier * 100) / 100;
}

/** How many times the benchmark runs (about a second each); the median is taken, a single one wanders by ±15 %. */
const samples = 5;

/** This host's benchmark index as Lighthouse computes it, the median of `samples` runs in a blank page. */
export async function measureBenchmarkIndex(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  try {
    const values: number[] = [];
    for (let sample = 0; sample < samples; sample++) {
      values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    }
    return median(values);
  } finally {
    await page.close();
  }
}

export type CpuSlowdown = {
  multiplier: number;
  /** The benchmark index it was calibrated from; null when `BENCH_LIGHTHOUSE_CPU_SLOWDOWN` set it. */
  benchmarkIndex: number | null;
};

/**
 * `BENCH_LIGHTHOUSE_CPU_SLOWDOWN`: unset (or `calibrated`) calibrates from this host's benchmark index; a number
 * sets the multiplier (`4` is Lighthouse's uncalibrated default, for a comparison with reports made elsewhere).
 */
export async function cpuSlowdownFor(context: BrowserContext): Promise<CpuSlowdown> {
  const setting = process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN?.trim();
  if (setting && setting !== 'calibrated') {
    const multiplier = Number(setting);
    if (!Number.isFinite(multiplier) || multiplier < 1) {
      throw new Error(`BENCH_LIGHTHOUSE_CPU_SLOWDOWN must be "calibrated" or a number ≥ 1, got "${setting}"`);
    }
    return { multiplier, benchmarkIndex: null };
  }
  const benchmarkIndex = await measureBenchmarkIndex(context);
  return { multiplier: calibratedCpuSlowdown(benchmarkIndex), benchmarkIndex };
}
