import type { FeatureManifest } from '../../platform/features.ts';
import { taskRoutes } from './tasks.routes.ts';
import { createTaskService } from './tasks.service.ts';

/** Background tasks people watch (imports …): their progress, and the sweep of tasks that stopped reporting. */
export const tasksFeature: FeatureManifest = {
  name: 'tasks',
  routes: ({ db }) => taskRoutes({ tasks: createTaskService({ db }) }),
  queues: { 'tasks.kill-stale': { retryLimit: 0, retryDelaySeconds: 60 } },
  jobs: ({ db }) => {
    const tasks = createTaskService({ db });
    return [
      {
        name: 'tasks.kill-stale',
        cron: '*/5 * * * *',
        handler: async () => {
          await tasks.killStale();
        },
      },
    ];
  },
  pathParams: { taskId: 'taskId' },
};
