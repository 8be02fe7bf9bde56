import { describe, expect, it } from 'vitest';
import { longTaskTimes } from './main-thread.ts';

const thread = (pid: number, tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, durMs: number, tdurMs?: number) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  dur: durMs * 1000,
  ...(tdurMs === undefined ? {} : { tdur: tdurMs * 1000 }),
});

describe('longTaskTimes', () => {
  it('sums the long tasks of the busiest renderer main thread, wall clock and CPU', () => {
    const trace = {
      traceEvents: [
        thread(1, 1, 'CrBrowserMain'),
        thread(2, 1, 'CrRendererMain'),
        thread(3, 1, 'CrRendererMain'),
        thread(3, 2, 'Compositor'),
        // The browser and the compositor have longer tasks, but they are not the page's.
        task(1, 1, 500, 400),
        task(3, 2, 300, 300),
        // The blank page's renderer.
        task(2, 1, 12, 12),
        // The page: a task under 10 ms does not count, the others do.
        task(3, 1, 9.9, 9),
        task(3, 1, 30, 10),
        task(3, 1, 10, 2.5),
        task(3, 1, 50, 50),
      ],
    };
    expect(longTaskTimes(trace)).toEqual({ count: 3, wallMs: 90, cpuMs: 62.5 });
  });

  it('gives no CPU time when the trace did not record it', () => {
    const trace = [thread(3, 1, 'CrRendererMain'), task(3, 1, 30, 10), task(3, 1, 20)];
    expect(longTaskTimes(trace)).toEqual({ count: 2, wallMs: 50, cpuMs: null });
  });

  it('finds nothing in a trace without a renderer', () => {
    expect(longTaskTimes({ traceEvents: [thread(1, 1, 'CrBrowserMain'), task(1, 1, 80, 80)] })).toEqual({
      count: 0,
      wallMs: 0,
      cpuMs: null,
    });
    expect(longTaskTimes(null)).toEqual({ count: 0, wallMs: 0, cpuMs: null });
  });
});
