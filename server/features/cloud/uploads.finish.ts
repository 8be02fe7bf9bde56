import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Locker } from '@tus/utils';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { v5 as uuidv5 } from 'uuid';
import { errorCodes } from '../../../contracts/errors.ts';
import { uploadLimitBytes } from '../../../contracts/upload-size.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cloudFiles, cloudUploads, projects } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import { softDeleteFiles } from './library-edits.repo.ts';
import { lockFolderNames, nameHolder } from './library-names.ts';
import { canMakeImageDerivatives } from './media/image.ts';
import { audioWithoutPicture } from './media/audio-only.ts';
import { sanitizeFileName, sniffFile } from './media/sniff.ts';
import { assertStorageAvailable } from './storage-usage.ts';
import { uploadLimits } from './upload-limits.ts';
import type { UploadStaging } from './uploads.staging.ts';

/*
 * Finishing turns a complete upload into a file: sniff the type from the bytes, check the size limit and the
 * quota again, move the bytes into blob storage, insert the row, queue processing. The file id derives from
 * the upload id, so a finish that crashed half-way and runs again (on the repeated last request, or when the
 * client asks HEAD) finds the bytes already moved and completes the same file instead of making a second.
 */

const fileIdNamespace = '6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d';

export type UploadRow = typeof cloudUploads.$inferSelect;
export type FileProcessingJob = { fileId: string };

export function fileIdOfUpload(uploadId: string): string {
  return uuidv5(uploadId, fileIdNamespace);
}

export const originalKey = (projectId: string, fileId: string) =>
  `projects/${projectId}/files/${fileId}/original`;

export async function findUpload(db: Db, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(cloudUploads).where(eq(cloudUploads.id, uploadId));
  return row;
}

/** Size rule of spec §5: strictly smaller than the limit of the type (the largest limit when none matches). */
export function assertBelowLimit(size: number, mimeType: string): void {
  const limitBytes = uploadLimitBytes(uploadLimits, mimeType);
  if (size >= limitBytes) {
    throw new AppError(413, errorCodes.fileTooLarge, { details: { limitBytes, mimeType } });
  }
}

