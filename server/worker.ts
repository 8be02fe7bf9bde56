import type { Logger } from 'pino';
import type { Db } from './db/client.ts';
import { cloudProcessJob, cloudRecoverJob } from './features/cloud/processing.job.ts';
import { purgeRemoved } from './features/cloud/removal.ts';
import { createUploadService } from './features/cloud/uploads.service.ts';
import { memberImportJob } from './features/members/import.job.ts';
import { createTaskService } from './features/tasks/tasks.service.ts';
import type { JobDefinition, Jobs } from './platform/jobs.ts';
import { mailDeliverJob, type Mailer } from './platform/mail/mailer.ts';

import type { BlobStorage } from './platform/storage/storage.ts';
import { cloudLimits } from '../contracts/cloud.ts';

export type WorkerDeps = {
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  storage: BlobStorage;
  /** Uploads in progress and processing scratch space live here. */
  dataDir: string;
  logger: Logger;
};

const dayMs = 24 * 3600 * 1000;

/** The explicit list of every job the worker role handles. */
export function workerJobs(deps: WorkerDeps): JobDefinition<never>[] {
  const tasks = createTaskService({ db: deps.db });
  const uploads = createUploadService({
    db: deps.db,
    storage: deps.storage,
    jobs: deps.jobs,
    // The expiry job presents nothing.
    sign: (path) => path,
    dataDir: deps.dataDir,
    logger: deps.logger,
  });
  return [
    cloudProcessJob({ db: deps.db, storage: deps.storage, dataDir: deps.dataDir, logger: deps.logger }),
    cloudRecoverJob({ db: deps.db, jobs: deps.jobs }),
    {
      name: 'cloud.purge',
      cron: '17 3 * * *',
      handler: async () => {
        const olderThan = new Date(Date.now() - cloudLimits.removedRetentionDays * dayMs);
        await purgeRemoved(deps.db, deps.storage, { olderThan, batchSize: 500 });
      },
    },
    {
      name: 'cloud.uploads-expire',
      cron: '23 * * * *',
      handler: async () => {
        await uploads.expireAbandoned();
      },
    },
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
