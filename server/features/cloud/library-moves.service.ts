import type { CloudEntity } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { nameKey } from '../../../contracts/cloud-names.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { ensureRootFolder } from './cloud.access.ts';
import { presentItems, type CloudFileRow, type CloudFolderRow } from './cloud.presenter.ts';
import * as edits from './library-edits.repo.ts';
import { freeNameIn, lockFolderNames, nameHolder } from './library-names.ts';
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

const moveTargetInvalid = (
  reason: 'already_there' | 'into_itself' | 'name_taken',
  ids: string[],
  extra: { names?: string[] } = {},
) => conflict(errorCodes.moveTargetInvalid, { reason, ids, ...extra });

/** A folder holds each name once: moved items whose names the target (or another moved item) holds. */
async function refuseTakenNames(tx: DbOrTx, targetId: string, items: OwnItems): Promise<void> {
  await lockFolderNames(tx, targetId);
  const movedIds = new Set([...items.folders, ...items.files].map((item) => item.id));
  const moving = [
    ...items.folders.map((folder) => ({ id: folder.id, name: folder.name, isFolder: true })),
    ...items.files
      .filter((file) => !file.hiddenInCloud)
      .map((file) => ({ id: file.id, name: file.name, isFolder: false })),
  ];
  const seen = new Set<string>();
  const clashes: { id: string; name: string }[] = [];
  for (const item of moving) {
    const key = nameKey(item.name);
    const taken = await nameHolder(tx, targetId, item.name, { isFolder: item.isFolder });
    if (seen.has(key) || (taken && !movedIds.has(taken.holder.id))) {
      clashes.push(item);
    }
    seen.add(key);
  }
  if (clashes.length > 0) {
    throw moveTargetInvalid(
      'name_taken',
      clashes.map((item) => item.id),
      { names: clashes.map((item) => item.name) },
    );
  }
}

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
      await refuseTakenNames(tx, target.id, items);
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
      // An item whose name was taken meanwhile comes back as "name (2)": restoring never fails on a name.
      for (const folder of folders) {
        const parentId = await home(folder.parentId);
        await lockFolderNames(tx, parentId);
        const name = await freeNameIn(tx, parentId, folder.name, { isFolder: true, exceptId: folder.id });
        result.folders.push(await edits.restoreFolder(tx, folder.id, parentId, name));
      }
      for (const file of items.files) {
        const folderId = await home(file.folderId);
        await lockFolderNames(tx, folderId);
        const name = file.hiddenInCloud
          ? file.name
          : await freeNameIn(tx, folderId, file.name, { isFolder: false, exceptId: file.id });
        result.files.push(await edits.restoreFile(tx, file.id, folderId, name));
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
