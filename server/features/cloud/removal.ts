import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { cloudFiles, cloudFolders, type CloudVariants } from '../../db/schema/index.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import { descendantFolderIds } from './library-tree.repo.ts';

/*
 * Permanent deletion (DESIGN §7): the rows go in one transaction, then the bytes. Should the storage fail
 * after the commit, the blobs stay behind as orphans (listed in the error and the log so they can be
 * removed by hand) — never the other way round, a file row whose bytes are gone.
 */

export type RemovalItems = { fileIds: readonly string[]; folderIds: readonly string[] };
export type RemovalCounts = { files: number; folders: number; blobs: number };

/** Thrown when the rows are gone but some bytes could not be removed; `keys` names what is left. */
export class BlobRemovalError extends Error {
  constructor(
    readonly keys: string[],
    cause: unknown,
  ) {
    super(`cloud: ${keys.length} blob(s) of deleted files could not be removed`, { cause });
    this.name = 'BlobRemovalError';
  }
}

/** Every storage key of a file: the original and each derived file. */
export function storageKeysOf(file: { storageKey: string; variants: CloudVariants }): string[] {
  return [file.storageKey, ...Object.values(file.variants).filter((key): key is string => Boolean(key))];
}

/**
 * Deletes items for good: the given files and folders — only while they are still deleted (a restore that won
 * the race keeps its item) — with everything inside the folders, deleted or not, and then their bytes.
 * The caller checks that the items are the caller's and lie in Removed.
 */
export async function deleteForever(
  db: Db,
  storage: Pick<BlobStorage, 'remove'>,
  items: RemovalItems,
  options: { logger?: Pick<Logger, 'error'> } = {},
): Promise<RemovalCounts> {
  const { keys, files, folders } = await db.transaction(async (tx) => {
    const folderRows =
      items.folderIds.length === 0
        ? []
        : await tx
            .select({ id: cloudFolders.id })
            .from(cloudFolders)
            .where(and(inArray(cloudFolders.id, [...items.folderIds]), isNotNull(cloudFolders.deletedAt)))
            .for('update');
    const fileRows =
      items.fileIds.length === 0
        ? []
        : await tx
            .select({ id: cloudFiles.id })
            .from(cloudFiles)
            .where(and(inArray(cloudFiles.id, [...items.fileIds]), isNotNull(cloudFiles.deletedAt)))
            .for('update');
    const folderIds = folderRows.map((row) => row.id);
    const fileIds = fileRows.map((row) => row.id);
    const inFolders =
      folderIds.length === 0
        ? undefined
        : sql`(${cloudFiles.folderId} in (${sql.join(
            folderIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) or ${cloudFiles.folderId} in ${descendantFolderIds(folderIds)})`;
    const removedFiles =
      fileIds.length === 0 && !inFolders
        ? []
        : await tx
            .delete(cloudFiles)
            .where(or(fileIds.length === 0 ? undefined : inArray(cloudFiles.id, fileIds), inFolders))
            .returning({ storageKey: cloudFiles.storageKey, variants: cloudFiles.variants });
    const removedFolders =
      folderIds.length === 0
        ? []
        : await tx
            .delete(cloudFolders)
            .where(
              or(
                inArray(cloudFolders.id, folderIds),
                sql`${cloudFolders.id} in ${descendantFolderIds(folderIds)}`,
              ),
            )
            .returning({ id: cloudFolders.id });
    return {
      keys: removedFiles.flatMap(storageKeysOf),
      files: removedFiles.length,
      folders: removedFolders.length,
    };
  });
  if (keys.length > 0) {
    try {
      await storage.remove(keys);
    } catch (cause) {
      const error = new BlobRemovalError(keys, cause);
      options.logger?.error({ err: error, keys }, 'cloud: bytes of deleted files left in storage');
      throw error;
    }
  }
  return { files, folders, blobs: keys.length };
}

/**
 * Empties Removed of everything deleted before `olderThan` (the daily job, GAPS 10: 30 days), batch by batch,
 * each batch its own transaction; with `person`, only that person's Removed ("empty the bin"). Answers what
 * it deleted, descendants included.
 */
export async function purgeRemoved(
  db: Db,
  storage: Pick<BlobStorage, 'remove'>,
  options: {
    olderThan: Date;
    batchSize: number;
    person?: { projectId: string; accountId: string };
    logger?: Pick<Logger, 'error'>;
  },
): Promise<RemovalCounts> {
  const total: RemovalCounts = { files: 0, folders: 0, blobs: 0 };
  const { person } = options;
  for (;;) {
    // Directly deleted items only: what was deleted through a folder goes with that folder.
    const [folders, files] = await Promise.all([
      db
        .select({ id: cloudFolders.id })
        .from(cloudFolders)
        .where(
          and(
            lt(cloudFolders.deletedAt, options.olderThan),
            isNull(cloudFolders.deletedVia),
            person ? eq(cloudFolders.projectId, person.projectId) : undefined,
            person ? eq(cloudFolders.ownerAccountId, person.accountId) : undefined,
          ),
        )
        .orderBy(asc(cloudFolders.deletedAt))
        .limit(options.batchSize),
      db
        .select({ id: cloudFiles.id })
        .from(cloudFiles)
        .where(
          and(
            lt(cloudFiles.deletedAt, options.olderThan),
            isNull(cloudFiles.deletedVia),
            person ? eq(cloudFiles.projectId, person.projectId) : undefined,
            person ? eq(cloudFiles.ownerAccountId, person.accountId) : undefined,
          ),
        )
        .orderBy(asc(cloudFiles.deletedAt))
        .limit(options.batchSize),
    ]);
    if (folders.length === 0 && files.length === 0) {
      return total;
    }
    const counts = await deleteForever(
      db,
      storage,
      { folderIds: folders.map((row) => row.id), fileIds: files.map((row) => row.id) },
      { logger: options.logger },
    );
    total.files += counts.files;
    total.folders += counts.folders;
    total.blobs += counts.blobs;
  }
}
