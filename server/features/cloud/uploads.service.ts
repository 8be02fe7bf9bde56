import { Upload, type DataStore } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { cloudLimits, type CloudEntity } from '../../../contracts/cloud.ts';
import type { Db } from '../../db/client.ts';
import { cloudFiles } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import type { CloudAccess } from './cloud.access.ts';
import { presentItems, type UrlSign } from './cloud.presenter.ts';
import { createUploadLocker } from './upload-locker.ts';
import { recordNewUpload } from './uploads.create.ts';
import { expireAbandonedUploads } from './uploads.expiry.ts';
import { createUploadFinisher, findUpload, type UploadRow } from './uploads.finish.ts';
import { createUploadStaging } from './uploads.staging.ts';
import { answerFinished, answerOptions, tusServerFor } from './uploads.tus.ts';

/*
 * Resumable uploads (tus 1.0, DESIGN §7) at /api/projects/{projectId}/cloud/files/chunks, put together from:
 * - uploads.staging.ts  where bytes wait: DATA_DIR/uploads (local storage) or parts in the bucket (S3)
 * - upload-locker.ts    one lock per upload across instances (Redis), so requests never interleave
 * - uploads.create.ts   the checks of a new upload and our row (cloud_uploads: who, which folder, size)
 * - uploads.finish.ts   the complete upload becomes a file (idempotent, under the lock)
 * - uploads.expiry.ts   abandoned uploads go, bytes included
 * - uploads.tus.ts      the @tus/server adapter and the answers it does not write itself
 */

export type { FileProcessingJob, UploadRow } from './uploads.finish.ts';
export { fileIdOfUpload, originalKey } from './uploads.finish.ts';

const expiryMs = cloudLimits.uploadExpiryHours * 3600 * 1000;

export function createUploadService(deps: {
  db: Db;
  storage: BlobStorage;
  jobs: Jobs;
  sign: UrlSign;
  dataDir: string;
  logger: Logger;
  /** The shared lock of several web instances; without it uploads lock per process. */
  redis?: Redis;
}) {
  const { db, logger } = deps;
  const staging = createUploadStaging({ db, storage: deps.storage, dataDir: deps.dataDir, expiryMs });
  const locker = createUploadLocker(deps.redis, logger);
  const finisher = createUploadFinisher({ db, storage: deps.storage, jobs: deps.jobs, staging, locker });

  async function present(
    access: Pick<CloudAccess, 'accountId' | 'can'>,
    fileId: string,
  ): Promise<CloudEntity> {
    const [row] = await db.select().from(cloudFiles).where(eq(cloudFiles.id, fileId));
    if (!row) {
      throw notFound();
    }
    const [entity] = await presentItems(db, { access, sign: deps.sign, folders: [], files: [row] });
    return entity!;
  }

  const datastore = withFinishedUploads(staging.datastore, (id) => findUpload(db, id));

  const tusFor = (access: CloudAccess) =>
    tusServerFor(
      access,
      { datastore, locker, logger },
      {
        onCreate: (upload) => recordNewUpload(db, access, upload, new Date(Date.now() + expiryMs)),
        async onFinish(upload) {
          const row = await findUpload(db, upload.id);
          if (!row) {
            throw notFound();
          }
          const fileId = await finisher.finishLocked(row);
          return { fileId, entity: await present(access, fileId) };
        },
      },
    );

  return {
    /**
     * Hands a tus request to the tus server. The route has resolved the caller's library and checked
     * `cloud:upload`; tus itself needs the raw request and response (the body streams to storage).
     */
    async handle(
      access: CloudAccess,
      request: FastifyRequest,
      reply: FastifyReply,
      params: { projectId: string; uploadId?: string },
    ): Promise<void> {
      if (params.uploadId) {
        let row = await findUpload(db, params.uploadId);
        if (!row || row.projectId !== params.projectId || row.accountId !== access.accountId) {
          throw notFound();
        }
        if (request.method === 'HEAD' && !row.fileId && (await finisher.isComplete(row))) {
          // A complete upload whose finish was cut off (crash, restart): finish it now. Both finishes take
          // the upload's lock, so a HEAD never races the last PATCH's own finish.
          row = { ...row, fileId: await finisher.finishLocked(row) };
        }
        if (row.fileId) {
          await answerFinished(reply, request.method, row, await present(access, row.fileId));
          return;
        }
      }
      reply.hijack();
      await tusFor(access).handle(request.raw, reply.raw);
    },

    /** tus protocol discovery; answers without a session (it says nothing about any upload). */
    options: (reply: FastifyReply) => answerOptions(reply, staging.datastore),

    /** Deletes uploads abandoned longer than the expiry (bytes and row), and old rows of finished ones. */
    expireAbandoned: (now = new Date()) =>
      expireAbandonedUploads({ db, staging, finisher, logger, expiryMs }, now),
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

/**
 * tus reads an upload back after a creation that completed it (an empty file: nothing to PATCH) to decide on
 * `Upload-Expires`, when the finish has moved its bytes away already. Such an upload is answered as complete
 * from our row instead of "not found", which would fail the creation of a file that exists.
 */
function withFinishedUploads(
  datastore: DataStore,
  findRow: (id: string) => Promise<UploadRow | undefined>,
): DataStore {
  return new Proxy(datastore, {
    get(target, property) {
      if (property === 'getUpload') {
        return async (id: string) => {
          try {
            return await target.getUpload(id);
          } catch (error) {
            const row = await findRow(id);
            if (row?.fileId) {
              return new Upload({ id, size: row.size, offset: row.size });
            }
            throw error;
          }
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
