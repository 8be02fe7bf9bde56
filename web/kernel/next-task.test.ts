import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

/** Microtasks three deep: all of them run before anything in a later task. */
function microtaskChain(order: string[]): void {
  void Promise.resolve()
    .then(() => Promise.resolve())
    .then(() => order.push('microtasks'));
}

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('continues after every microtask queued in the calling task', async () => {
    const order: string[] = [];
    const continued = nextTask().then(() => order.push('next task'));
    microtaskChain(order);
    await continued;
    expect(order).toEqual(['microtasks', 'next task']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const order: string[] = [];
    const yieldToMain = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    const continued = nextTask().then(() => order.push('next task'));
    microtaskChain(order);
    await continued;
    expect(yieldToMain).toHaveBeenCalledOnce();
    expect(order).toEqual(['microtasks', 'next task']);
  });
});
