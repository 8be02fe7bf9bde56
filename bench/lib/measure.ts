import { readRssMb } from './load.ts';
import type { Measurement, MeasurementBudget, MeasurementContext, MeasurementResult } from './types.ts';

/** Runs one measurement and checks every value it yields against its budget. */
export async function runMeasurement(
  area: string,
  measurement: Measurement,
  context: MeasurementContext,
): Promise<MeasurementResult[]> {
  const values = await measurement.run(context);
  return values.map((value) => ({
    ...value,
    value: round(value.value),
    area,
    measurement: measurement.name,
    budgetViolations: value.budget ? checkMeasurementBudget(value.budget, value.value, value.unit) : null,
  }));
}

export function checkMeasurementBudget(budget: MeasurementBudget, value: number, unit: string): string[] {
  const violations: string[] = [];
  if (budget.min !== undefined && value < budget.min) {
    violations.push(`${round(value)} < ${budget.min} ${unit}`);
  }
  if (budget.max !== undefined && value > budget.max) {
    violations.push(`${round(value)} > ${budget.max} ${unit}`);
  }
  return violations;
}

export function formatBudget(budget: MeasurementBudget | null): string {
  if (!budget) {
    return '–';
  }
  const parts = [
    budget.min === undefined ? null : `≥ ${budget.min}`,
    budget.max === undefined ? null : `≤ ${budget.max}`,
  ];
  return parts.filter(Boolean).join(', ');
}

/** Samples a process's RSS every 100 ms while `work` runs; the peak in MB (null where /proc is missing). */
export async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peakRssMb: number | null }> {
  let peak: number | null = await readRssMb(pid);
  const timer = setInterval(() => {
    void readRssMb(pid).then((mb) => {
      if (mb !== null && (peak === null || mb > peak)) {
        peak = mb;
      }
    });
  }, 100);
  try {
    const result = await work();
    return { result, peakRssMb: peak === null ? null : round(peak) };
  } finally {
    clearInterval(timer);
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
