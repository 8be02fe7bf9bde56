import type { CloudEntity } from '../../../contracts/cloud.ts';
import { withKeptExtension } from '../../../contracts/cloud-names.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { ensureRootFolder, type CloudAccess } from './cloud.access.ts';
import { mayCreateFolderIn } from './cloud.policy.ts';
import type { FileScopeAccess, FolderScopeAccess } from './cloud.scopes.ts';
import { folderEntity, presentItems, type CloudFileRow, type CloudFolderRow } from './cloud.presenter.ts';
import * as edits from './library-edits.repo.ts';
import { ancestorsOf } from './library-tree.repo.ts';
import { refuseRoot, requireInRemoved, type OwnItems } from './library.items.ts';
import { assertItemName, assertNameFree, lockFolderNames, nameHolder } from './library-names.ts';
import * as repo from './library.repo.ts';
import type { LibraryDeps } from './library.service.ts';
import { sanitizeFileName } from './media/sniff.ts';
import { deleteForever, purgeRemoved } from './removal.ts';

type FileChanges = {
  name?: string | undefined;
  thumbId?: string | undefined;
  resetThumbnail?: true | undefined;
};

const folderCreateForbidden = () => new AppError(403, errorCodes.folderCreateForbidden);

/** Folders, names, thumbnails, favourites and deletion (spec §4 "Cloud"); moves: library-moves. */
export function createLibraryEdits(deps: LibraryDeps) {
  const { db, sign, storage, logger } = deps;

  const present = (access: CloudAccess, folders: CloudFolderRow[], files: CloudFileRow[]) =>
    presentItems(db, { access, sign, folders, files });

  const entity = async (access: CloudAccess, folders: CloudFolderRow[], files: CloudFileRow[]) => {
    const [item] = await present(access, folders, files);
    return item!;
  };

  /** Drops the items that lie inside another folder of the same call (they go along with it). */
  async function outermost(items: OwnItems): Promise<OwnItems> {
    const folderIds = new Set(items.folders.map((folder) => folder.id));
    const ancestors = await ancestorsOf(db, {
      folderIds: [...folderIds],
      fileIds: items.files.map((file) => file.id),
    });
    const nested = (id: string) => (ancestors.get(id) ?? []).some((folderId) => folderIds.has(folderId));
    return {
      access: items.access,
      folders: items.folders.filter((folder) => !nested(folder.id)),
      files: items.files.filter((file) => !nested(file.id)),
    };
  }

  async function softDelete(items: OwnItems): Promise<void> {
    refuseRoot(items.folders);
    const { folders, files } = await outermost(items);
    const deletedAt = new Date();
    await db.transaction(async (tx) => {
      for (const folder of folders) {
        await edits.softDeleteFolder(tx, folder.id, deletedAt);
      }
      await edits.softDeleteFiles(
        tx,
        files.map((file) => file.id),
        deletedAt,
      );
    });
  }

  async function removeForever(items: OwnItems): Promise<void> {
    refuseRoot(items.folders);
    requireInRemoved(items);
    await deleteForever(
      db,
      storage,
      { folderIds: items.folders.map((folder) => folder.id), fileIds: items.files.map((file) => file.id) },
      { logger },
    );
  }

  return {
    /** A folder in "My files" (`parentId` null) or inside one of the caller's own live folders. */
    async createFolder(
      access: CloudAccess,
      parentId: string | null,
      input: { name: string },
    ): Promise<CloudEntity> {
      if (parentId === null) {
        parentId = (await ensureRootFolder(db, access.project.id, access.accountId)).id;
      } else {
        const folder = await repo.findFolder(db, parentId);
        // Only inside one's own live tree (the "cannot create a folder here" banner).
        if (!folder || !mayCreateFolderIn(folder, folder.ownerAccountId === access.accountId)) {
          throw folderCreateForbidden();
        }
      }
      const name = assertItemName(input.name);
      const folderParentId = parentId;
      const created = await db.transaction(async (tx) => {
        await lockFolderNames(tx, folderParentId);
        await assertNameFree(tx, folderParentId, name, { isFolder: true });
        return edits.insertFolder(tx, {
          id: newId(),
          projectId: access.project.id,
          ownerAccountId: access.accountId,
          parentId: folderParentId,
          name,
        });
      });
      return folderEntity(created, { access, sign });
    },

    async updateFile({ access, file }: FileScopeAccess, input: FileChanges): Promise<CloudEntity> {
      const changes: { name?: string; thumbFileId?: string | null } = {};
      if (input.name !== undefined) {
        // Renamed without an extension, a file keeps the one it had (its type does not change).
        changes.name = withKeptExtension(assertItemName(input.name), file.name);
      }
      if (input.resetThumbnail) {
        changes.thumbFileId = null;
      } else if (input.thumbId !== undefined) {
        // A custom thumbnail is a ready image of the same person's library in the same project.
        const thumb = await repo.findFile(db, input.thumbId);
        const usable =
          thumb &&
          thumb.id !== file.id &&
          thumb.projectId === file.projectId &&
          thumb.ownerAccountId === access.accountId &&
          thumb.type === 'image' &&
          thumb.status === null &&
          thumb.deletedAt === null;
        if (!usable) {
          throw badRequest({ thumbId: 'validation.invalid' });
        }
        changes.thumbFileId = thumb.id;
      }
      const newName = changes.name;
      const updated =
        Object.keys(changes).length === 0
          ? file
          : await db.transaction(async (tx) => {
              // Hidden files and files in Removed take no name in the folder.
              if (newName !== undefined && !file.hiddenInCloud && file.deletedAt === null) {
                await lockFolderNames(tx, file.folderId);
                await assertNameFree(tx, file.folderId, newName, { isFolder: false, exceptId: file.id });
              }
              return edits.updateFile(tx, file.id, changes);
            });
      if (!updated) {
        throw notFound();
      }
      return entity(access, [], [updated]);
    },

    async renameFolder({ access, folderId }: FolderScopeAccess, input: { name: string }) {
      const folder = await repo.findFolder(db, folderId);
      if (!folder) {
        throw notFound();
      }
      refuseRoot([folder]);
      const name = assertItemName(input.name);
      const parentId = folder.parentId!;
      const updated = await db.transaction(async (tx) => {
        await lockFolderNames(tx, parentId);
        await assertNameFree(tx, parentId, name, { isFolder: true, exceptId: folder.id });
        return edits.updateFolder(tx, folder.id, { name });
      });
      if (!updated) {
        throw notFound();
      }
      return folderEntity(updated, { access, sign });
    },

    /** Favourites are the caller's own, also of files of others they may see (isAnother). Idempotent. */
    async setFavorite({ access, file }: FileScopeAccess, favorite: boolean): Promise<void> {
      if (favorite) {
        await edits.addFavorite(db, {
          fileId: file.id,
          accountId: access.accountId,
          projectId: file.projectId,
        });
      } else {
        await edits.removeFavorite(db, file.id, access.accountId);
      }
    },

    /** Empties the caller's Removed for good ("empty the bin"), in batches. */
    async emptyRemoved(access: CloudAccess): Promise<void> {
      await purgeRemoved(db, storage, {
        olderThan: new Date(Date.now() + 60_000),
        batchSize: 500,
        person: { projectId: access.project.id, accountId: access.accountId },
        logger,
      });
    },

    /**
     * Which of the names an upload would take the folder holds already (files and folders alike), with the
     * name "keep both" would give: asked before uploading, so the person chooses replace, keep both or skip.
     */
    async nameConflicts({ folderId }: FolderScopeAccess, names: readonly string[]) {
      const conflicts: { name: string; existing: string; kind: 'file' | 'folder'; suggestion: string }[] = [];
      for (const sent of names) {
        const taken = await nameHolder(db, folderId, sanitizeFileName(sent), { isFolder: false });
        if (taken) {
          conflicts.push({
            name: sent,
            existing: taken.holder.name,
            kind: taken.holder.kind,
            suggestion: taken.suggestion,
          });
        }
      }
      return conflicts;
    },

    /** Into Removed (one item of the address, or a bulk call's items). */
    softDelete: async (items: OwnItems) => softDelete(items),
    /** Permanently, from Removed only. */
    deleteForever: async (items: OwnItems) => removeForever(items),
  };
}
