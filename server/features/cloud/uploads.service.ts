import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import { and, eq, isNull, lt, or, isNotNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import sharp from 'sharp';
import { v5 as uuidv5 } from 'uuid';
import { cloudLimits, uploadMetadataSchema, type CloudEntity } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { uploadLimitBytes } from '../../../contracts/upload-size.ts';
import type { Db } from '../../db/client.ts';
import { cloudFiles, cloudFolders, cloudUploads, projects } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import { appIdOf, loadCloudAccess, requireCloud, type CloudAccess } from './cloud.access.ts';
import { presentItems, type UrlSign } from './cloud.presenter.ts';
import { canMakeImageDerivatives } from './media/image.ts';
import { sanitizeFileName, sniffFile } from './media/sniff.ts';
import { assertStorageAvailable } from './storage-usage.ts';
import { uploadLimits } from './upload-limits.ts';

/*
 * Resumable uploads (tus 1.0, DESIGN §7) at /api/projects/{projectId}/cloud/files/chunks.
 *
 * Fastify checks the session and the cloud ability, then hands the raw request to the tus server. The bytes
 * go to a FileStore under DATA_DIR/uploads, whose `<id>.json` files keep each upload's offset, so an upload
 * resumes after a dropped connection and after a server restart. Our own row (cloud_uploads) says who
 * started it, for which folder and how large it said it would be: every later request must come from the
 * same person, and the declared metadata is checked once, when the upload is created.
 *
 * Finishing turns the upload into a file: sniff the type from the bytes, check the size limit and the quota
 * again, move the bytes into blob storage, insert the row, queue processing. The file id derives from the
 * upload id, so a finish that crashed half-way and runs again (on the repeated last request, or when the
 * client asks HEAD) finds the bytes already moved and completes the same file instead of making a second.
 */

const fileIdNamespace = '6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d';
const expiryMs = cloudLimits.uploadExpiryHours * 3600 * 1000;
const chunksPattern = /\/cloud\/files\/chunks\/([A-Za-z0-9_-]+)\/?$/;

export type UploadRow = typeof cloudUploads.$inferSelect;
export type FileProcessingJob = { fileId: string };

/** Thrown from tus hooks: the tus server writes `status_code` and `body` as the response. */
class TusError extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(error: AppError) {
    super(error.message, { cause: error });
    this.name = 'TusError';
    this.status_code = error.statusCode;
    this.body = JSON.stringify(error.toBody());
  }
}
const tusError = (error: AppError) => new TusError(error);

export function fileIdOfUpload(uploadId: string): string {
  return uuidv5(uploadId, fileIdNamespace);
}

export const originalKey = (projectId: string, fileId: string) => `projects/${projectId}/files/${fileId}/original`;

