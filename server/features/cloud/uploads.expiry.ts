import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { cloudUploads } from '../../db/schema/index.ts';
import type { UploadFinisher } from './uploads.finish.ts';
import type { UploadStaging } from './uploads.staging.ts';

/**
 * Deletes uploads abandoned longer than the expiry (bytes and row), old rows of finished ones, and bytes the
 * store kept without a row of ours (a create that failed after the store wrote). The bytes are wherever the
 * staging keeps them — DATA_DIR/uploads or the bucket — so the worker reaches them from any machine that
 * shares that storage.
 */
export async function expireAbandonedUploads(
  deps: { db: Db; staging: UploadStaging; finisher: UploadFinisher; logger: Logger; expiryMs: number },
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  const expired = await db
    .select({ id: cloudUploads.id })
    .from(cloudUploads)
    .where(and(isNull(cloudUploads.fileId), lt(cloudUploads.expiresAt, now)));
  for (const { id } of expired) {
    await deps.finisher.discard(id);
  }
  await db
    .delete(cloudUploads)
    .where(
      and(
        isNotNull(cloudUploads.fileId),
        or(
          lt(cloudUploads.expiresAt, now),
          lt(cloudUploads.createdAt, new Date(now.getTime() - deps.expiryMs)),
        ),
      ),
    );
  await deps.staging.datastore
    .deleteExpired()
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'tus cleanup failed'));
  return expired.length;
}
