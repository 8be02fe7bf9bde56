import { cloudLimits } from '../../../contracts/cloud.ts';
import type { FeatureManifest } from '../../platform/features.ts';
import { cloudQueues } from './cloud.queues.ts';
import { createCloudScopes } from './cloud.scopes.ts';
import { fileRoutes } from './files.routes.ts';
import { createFileService } from './files.service.ts';
import { libraryRoutes } from './library.routes.ts';
import { createLibraryService } from './library.service.ts';
import { cloudProcessJob, cloudRecoverJob } from './processing.job.ts';
import { purgeRemoved } from './removal.ts';
import { createUploadService } from './uploads.service.ts';

const dayMs = 24 * 3600 * 1000;

/** The cloud file library: folders, lists, uploads (tus), processing, bytes behind signed addresses. */
export const cloudFeature: FeatureManifest = {
  name: 'cloud',
  routes: ({ db, storage, jobs, urlSigner, config, logger, redis }) => {
    const scopes = createCloudScopes(db);
    const sign = (path: string) => urlSigner.sign(path);
    return [
      ...fileRoutes({
        uploads: createUploadService({ db, storage, jobs, sign, dataDir: config.dataDir, logger, redis }),
        files: createFileService({ db, storage, signer: urlSigner }),
        scopes,
      }),
      ...libraryRoutes({ library: createLibraryService({ db, storage, sign, logger }), scopes }),
    ];
  },
  queues: cloudQueues,
  jobs: ({ db, storage, jobs, config, logger, redis, fileProcessed }) => {
    // The expiry job presents nothing: its addresses are never handed out.
    const uploads = createUploadService({
      db,
      storage,
      jobs,
      sign: (path) => path,
      dataDir: config.dataDir,
      logger,
      redis,
    });
    return [
      cloudProcessJob({ db, storage, dataDir: config.dataDir, logger, fileProcessed }),
      cloudRecoverJob({ db, jobs }),
      {
        name: 'cloud.purge',
        cron: '17 3 * * *',
        handler: async () => {
          const olderThan = new Date(Date.now() - cloudLimits.removedRetentionDays * dayMs);
          await purgeRemoved(db, storage, { olderThan, batchSize: 500 });
        },
      },
      {
        name: 'cloud.uploads-expire',
        cron: '23 * * * *',
        handler: async () => {
          await uploads.expireAbandoned();
        },
      },
    ];
  },
  pathParams: {
    folderId: 'folderId',
    targetFolderId: 'folderId',
    targetId: 'folderId',
    fileId: 'fileId',
    variant: 'variant',
    uploadId: 'uploadId',
    'files/:id': 'fileId',
    'folders/:id': 'folderId',
    'searches/:id': 'savedSearchId',
  },
};