export function createUploadService(deps: {
  db: Db;
  storage: BlobStorage;
  jobs: Jobs;
  sign: UrlSign;
  dataDir: string;
  logger: Logger;
}) {
  const { db, storage, jobs, sign, logger } = deps;
  const directory = path.join(deps.dataDir, 'uploads');
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  // One process holds the locks; several web instances need a shared locker (docs/ARCHITECTURE.md).
  const locker = new MemoryLocker();

  const tusPathOf = (uploadId: string) => path.join(directory, uploadId);

  async function findUpload(uploadId: string): Promise<UploadRow | undefined> {
    const [row] = await db.select().from(cloudUploads).where(eq(cloudUploads.id, uploadId));
    return row;
  }

  async function present(access: Pick<CloudAccess, 'accountId' | 'can'>, fileId: string): Promise<CloudEntity> {
    const [row] = await db.select().from(cloudFiles).where(eq(cloudFiles.id, fileId));
    if (!row) {
      throw notFound();
    }
    const [entity] = await presentItems(db, { access, sign, folders: [], files: [row] });
    return entity!;
  }

  /** Checks a new upload's metadata, folder, size and the quota, and records it. */
  async function onCreate(access: CloudAccess, upload: Upload): Promise<void> {
    const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {});
    if (!parsed.success) {
      const errors = Object.fromEntries(
        parsed.error.issues.map((issue) => [`metadata.${issue.path.join('.')}`, issue.message]),
      );
      throw new AppError(400, errorCodes.validationFailed, { errors });
    }
    const metadata = parsed.data;
    if (upload.size === undefined) {
      throw new AppError(400, errorCodes.validationFailed, { errors: { 'Upload-Length': 'validation.required' } });
    }
    const extra = parseExtra(metadata.extra);
    const [folder] = await db
      .select()
      .from(cloudFolders)
      .where(and(eq(cloudFolders.id, metadata.folderId), eq(cloudFolders.projectId, access.project.id)));
    if (!folder) {
      throw new AppError(400, errorCodes.validationFailed, { errors: { 'metadata.folderId': 'validation.notFound' } });
    }
    if (folder.ownerAccountId !== access.accountId || folder.deletedAt) {
      throw new AppError(403, errorCodes.forbidden);
    }
    assertBelowLimit(upload.size, metadata.filetype);
    await assertStorageAvailable(db, access.project, upload.size, { countPending: true });
    await db.insert(cloudUploads).values({
      id: upload.id,
      projectId: access.project.id,
      accountId: access.accountId,
      folderId: folder.id,
      name: metadata.filename,
      declaredType: metadata.filetype,
      size: upload.size,
      hiddenInCloud: metadata.hideInCloud === 'true' || metadata.hideInCloud === '1',
      source: metadata.source,
      extra,
      expiresAt: new Date(Date.now() + expiryMs),
    });
  }

  /**
   * Turns a complete upload into a file (idempotent). Runs on the last PATCH, and on HEAD when an earlier
   * finish did not complete.
   */
  async function finish(row: UploadRow): Promise<string> {
    if (row.fileId) {
      return row.fileId;
    }
    const fileId = fileIdOfUpload(row.id);
    const key = originalKey(row.projectId, fileId);
    const tusPath = tusPathOf(row.id);
    const local = await stat(tusPath).catch(() => null);
    let sniffFrom = tusPath;
    let scratch: string | undefined;
    try {
      if (local) {
        if (local.size !== row.size) {
          throw new AppError(409, errorCodes.conflict, { details: { offset: local.size, size: row.size } });
        }
      } else {
        // An earlier finish moved the bytes already: read the head back for sniffing.
        const stored = await storage.stat(key);
        if (!stored || stored.size !== row.size) {
          throw notFound();
        }
        scratch = await mkdtemp(path.join(tmpdir(), 'cloud-sniff-'));
        sniffFrom = path.join(scratch, 'head');
        await (row.size === 0
          ? writeFile(sniffFrom, '')
          : pipeline(
              await storage.read(key, { start: 0, end: Math.min(row.size, 65_536) - 1 }),
              createWriteStream(sniffFrom),
            ));
      }
      const sniffed = await sniffFile(sniffFrom, { name: row.name, type: row.declaredType });
      const [project] = await db
        .select({ id: projects.id, tariffId: projects.tariffId })
        .from(projects)
        .where(eq(projects.id, row.projectId));
      if (!project) {
        throw notFound();
      }
      try {
        assertBelowLimit(row.size, sniffed.mimeType);
        await assertStorageAvailable(db, project, row.size, { countPending: false });
      } catch (error) {
        // Refused at the end: nothing of it is kept.
        await discard(row.id);
        throw error;
      }
      const dimensions =
        sniffed.type === 'image' && canMakeImageDerivatives(sniffed.mimeType) && local
          ? await sharp(tusPath, { limitInputPixels: 268_402_689 })
              .metadata()
              .then((meta) => ({ width: meta.autoOrient?.width ?? meta.width ?? null, height: meta.autoOrient?.height ?? meta.height ?? null }))
              .catch(() => ({ width: null, height: null }))
          : { width: null, height: null };
      if (local) {
        await storage.putFile(key, tusPath, sniffed.mimeType);
        await datastore.configstore.delete(row.id);
      }
      const name = sanitizeFileName(row.name);
      const needsConversion = sniffed.type === 'video';
      const created = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ fileId: cloudUploads.fileId })
          .from(cloudUploads)
          .where(eq(cloudUploads.id, row.id))
          .for('update');
        if (!locked) {
          throw notFound();
        }
        if (locked.fileId) {
          return false;
        }
        await tx.insert(cloudFiles).values({
          id: fileId,
          projectId: row.projectId,
          ownerAccountId: row.accountId,
          folderId: row.folderId,
          name,
          originalName: name,
          extension: sniffed.extension,
          mimeType: sniffed.mimeType,
          type: sniffed.type,
          category: sniffed.category,
          size: row.size,
          width: dimensions.width,
          height: dimensions.height,
          status: needsConversion ? 'process' : null,
          encodeProgress: needsConversion ? 0 : null,
          storageKey: key,
          hiddenInCloud: row.hiddenInCloud,
          source: row.source,
          extra: row.extra,
        });
        await tx.update(cloudUploads).set({ fileId, updatedAt: new Date() }).where(eq(cloudUploads.id, row.id));
        return true;
      });
      if (created && needsProcessing(sniffed)) {
        await jobs.send<FileProcessingJob>('cloud.process', { fileId }, { singletonKey: fileId });
      }
      return fileId;
    } finally {
      if (scratch) {
        await rm(scratch, { recursive: true, force: true });
      }
    }
  }

  async function finishLocked(row: UploadRow): Promise<string> {
    const lock = locker.newLock(row.id);
    await lock.lock(AbortSignal.timeout(30_000), () => undefined);
    try {
      const current = await findUpload(row.id);
      return await finish(current ?? row);
    } finally {
      await lock.unlock();
    }
  }

  /** All bytes arrived: in the tus store, or moved to storage by a finish that did not complete. */
  async function isComplete(row: UploadRow): Promise<boolean> {
    const local = await stat(tusPathOf(row.id)).catch(() => null);
    if (local) {
      return local.size === row.size;
    }
    const stored = await storage.stat(originalKey(row.projectId, fileIdOfUpload(row.id)));
    return stored?.size === row.size;
  }

  /** Deletes an upload's bytes and its row (refused, expired or cancelled). */
  async function discard(uploadId: string): Promise<void> {
    await datastore.remove(uploadId).catch(() => undefined);
    await db.delete(cloudUploads).where(and(eq(cloudUploads.id, uploadId), isNull(cloudUploads.fileId)));
  }

  function tusFor(access: CloudAccess): TusServer {
    return new TusServer({
      path: `/api/projects/${access.project.id}/cloud/files/chunks`,
      datastore,
      locker,
      relativeLocation: true,
      respectForwardedHeaders: false,
      disableTerminationForFinishedUploads: true,
      generateUrl: (_request, { id }) => `/api/projects/${access.project.id}/cloud/files/chunks/${id}`,
      getFileIdFromRequest: (request) => chunksPattern.exec(new URL(request.url).pathname)?.[1],
      onUploadCreate: async (_request, upload) => {
        try {
          await onCreate(access, upload);
        } catch (error) {
          throw asTusError(error, logger);
        }
        return {};
      },
      onUploadFinish: async (_request, upload) => {
        try {
          const row = await findUpload(upload.id);
          if (!row) {
            throw notFound();
          }
          const fileId = await finishLocked(row);
          const entity = await present(access, fileId);
          return {
            status_code: 200,
            headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cloud-File-Id': fileId },
            body: JSON.stringify({ data: entity }),
          };
        } catch (error) {
          throw asTusError(error, logger);
        }
      },
      onResponseError: (_request, error) => {
        if (error instanceof Error && !('status_code' in error)) {
          logger.error({ err: error }, 'upload failed');
        }
        return undefined;
      },
    });
  }

  return {
    async handle(
      request: FastifyRequest,
      reply: FastifyReply,
      params: { projectId: string; uploadId?: string },
    ): Promise<void> {
      const access = await loadCloudAccess(db, request.actor, params.projectId, appIdOf(request.headers));
      requireCloud(access, 'upload');
      if (params.uploadId) {
        let row = await findUpload(params.uploadId);
        if (!row || row.projectId !== params.projectId || row.accountId !== access.accountId) {
          throw notFound();
        }
        if (request.method === 'HEAD' && !row.fileId && (await isComplete(row))) {
          // A complete upload whose finish was cut off (crash, restart): finish it now. Both finishes take
          // the upload's lock, so a HEAD never races the last PATCH's own finish.
          row = { ...row, fileId: await finishLocked(row) };
        }
        if (row.fileId) {
          await answerFinished(reply, request.method, row, await present(access, row.fileId));
          return;
        }
      }
      reply.hijack();
      await tusFor(access).handle(request.raw, reply.raw);
    },

    /** Deletes uploads abandoned longer than the expiry (bytes and row), and old rows of finished ones. */
    async expireAbandoned(now = new Date()): Promise<number> {
      const expired = await db
        .select({ id: cloudUploads.id })
        .from(cloudUploads)
        .where(and(isNull(cloudUploads.fileId), lt(cloudUploads.expiresAt, now)));
      for (const { id } of expired) {
        await discard(id);
      }
      await db
        .delete(cloudUploads)
        .where(
          and(
            isNotNull(cloudUploads.fileId),
            or(lt(cloudUploads.expiresAt, now), lt(cloudUploads.createdAt, new Date(now.getTime() - expiryMs))),
          ),
        );
      // Bytes of uploads without a row (a create that failed after the store wrote its files).
      await datastore.deleteExpired().catch((error: unknown) => logger.warn({ err: error }, 'tus cleanup failed'));
      return expired.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

function needsProcessing(sniffed: { type: string; mimeType: string }): boolean {
  if (sniffed.type === 'image') {
    return canMakeImageDerivatives(sniffed.mimeType);
  }
  return sniffed.type === 'video' || sniffed.type === 'audio';
}

/** Size rule of spec §5: strictly smaller than the limit of the type (the largest limit when none matches). */
function assertBelowLimit(size: number, mimeType: string): void {
  const limitBytes = uploadLimitBytes(uploadLimits, mimeType);
  if (size >= limitBytes) {
    throw new AppError(413, errorCodes.fileTooLarge, { details: { limitBytes, mimeType } });
  }
}

function parseExtra(text: string | undefined): Record<string, string> {
  if (!text) {
    return {};
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(400, errorCodes.validationFailed, { errors: { 'metadata.extra': 'validation.invalid' } });
  }
  const valid =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string');
  if (!valid) {
    throw new AppError(400, errorCodes.validationFailed, { errors: { 'metadata.extra': 'validation.invalid' } });
  }
  return value as Record<string, string>;
}

function asTusError(error: unknown, logger: Logger): TusError {
  if (error instanceof AppError) {
    return tusError(error);
  }
  logger.error({ err: error }, 'upload step failed');
  return tusError(new AppError(500, errorCodes.internal));
}

/** HEAD and PATCH of an upload that is a file already: the offset is the end, PATCH answers the entity. */
async function answerFinished(
  reply: FastifyReply,
  method: string,
  row: UploadRow,
  entity: CloudEntity,
): Promise<void> {
  void reply
    .header('Tus-Resumable', '1.0.0')
    .header('Upload-Offset', String(row.size))
    .header('Upload-Length', String(row.size))
    .header('Cloud-File-Id', entity.id)
    .header('Cache-Control', 'no-store');
  if (method === 'HEAD') {
    await reply.status(200).send();
    return;
  }
  if (method === 'DELETE') {
    throw new AppError(409, errorCodes.conflict);
  }
  await reply.status(200).send({ data: entity });
}
