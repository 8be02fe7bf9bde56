import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cloudFiles, cloudUploads } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { tariffById } from '../projects/public.ts';
import type { ProjectRow } from '../workspace/public.ts';

const bytesPerMegabyte = 1024 * 1024;

/** Bytes the project's files occupy (Removed included: their bytes are stored until purged). */
export async function projectStorageUsedBytes(db: DbOrTx, projectId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${cloudFiles.size}), 0)` })
    .from(cloudFiles)
    .where(eq(cloudFiles.projectId, projectId));
  return Number(row?.bytes ?? 0);
}

/** Bytes announced by uploads still running (they will need their space when they finish). */
async function pendingUploadBytes(db: DbOrTx, projectId: string, exceptUploadId?: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${cloudUploads.size}), 0)` })
    .from(cloudUploads)
    .where(
      and(
        eq(cloudUploads.projectId, projectId),
        isNull(cloudUploads.fileId),
        gt(cloudUploads.expiresAt, new Date()),
        exceptUploadId ? sql`${cloudUploads.id} <> ${exceptUploadId}` : undefined,
      ),
    );
  return Number(row?.bytes ?? 0);
}

/** The project's storage quota in bytes from its tariff; -1 = unlimited. */
export function storageLimitBytes(project: Pick<ProjectRow, 'tariffId'>): number {
  const megabytes = tariffById(project.tariffId).limits.storageMb;
  return megabytes === -1 ? -1 : megabytes * bytesPerMegabyte;
}

/**
 * Throws 409 QUOTA_EXCEEDED (`details: {key: 'storageMb', limit, used}` in megabytes, like every quota)
 * when `adding` more bytes would not fit. When an upload starts, the uploads still running count too, so
 * ten parallel uploads cannot each take the last free gigabyte; when it finishes, only stored files count.
 */
export async function assertStorageAvailable(
  db: DbOrTx,
  project: Pick<ProjectRow, 'id' | 'tariffId'>,
  adding: number,
  options: { countPending: boolean; uploadId?: string },
): Promise<void> {
  const limit = storageLimitBytes(project);
  if (limit === -1) {
    return;
  }
  const [stored, pending] = await Promise.all([
    projectStorageUsedBytes(db, project.id),
    options.countPending ? pendingUploadBytes(db, project.id, options.uploadId) : 0,
  ]);
  const used = stored + pending;
  if (used + adding > limit) {
    throw new AppError(409, errorCodes.quotaExceeded, {
      details: {
        key: 'storageMb',
        limit: limit / bytesPerMegabyte,
        used: Math.ceil(used / bytesPerMegabyte),
      },
    });
  }
}
