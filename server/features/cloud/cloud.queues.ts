import type { QueuePolicy } from '../../platform/jobs.ts';

/** The cloud's queues and their retry policies (declared in the cloud's manifest). */
export const cloudQueues = {
  // A long video conversion runs for hours on a small machine.
  'cloud.process': { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 6 * 3600, policy: 'stately' },
  'cloud.recover': { retryLimit: 0, retryDelaySeconds: 60 },
  'cloud.purge': { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3600 },
  'cloud.uploads-expire': { retryLimit: 2, retryDelaySeconds: 300 },
} satisfies Record<string, QueuePolicy>;
