import type { CloudEntity } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { ensureRootFolder, type CloudAccess } from './cloud.access.ts';
import { mayCreateFolderIn } from './cloud.policy.ts';
import type { FileScopeAccess, FolderScopeAccess } from './cloud.scopes.ts';
import { folderEntity, presentItems, type CloudFileRow, type CloudFolderRow } from './cloud.presenter.ts';
import * as edits from './library-edits.repo.ts';
import { ancestorsOf } from './library-tree.repo.ts';
import { refuseRoot, requireInRemoved, sanitizeItemName, type OwnItems } from './library.items.ts';
import * as repo from './library.repo.ts';
import type { LibraryDeps } from './library.service.ts';
import { deleteForever } from './removal.ts';

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
      const created = await edits.insertFolder(db, {
        id: newId(),
        projectId: access.project.id,
        ownerAccountId: access.accountId,
        parentId,
        name: sanitizeItemName(input.name),
      });
      return folderEntity(created, { access, sign });
    },

    async updateFile({ access, file }: FileScopeAccess, input: FileChanges): Promise<CloudEntity> {
      const changes: { name?: string; thumbFileId?: string | null } = {};
      if (input.name !== undefined) {
        changes.name = sanitizeItemName(input.name);
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
      const updated = Object.keys(changes).length > 0 ? await edits.updateFile(db, file.id, changes) : file;
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
      const updated = await edits.updateFolder(db, folder.id, { name: sanitizeItemName(input.name) });
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

    /** Into Removed (one item of the address, or a bulk call's items). */
    softDelete: async (items: OwnItems) => softDelete(items),
    /** Permanently, from Removed only. */
    deleteForever: async (items: OwnItems) => removeForever(items),
  };
}