export function createUploadFinisher(deps: {
  db: Db;
  storage: BlobStorage;
  jobs: Jobs;
  staging: UploadStaging;
  locker: Locker;
}) {
  const { db, storage, jobs, staging, locker } = deps;

  /** A local copy of the head of bytes an earlier finish moved into storage already, for sniffing. */
  async function storedHead(row: UploadRow, key: string) {
    const stored = await storage.stat(key);
    if (!stored || stored.size !== row.size) {
      throw notFound();
    }
    const scratch = await mkdtemp(path.join(tmpdir(), 'cloud-sniff-'));
    const head = path.join(scratch, 'head');
    await (row.size === 0
      ? writeFile(head, '')
      : pipeline(
          await storage.read(key, { start: 0, end: Math.min(row.size, 65_536) - 1 }),
          createWriteStream(head),
        ));
    return { path: head, release: () => rm(scratch, { recursive: true, force: true }) };
  }

  /** Turns a complete upload into a file (idempotent); callers hold the upload's lock. */
  async function finish(row: UploadRow): Promise<string> {
    if (row.fileId) {
      return row.fileId;
    }
    const fileId = fileIdOfUpload(row.id);
    const key = originalKey(row.projectId, fileId);
    const received = await staging.receivedBytes(row.id);
    if (received !== null && received !== row.size) {
      throw new AppError(409, errorCodes.conflict, { details: { offset: received, size: row.size } });
    }
    const staged = received === null ? undefined : await staging.materialize(row.id);
    const bytes = staged ?? (await storedHead(row, key));
    try {
      const sniffed = await audioWithoutPicture(
        await sniffFile(bytes.path, { name: row.name, type: row.declaredType }),
        bytes.path,
      );
      const [project] = await db.select().from(projects).where(eq(projects.id, row.projectId));
      if (!project) {
        throw notFound();
      }
      try {
        assertBelowLimit(row.size, sniffed.mimeType);
        await assertStorageAvailable(db, project, row.size, {
          countPending: false,
          accountId: row.accountId,
        });
      } catch (error) {
        // Refused at the end: nothing of it is kept.
        await discard(row.id);
        throw error;
      }
      const dimensions =
        sniffed.type === 'image' && canMakeImageDerivatives(sniffed.mimeType) && staged
          ? await imageSize(staged.path)
          : { width: null, height: null };
      if (staged) {
        await storage.putFile(key, staged.path, sniffed.mimeType);
        await staging.forget(row.id);
      }
      const created = await insertFile(row, fileId, key, sniffed, dimensions);
      if (created && needsProcessing(sniffed)) {
        await jobs.send<FileProcessingJob>('cloud.process', { fileId }, { singletonKey: fileId });
      }
      return fileId;
    } finally {
      await bytes.release();
    }
  }

  async function insertFile(
    row: UploadRow,
    fileId: string,
    key: string,
    sniffed: Awaited<ReturnType<typeof sniffFile>>,
    dimensions: { width: number | null; height: number | null },
  ): Promise<boolean> {
    const needsConversion = sniffed.type === 'video';
    // Images wait for their thumbnails in `process` too, so the library polls them until they show (RULE-01).
    const processing = needsConversion || (sniffed.type === 'image' && needsProcessing(sniffed));
    return db.transaction(async (tx) => {
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
      const name = row.hiddenInCloud ? sanitizeFileName(row.name) : await placeName(tx, row);
      await tx.insert(cloudFiles).values({
        id: fileId,
        projectId: row.projectId,
        ownerAccountId: row.accountId,
        folderId: row.folderId,
        name,
        originalName: sanitizeFileName(row.name),
        extension: sniffed.extension,
        mimeType: sniffed.mimeType,
        type: sniffed.type,
        category: sniffed.category,
        size: row.size,
        width: dimensions.width,
        height: dimensions.height,
        status: processing ? 'process' : null,
        encodeProgress: needsConversion ? 0 : null,
        storageKey: key,
        hiddenInCloud: row.hiddenInCloud,
        source: row.source,
        extra: row.extra,
      });
      await tx.update(cloudUploads).set({ fileId, updatedAt: new Date() }).where(eq(cloudUploads.id, row.id));
      return true;
    });
  }

  /**
   * The name the file is stored under: its own, unless the folder holds it by now. Then `replace` moves the
   * file of that name to Removed (a folder of that name is never replaced), and otherwise — `keep-both`, or
   * a name taken while the bytes were on their way — the file becomes "name (2)".
   */
  async function placeName(tx: DbOrTx, row: UploadRow): Promise<string> {
    const name = sanitizeFileName(row.name);
    await lockFolderNames(tx, row.folderId);
    for (;;) {
      const taken = await nameHolder(tx, row.folderId, name, { isFolder: false });
      if (!taken) {
        return name;
      }
      if (row.onConflict !== 'replace' || taken.holder.kind !== 'file') {
        return taken.suggestion;
      }
      await softDeleteFiles(tx, [taken.holder.id], new Date());
    }
  }

  /** Deletes an upload's bytes and its row (refused, expired or cancelled). */
  async function discard(uploadId: string): Promise<void> {
    await staging.datastore.remove(uploadId).catch(() => undefined);
    await db.delete(cloudUploads).where(and(eq(cloudUploads.id, uploadId), isNull(cloudUploads.fileId)));
  }

  return {
    discard,

    /** Finishes under the upload's lock (shared by every instance), so a HEAD never races the last PATCH. */
    async finishLocked(row: UploadRow): Promise<string> {
      const lock = locker.newLock(row.id);
      await lock.lock(AbortSignal.timeout(30_000), () => undefined);
      try {
        const current = await findUpload(db, row.id);
        return await finish(current ?? row);
      } finally {
        await lock.unlock();
      }
    },

    /** All bytes arrived: in the tus store, or moved to storage by a finish that did not complete. */
    async isComplete(row: UploadRow): Promise<boolean> {
      const received = await staging.receivedBytes(row.id);
      if (received !== null) {
        return received === row.size;
      }
      const stored = await storage.stat(originalKey(row.projectId, fileIdOfUpload(row.id)));
      return stored?.size === row.size;
    },
  };
}

export type UploadFinisher = ReturnType<typeof createUploadFinisher>;

function imageSize(filePath: string): Promise<{ width: number | null; height: number | null }> {
  return sharp(filePath, { limitInputPixels: 268_402_689 })
    .metadata()
    .then((meta) => ({
      width: meta.autoOrient?.width ?? meta.width ?? null,
      height: meta.autoOrient?.height ?? meta.height ?? null,
    }))
    .catch(() => ({ width: null, height: null }));
}

function needsProcessing(sniffed: { type: string; mimeType: string }): boolean {
  if (sniffed.type === 'image') {
    return canMakeImageDerivatives(sniffed.mimeType);
  }
  return sniffed.type === 'video' || sniffed.type === 'audio';
}
