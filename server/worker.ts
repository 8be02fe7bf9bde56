import type { Db } from './db/client.ts';
import { memberImportJob } from './features/members/import.job.ts';
import { createTaskService } from './features/tasks/tasks.service.ts';
import type { JobDefinition } from './platform/jobs.ts';
import { mailDeliverJob, type Mailer } from './platform/mail/mailer.ts';

export type WorkerDeps = { db: Db; mailer: Mailer };

/** The explicit list of every job the worker role handles. */
export function workerJobs(deps: WorkerDeps): JobDefinition<never>[] {
  const tasks = createTaskService({ db: deps.db });
  return [
    mailDeliverJob(deps.mailer),
    memberImportJob({ db: deps.db, mailer: deps.mailer }),
    {
      name: 'tasks.kill-stale',
      cron: '*/5 * * * *',
      handler: async () => {
        await tasks.killStale();
      },
    },
  ];
}
