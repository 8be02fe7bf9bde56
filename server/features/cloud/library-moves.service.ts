import type { CloudEntity } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { ensureRootFolder } from './cloud.access.ts';
import { presentItems, type CloudFileRow, type CloudFolderRow } from './cloud.presenter.ts';
import * as edits from './library-edits.repo.ts';
import { ancestorsOf } from './library-tree.repo.ts';
import {
  lockLibrary,
  refuseRoot,
  requireInRemoved,
  requireKinds,
  type KindIds,
  type OwnItems,
} from './library.items.ts';
import * as repo from './library.repo.ts';
import type { LibraryDeps } from './library.service.ts';

const moveTargetInvalid = (reason: 'already_there' | 'into_itself', ids: string[]) =>
  conflict(errorCodes.moveTargetInvalid, { reason, ids });

/** Moves (spec §5 move rules, GAPS 11) and the restore from Removed: the changes of the tree's shape. */
export function createLibraryMoves(deps: Pick<LibraryDeps, 'db' | 'sign'>) {
  const { db, sign } = deps;

  /**
   * Moves the caller's items into a folder of theirs (null: "My files"). Refused when the target already
   * holds one of them, is one of the moved folders or lies inside one.
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
      const above = await ancestorsOf(tx, { folderIds: [target.id], fileIds: [] });
      const aboveTarget = new Set([target.id, ...(above.get(target.id) ?? [])]);
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
    return presentItems(db, { access, sign, folders: moved.folders, files: moved.files });
  }

  /** Back where they were; into "My files" when that folder is itself deleted. Outer folders first. */
  async function restore(items: OwnItems): Promise<CloudEntity[]> {
    const { access } = items;
    requireInRemoved(items);
    const root = await ensureRootFolder(db, access.project.id, access.accountId);
    const ancestors = await ancestorsOf(db, {
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
    return presentItems(db, { access, sign, folders: restored.folders, files: restored.files });
  }

  return {
    restore,

    /** Mixed ids (`cloud/move[/{target}]`, also the bulk move of GAPS 11). */
    async moveMany(items: OwnItems, targetId: string | null) {
      return move(items, targetId);
    },

    /** One kind per call (`folders[/{target}]/move` with folderIds or fileIds). */
    async moveKinds(items: OwnItems, ids: KindIds, targetId: string | null) {
      return move(requireKinds(items, ids), targetId);
    },
  };
}
