import type { QueuePolicy } from '../../platform/jobs.ts';

/** The member feature's queues (declared in its manifest). */
export const memberQueues = {
  // A crashed import runs again: its one transaction either committed (the task says so) or left nothing.
  'members.import': { retryLimit: 2, retryDelaySeconds: 30 },
} satisfies Record<string, QueuePolicy>;
