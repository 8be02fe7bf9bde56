/**
 * How much of a page's long main-thread tasks the renderer spent on the CPU, read from a Lighthouse run's trace.
 *
 * Lighthouse's simulation takes every task of 10 ms or more as it was timed (wall clock) and multiplies it by the
 * CPU slowdown. On a busy or virtualised host the renderer's thread waits for a core inside its tasks, and that
 * wait is multiplied as if it were work: on the 2-core VMs of this project a sign-in load's long tasks took two to
 * three times their CPU time (bench/README.md, issue 14). This figure tells such a run from one where the page's own
 * work grew.
 */
export type LongTaskTimes = {
  /** Tasks of 10 ms or more (wall clock) on the page's main thread. */
  count: number;
  wallMs: number;
  /** The thread time Chromium recorded for the same tasks; null when the trace holds none. */
  cpuMs: number | null;
};

/** Lighthouse's simulation keeps every task from this length on (lantern's SIGNIFICANT_DUR_THRESHOLD_MS). */
export const significantTaskMs = 10;

type TraceEvent = {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/**
 * The page's main thread is the renderer main thread with the most task time: Lighthouse's blank page and the
 * page itself may run in different renderers, and the blank one does next to nothing.
 */
export function longTaskTimes(trace: unknown): LongTaskTimes {
  const events = traceEvents(trace);
  const rendererMains = new Set<string>();
  for (const event of events) {
    if (event.name === 'thread_name' && event.args?.name === 'CrRendererMain') {
      rendererMains.add(threadOf(event));
    }
  }
  const tasksByThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = threadOf(event);
    if (event.name === 'RunTask' && event.ph === 'X' && rendererMains.has(thread)) {
      const tasks = tasksByThread.get(thread) ?? [];
      tasks.push(event);
      tasksByThread.set(thread, tasks);
    }
  }
  const wallOf = (tasks: TraceEvent[]) => tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  const main = [...tasksByThread.values()].sort((a, b) => wallOf(b) - wallOf(a))[0] ?? [];
  const long = main.filter((task) => (task.dur ?? 0) >= significantTaskMs * 1000);
  const timed = long.every((task) => typeof task.tdur === 'number');
  return {
    count: long.length,
    wallMs: wallOf(long) / 1000,
    cpuMs: timed && long.length > 0 ? long.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000 : null,
  };
}

function traceEvents(trace: unknown): TraceEvent[] {
  if (Array.isArray(trace)) {
    return trace as TraceEvent[];
  }
  const events = (trace as { traceEvents?: unknown } | null)?.traceEvents;
  return Array.isArray(events) ? (events as TraceEvent[]) : [];
}

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;
