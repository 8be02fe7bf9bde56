import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cloudFavorites, cloudFiles, cloudFolders } from '../../db/schema/index.ts';
import type { CloudFileRow, CloudFolderRow } from './cloud.presenter.ts';
import { descendantFolderIds } from './library-tree.repo.ts';

/*
 * Changes to the cloud library: folders, names, favourites, moves, soft deletion and restore. The rules
 * (whose items, which target) are checked by the service before these run.
 */

export async function insertFolder(
  db: DbOrTx,
  values: { id: string; projectId: string; ownerAccountId: string; parentId: string; name: string },
): Promise<CloudFolderRow> {
  const [row] = await db.insert(cloudFolders).values(values).returning();
  return row!;
}

export async function updateFolder(
  db: DbOrTx,
  id: string,
  changes: { name: string },
): Promise<CloudFolderRow | undefined> {
  const [row] = await db
    .update(cloudFolders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(cloudFolders.id, id))
    .returning();
  return row;
}

export async function updateFile(
  db: DbOrTx,
  id: string,
  changes: { name?: string; thumbFileId?: string | null },
): Promise<CloudFileRow | undefined> {
  const [row] = await db
    .update(cloudFiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(cloudFiles.id, id))
    .returning();
  return row;
}

export async function addFavorite(
  db: DbOrTx,
  values: { fileId: string; accountId: string; projectId: string },
): Promise<void> {
  await db.insert(cloudFavorites).values(values).onConflictDoNothing();
}

export async function removeFavorite(db: DbOrTx, fileId: string, accountId: string): Promise<void> {
  await db
    .delete(cloudFavorites)
    .where(and(eq(cloudFavorites.fileId, fileId), eq(cloudFavorites.accountId, accountId)));
}

/** Puts folders and files into `targetId`; answers the moved rows. */
export async function moveItems(
  db: DbOrTx,
  items: { folderIds: readonly string[]; fileIds: readonly string[] },
  targetId: string,
): Promise<{ folders: CloudFolderRow[]; files: CloudFileRow[] }> {
  const updatedAt = new Date();
  const folders =
    items.folderIds.length === 0
      ? []
      : await db
          .update(cloudFolders)
          .set({ parentId: targetId, updatedAt })
          .where(inArray(cloudFolders.id, [...items.folderIds]))
          .returning();
  const files =
    items.fileIds.length === 0
      ? []
      : await db
          .update(cloudFiles)
          .set({ folderId: targetId, updatedAt })
          .where(inArray(cloudFiles.id, [...items.fileIds]))
          .returning();
  return { folders, files };
}

/** Soft-deletes files directly (they show in Removed); files already deleted keep their deletion. */
export async function softDeleteFiles(
  db: DbOrTx,
  fileIds: readonly string[],
  deletedAt: Date,
): Promise<void> {
  if (fileIds.length === 0) {
    return;
  }
  await db
    .update(cloudFiles)
    .set({ deletedAt, deletedVia: null })
    .where(and(inArray(cloudFiles.id, [...fileIds]), isNull(cloudFiles.deletedAt)));
}

/**
 * Soft-deletes a folder directly, and everything below it that is not deleted yet through it (`deleted_via`),
 * so restoring or purging the folder takes exactly those along. Items deleted on their own earlier stay in
 * Removed on their own.
 */
export async function softDeleteFolder(db: DbOrTx, folderId: string, deletedAt: Date): Promise<void> {
  const [folder] = await db
    .update(cloudFolders)
    .set({ deletedAt, deletedVia: null })
    .where(and(eq(cloudFolders.id, folderId), isNull(cloudFolders.deletedAt)))
    .returning({ id: cloudFolders.id });
  if (!folder) {
    return;
  }
  const below = descendantFolderIds([folderId]);
  await db
    .update(cloudFolders)
    .set({ deletedAt, deletedVia: folderId })
    .where(and(sql`${cloudFolders.id} in ${below}`, isNull(cloudFolders.deletedAt)));
  await db
    .update(cloudFiles)
    .set({ deletedAt, deletedVia: folderId })
    .where(
      and(
        sql`(${cloudFiles.folderId} = ${folderId} or ${cloudFiles.folderId} in ${below})`,
        isNull(cloudFiles.deletedAt),
      ),
    );
}

/** Brings a directly deleted folder back (into `parentId`), with everything deleted through it. */
export async function restoreFolder(
  db: DbOrTx,
  folderId: string,
  parentId: string,
  name: string,
): Promise<CloudFolderRow> {
  const [folder] = await db
    .update(cloudFolders)
    .set({ deletedAt: null, deletedVia: null, parentId, name })
    .where(eq(cloudFolders.id, folderId))
    .returning();
  const below = descendantFolderIds([folderId]);
  await db
    .update(cloudFolders)
    .set({ deletedAt: null, deletedVia: null })
    .where(and(sql`${cloudFolders.id} in ${below}`, eq(cloudFolders.deletedVia, folderId)));
  // Keyed by the folders of the subtree (the folder index), not by deleted_via alone.
  await db
    .update(cloudFiles)
    .set({ deletedAt: null, deletedVia: null })
    .where(
      and(
        sql`(${cloudFiles.folderId} = ${folderId} or ${cloudFiles.folderId} in ${below})`,
        isNotNull(cloudFiles.deletedAt),
        eq(cloudFiles.deletedVia, folderId),
      ),
    );
  return folder!;
}

/** Brings a directly deleted file back (into `folderId`, under `name`). */
export async function restoreFile(
  db: DbOrTx,
  fileId: string,
  folderId: string,
  name: string,
): Promise<CloudFileRow> {
  const [file] = await db
    .update(cloudFiles)
    .set({ deletedAt: null, deletedVia: null, folderId, name })
    .where(eq(cloudFiles.id, fileId))
    .returning();
  return file!;
}
