import type { CloudEntity } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  ensureRootFolder,
  loadCloudAccess,
  appIdOf,
  loadFileForCaller,
  requireCloud,
  type CloudAccess,
} from './cloud.access.ts';
import { folderEntity, presentItems, type CloudFileRow, type CloudFolderRow } from './cloud.presenter.ts';
import * as edits from './library-edits.repo.ts';
import { ancestorsOf } from './library-tree.repo.ts';
import {
  loadOwnFolder,
  loadOwnItems,
  loadProjectCloud,
  refuseRoot,
  requireInRemoved,
  requireKinds,
  sanitizeItemName,
  type Headers,
  type OwnItems,
} from './library.items.ts';
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
    async createFolder(
      actor: Actor,
      headers: Headers,
      parent: { projectId: string } | { folderId: string },
      input: { name: string },
    ): Promise<CloudEntity> {
      let access: CloudAccess;
      let parentId: string;
      if ('projectId' in parent) {
        access = await loadProjectCloud(db, actor, headers, parent.projectId, 'create_folder');
        parentId = (await ensureRootFolder(db, access.project.id, access.accountId)).id;
      } else {
        const folder = await repo.findFolder(db, parent.folderId);
        if (!folder) {
          throw notFound();
        }
        access = await loadCloudAccess(db, actor, folder.projectId, appIdOf(headers));
        requireCloud(access, 'create_folder');
        // Only inside one's own live tree (the "cannot create a folder here" banner).
        if (folder.ownerAccountId !== access.accountId || folder.deletedAt !== null) {
          throw folderCreateForbidden();
        }
        parentId = folder.id;
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

    async updateFile(
      actor: Actor,
      headers: Headers,
      fileId: string,
      input: FileChanges,
    ): Promise<CloudEntity> {
      const { file, access } = await loadFileForCaller(db, actor, headers, fileId, { own: true });
      requireCloud(access, 'rename');
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

    async renameFolder(actor: Actor, headers: Headers, folderId: string, input: { name: string }) {
      const { folder, access } = await loadOwnFolder(db, actor, headers, folderId, 'rename');
      refuseRoot([folder]);
      const updated = await edits.updateFolder(db, folder.id, { name: sanitizeItemName(input.name) });
      if (!updated) {
        throw notFound();
      }
      return folderEntity(updated, { access, sign });
    },

    /** Favourites are the caller's own, also of files of others they may see (isAnother). Idempotent. */
    async setFavorite(actor: Actor, headers: Headers, fileId: string, favorite: boolean): Promise<void> {
      const { file, access } = await loadFileForCaller(db, actor, headers, fileId, { own: false });
      requireCloud(access, 'favorite');
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

    async softDeleteFile(actor: Actor, headers: Headers, fileId: string) {
      const items = await loadOwnItems(db, actor, headers, [fileId], 'delete');
      await softDelete(requireKinds(items, { fileIds: [fileId] }));
    },
    async softDeleteFolder(actor: Actor, headers: Headers, folderId: string) {
      const items = await loadOwnItems(db, actor, headers, [folderId], 'delete');
      await softDelete(requireKinds(items, { folderIds: [folderId] }));
    },
    async softDeleteMany(actor: Actor, headers: Headers, ids: string[]) {
      await softDelete(await loadOwnItems(db, actor, headers, ids, 'delete'));
    },

    async deleteFile(actor: Actor, headers: Headers, fileId: string) {
      const items = await loadOwnItems(db, actor, headers, [fileId], 'delete');
      await removeForever(requireKinds(items, { fileIds: [fileId] }));
    },
    async deleteFolder(actor: Actor, headers: Headers, folderId: string) {
      const items = await loadOwnItems(db, actor, headers, [folderId], 'delete');
      await removeForever(requireKinds(items, { folderIds: [folderId] }));
    },
    async deleteMany(actor: Actor, headers: Headers, ids: string[]) {
      await removeForever(await loadOwnItems(db, actor, headers, ids, 'delete'));
    },
  };
}
