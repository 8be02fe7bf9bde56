import type { Upload } from '@tus/utils';
import { and, eq } from 'drizzle-orm';
import { uploadMetadataSchema } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db } from '../../db/client.ts';
import { cloudFolders, cloudUploads } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { CloudAccess } from './cloud.access.ts';
import { assertNameFree } from './library-names.ts';
import { sanitizeFileName } from './media/sniff.ts';
import { assertStorageAvailable } from './storage-usage.ts';
import { assertBelowLimit } from './uploads.finish.ts';

/**
 * A new upload (tus POST, before the store writes anything): checks the metadata, the folder, the declared
 * size against the limit of spec §5 and the quota, and records who started it. Every later request must
 * come from the same person; the declared metadata is checked only here.
 */
export async function recordNewUpload(
  db: Db,
  access: CloudAccess,
  upload: Upload,
  expiresAt: Date,
): Promise<void> {
  const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {});
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [`metadata.${issue.path.join('.')}`, issue.message]),
    );
    throw new AppError(400, errorCodes.validationFailed, { errors });
  }
  const metadata = parsed.data;
  if (upload.size === undefined) {
    throw new AppError(400, errorCodes.validationFailed, {
      errors: { 'Upload-Length': 'validation.required' },
    });
  }
  const extra = parseExtra(metadata.extra);
  const [folder] = await db
    .select()
    .from(cloudFolders)
    .where(and(eq(cloudFolders.id, metadata.folderId), eq(cloudFolders.projectId, access.project.id)));
  if (!folder) {
    throw new AppError(400, errorCodes.validationFailed, {
      errors: { 'metadata.folderId': 'validation.notFound' },
    });
  }
  if (folder.ownerAccountId !== access.accountId || folder.deletedAt) {
    throw new AppError(403, errorCodes.forbidden);
  }
  const hiddenInCloud = metadata.hideInCloud === 'true' || metadata.hideInCloud === '1';
  if (!hiddenInCloud && !metadata.conflict) {
    // Asked before any byte is sent, so the person can choose: replace, keep both or skip.
    await assertNameFree(db, folder.id, sanitizeFileName(metadata.filename), { isFolder: false });
  }
  assertBelowLimit(upload.size, metadata.filetype);
  await assertStorageAvailable(db, access.project, upload.size, {
    countPending: true,
    accountId: access.accountId,
  });
  await db.insert(cloudUploads).values({
    id: upload.id,
    projectId: access.project.id,
    accountId: access.accountId,
    folderId: folder.id,
    name: metadata.filename,
    declaredType: metadata.filetype,
    size: upload.size,
    hiddenInCloud,
    source: metadata.source,
    extra,
    onConflict: metadata.conflict ?? null,
    expiresAt,
  });
}

function parseExtra(text: string | undefined): Record<string, string> {
  if (!text) {
    return {};
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(400, errorCodes.validationFailed, {
      errors: { 'metadata.extra': 'validation.invalid' },
    });
  }
  const valid =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string');
  if (!valid) {
    throw new AppError(400, errorCodes.validationFailed, {
      errors: { 'metadata.extra': 'validation.invalid' },
    });
  }
  return value as Record<string, string>;
}
