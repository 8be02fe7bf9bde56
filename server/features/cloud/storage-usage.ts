import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cloudFiles, cloudUploads } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { tariffById } from '../projects/public.ts';
import { projectAbilitiesOf, type ProjectRow } from '../workspace/public.ts';

const bytesPerMegabyte = 1024 * 1024;

/** Bytes the project's files occupy (Removed included: their bytes are stored until purged). */
export async function projectStorageUsedBytes(db: DbOrTx, projectId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${cloudFiles.size}), 0)` })
    .from(cloudFiles)
    .where(eq(cloudFiles.projectId, projectId));
  return Number(row?.bytes ?? 0);
}

/** Bytes one person's files occupy in the project (Removed and hidden files included). */
export async function personStorageUsedBytes(
  db: DbOrTx,
  projectId: string,
  accountId: string,
): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${cloudFiles.size}), 0)` })
    .from(cloudFiles)
    .where(and(eq(cloudFiles.projectId, projectId), eq(cloudFiles.ownerAccountId, accountId)));
  return Number(row?.bytes ?? 0);
}

/** Bytes announced by uploads still running (they will need their space when they finish). */
async function pendingUploadBytes(
  db: DbOrTx,
  projectId: string,
  options: { exceptUploadId?: string | undefined; accountId?: string } = {},
): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${cloudUploads.size}), 0)` })
    .from(cloudUploads)
    .where(
      and(
        eq(cloudUploads.projectId, projectId),
        options.accountId ? eq(cloudUploads.accountId, options.accountId) : undefined,
        isNull(cloudUploads.fileId),
        gt(cloudUploads.expiresAt, new Date()),
        options.exceptUploadId ? sql`${cloudUploads.id} <> ${options.exceptUploadId}` : undefined,
      ),
    );
  return Number(row?.bytes ?? 0);
}

/**
 * Whose storage a person sees and is held to: the project's team (its owner and team members with file
 * rights, `view_files`) sees the project's use against the tariff's quota; everyone else (app members) sees
 * their own files against the per-member quota of the tariff, and never the project's totals.
 */
export async function storageRoleOf(
  db: DbOrTx,
  project: ProjectRow,
  accountId: string,
): Promise<'team' | 'member'> {
  return (await projectAbilitiesOf(db, project, accountId)).includes('view_files') ? 'team' : 'member';
}

/** A member's own quota in bytes from the project's tariff; -1 = unlimited. */
export function memberStorageLimitBytes(project: Pick<ProjectRow, 'tariffId'>): number {
  const megabytes = tariffById(project.tariffId).limits.memberStorageMb;
  return megabytes === -1 ? -1 : megabytes * bytesPerMegabyte;
}

/** The project's storage quota in bytes from its tariff; -1 = unlimited. */
export function storageLimitBytes(project: Pick<ProjectRow, 'tariffId'>): number {
  const megabytes = tariffById(project.tariffId).limits.storageMb;
  return megabytes === -1 ? -1 : megabytes * bytesPerMegabyte;
}

/**
 * Throws 409 QUOTA_EXCEEDED (`details: {key: 'storageMb' | 'memberStorageMb', limit, used}` in megabytes,
 * like every quota) when `adding` more bytes would not fit the project's quota or, for a member, their own. When an upload starts, the uploads still running count too, so
 * ten parallel uploads cannot each take the last free gigabyte; when it finishes, only stored files count.
 */
export async function assertStorageAvailable(
  db: DbOrTx,
  project: ProjectRow,
  adding: number,
  options: { countPending: boolean; uploadId?: string; accountId: string },
): Promise<void> {
  const limit = storageLimitBytes(project);
  if (limit !== -1) {
    const [stored, pending] = await Promise.all([
      projectStorageUsedBytes(db, project.id),
      options.countPending ? pendingUploadBytes(db, project.id, { exceptUploadId: options.uploadId }) : 0,
    ]);
    assertFits('storageMb', limit, stored + pending, adding);
  }
  // A member is held to their own share as well (`memberStorageMb`), the team only to the project's.
  const memberLimit = memberStorageLimitBytes(project);
  if (memberLimit !== -1 && (await storageRoleOf(db, project, options.accountId)) === 'member') {
    const [stored, pending] = await Promise.all([
      personStorageUsedBytes(db, project.id, options.accountId),
      options.countPending
        ? pendingUploadBytes(db, project.id, {
            exceptUploadId: options.uploadId,
            accountId: options.accountId,
          })
        : 0,
    ]);
    assertFits('memberStorageMb', memberLimit, stored + pending, adding);
  }
}

function assertFits(key: 'storageMb' | 'memberStorageMb', limit: number, used: number, adding: number): void {
  if (used + adding > limit) {
    throw new AppError(409, errorCodes.quotaExceeded, {
      details: { key, limit: limit / bytesPerMegabyte, used: Math.ceil(used / bytesPerMegabyte) },
    });
  }
}
