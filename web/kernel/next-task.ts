type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a task of its own: the work after the `await` no longer runs in the task (or the chain of microtasks)
 * that called it. The app's start is several pieces of tens of milliseconds each on a phone (the start chunk's
 * evaluation, the router's creation, the texts, the first render); one after the other in the same task they
 * were one long task that no tap could get between. `scheduler.yield()` (Chrome 129) puts the continuation ahead
 * of other queued tasks; elsewhere a timeout of 0 does.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') {
    return scheduler.yield();
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
