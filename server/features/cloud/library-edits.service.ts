import { eq } from 'drizzle-orm';
import type { CloudEntity } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cloudFolders } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { ensureRootFolder, loadCloudAccess, appIdOf, loadFileForCaller, requireCloud, type CloudAccess } from './cloud.access.ts';
import { folderEntity, presentItems, type CloudFileRow, type CloudFolderRow } from './cloud.presenter.ts';
import * as edits from './library-edits.repo.ts';
import {
  loadOwnFolder,
  loadOwnItems,
  loadProjectCloud,
  refuseRoot,
  sanitizeItemName,
  type Headers,
  type OwnItems,
} from './library.items.ts';
import * as repo from './library.repo.ts';
import type { LibraryDeps } from './library.service.ts';
import { deleteForever } from './removal.ts';

type FileChanges = { name?: string | undefined; thumbId?: string | undefined; resetThumbnail?: true | undefined };
type KindIds = { folderIds?: string[] | undefined; fileIds?: string[] | undefined };

const inRemoved = (item: { deletedAt: Date | null; deletedVia: string | null }) =>
  item.deletedAt !== null && item.deletedVia === null;

const folderCreateForbidden = () => new AppError(403, errorCodes.folderCreateForbidden);
const moveTargetInvalid = (reason: 'already_there' | 'into_itself', ids: string[]) =>
  conflict(errorCodes.moveTargetInvalid, { reason, ids });

/** Permanent deletion and restore take items from Removed only. */
function requireInRemoved(items: OwnItems): void {
  const outside = [...items.folders, ...items.files].filter((item) => !inRemoved(item)).map((item) => item.id);
  if (outside.length > 0) {
    throw conflict(errorCodes.notInRemoved, { ids: outside });
  }
}

/** Serialises the tree changes of one person (moves, restores), so two of them cannot build a cycle. */
async function lockLibrary(tx: DbOrTx, rootId: string): Promise<void> {
  await tx.select({ id: cloudFolders.id }).from(cloudFolders).where(eq(cloudFolders.id, rootId)).for('update');
}

/** Folders, names, thumbnails, favourites, moves, deletion and restore (spec §4 "Cloud", §5 move rules). */
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
    const ancestors = await repo.ancestorsOf(db, {
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

  /**
   * Moves the caller's items into a folder of theirs (null: "My files"). Refused when the target already
   * holds one of them, is one of the moved folders or lies inside one (spec §5).
   */
  async function move(items: OwnItems, targetId: string | null): Promise<CloudEntity[]> {
    const { access } = items;
    refuseRoot(items.folders);
    if ([...items.folders, ...items.files].some((item) => item.deletedAt !== null)) {
      throw notFound();
    }
    const root = await ensureRootFolder(db, access.project.id, access.accountId);
    const moved = await db.transaction(async (tx) => {
      await lockLibrary(tx, root.id);
      const target = targetId === null ? root : await repo.findFolder(tx, targetId);
      const usable =
        target &&
        target.projectId === access.project.id &&
        target.ownerAccountId === access.accountId &&
        target.deletedAt === null;
      if (!usable) {
        throw notFound();
      }
      const folderIds = items.folders.map((folder) => folder.id);
      const aboveTarget = new Set([target.id, ...((await repo.ancestorsOf(tx, { folderIds: [target.id], fileIds: [] })).get(target.id) ?? [])]);
      const around = folderIds.filter((id) => aboveTarget.has(id));
      if (around.length > 0) {
        throw moveTargetInvalid('into_itself', around);
      }
      const already = [
        ...items.folders.filter((folder) => folder.parentId === target.id),
        ...items.files.filter((file) => file.folderId === target.id),
      ].map((item) => item.id);
      if (already.length > 0) {
        throw moveTargetInvalid('already_there', already);
      }
      return edits.moveItems(tx, { folderIds, fileIds: items.files.map((file) => file.id) }, target.id);
    });
    return present(access, moved.folders, moved.files);
  }

  /** Back where they were; into "My files" when that folder is itself deleted. Outer folders first. */
  async function restore(items: OwnItems): Promise<CloudEntity[]> {
    const { access } = items;
    requireInRemoved(items);
    const root = await ensureRootFolder(db, access.project.id, access.accountId);
    const ancestors = await repo.ancestorsOf(db, {
      folderIds: items.folders.map((folder) => folder.id),
      fileIds: [],
    });
    const depth = (folder: CloudFolderRow) => ancestors.get(folder.id)?.length ?? 0;
    const folders = [...items.folders].sort((a, b) => depth(a) - depth(b));
    const restored = await db.transaction(async (tx) => {
      await lockLibrary(tx, root.id);
      const home = async (parentId: string | null) => {
        const parent = parentId ? await repo.findFolder(tx, parentId) : undefined;
        return parent && parent.deletedAt === null ? parent.id : root.id;
      };
      const result = { folders: [] as CloudFolderRow[], files: [] as CloudFileRow[] };
      for (const folder of folders) {
        result.folders.push(await edits.restoreFolder(tx, folder.id, await home(folder.parentId)));
      }
      for (const file of items.files) {
        result.files.push(await edits.restoreFile(tx, file.id, await home(file.folderId)));
      }
      return result;
    });
    return present(access, restored.folders, restored.files);
  }

  const bothKinds = (ids: KindIds) => [...(ids.folderIds ?? []), ...(ids.fileIds ?? [])];

  /** Checks that ids sent as folders are folders and ids sent as files are files. */
  function requireKinds(items: OwnItems, ids: KindIds): OwnItems {
    const folderIds = new Set(ids.folderIds ?? []);
    const wrong =
      items.folders.some((folder) => !folderIds.has(folder.id)) ||
      items.files.some((file) => folderIds.has(file.id));
    if (wrong) {
      throw notFound();
    }
    return items;
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

    async updateFile(actor: Actor, headers: Headers, fileId: string, input: FileChanges): Promise<CloudEntity> {
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
        await edits.addFavorite(db, { fileId: file.id, accountId: access.accountId, projectId: file.projectId });
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

    async restore(actor: Actor, headers: Headers, ids: string[]) {
      return restore(await loadOwnItems(db, actor, headers, ids, 'delete'));
    },

    /** Mixed ids (`cloud/move[/{target}]`, also the bulk move of GAPS 11). */
    async moveMany(actor: Actor, headers: Headers, ids: string[], targetId: string | null) {
      return move(await loadOwnItems(db, actor, headers, ids, 'move'), targetId);
    },

    /** One kind per call (`folders[/{target}]/move` with folderIds or fileIds). */
    async moveKinds(actor: Actor, headers: Headers, ids: KindIds, targetId: string | null) {
      const items = await loadOwnItems(db, actor, headers, bothKinds(ids), 'move');
      return move(requireKinds(items, ids), targetId);
    },
  };
}
