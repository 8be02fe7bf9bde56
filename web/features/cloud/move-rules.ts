import type { CloudEntity, CloudFolderNode } from '../../../contracts/cloud';
import { collator } from '../../../contracts/intl-format';

/*
 * The move rules of spec §5, as pure functions over the folder tree of `GET …/cloud/tree`: the move dialog
 * explains a refused target before anyone presses "Move here"; the server checks the same rules again
 * (409 MOVE_TARGET_INVALID).
 */

export type MovedItem = Pick<CloudEntity, 'id' | 'isFolder' | 'parentId'>;

/**
 * Why a target is refused: it is one of the moved folders or lies inside one (`into_itself`), it already
 * holds some of the items (`already_there`), or all of them (`all_there`: there is nothing to move).
 */
export type MoveRefusal = 'into_itself' | 'already_there' | 'all_there';

/** The folders from the root down to the folder `id` (both included), or null when it is not in the tree. */
export function folderPath(tree: CloudFolderNode, id: string): CloudFolderNode[] | null {
  if (tree.id === id) {
    return [tree];
  }
  for (const child of tree.data) {
    const below = folderPath(child, id);
    if (below) {
      return [tree, ...below];
    }
  }
  return null;
}

export function movedFolderIds(items: readonly MovedItem[]): Set<string> {
  return new Set(items.filter((item) => item.isFolder).map((item) => item.id));
}

/** Null when the items may go into the last folder of `targetPath` (root → target). */
export function moveRefusal(
  items: readonly MovedItem[],
  targetPath: readonly Pick<CloudFolderNode, 'id'>[],
): MoveRefusal | null {
  const target = targetPath.at(-1);
  if (!target || items.length === 0) {
    return null;
  }
  const folders = movedFolderIds(items);
  if (targetPath.some((folder) => folders.has(folder.id))) {
    return 'into_itself';
  }
  const there = items.filter((item) => item.parentId === target.id).length;
  if (there === items.length) {
    return 'all_there';
  }
  return there > 0 ? 'already_there' : null;
}

/** Folder names in natural order ("Woche 2" before "Woche 10"), whatever their case and accents. */
const byName = () => collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The subfolders the dialog lists for a folder, by name. When several items move, the moved folders are
 * not offered at all (spec §5 "in bulk, moved folders are hidden from the tree"); a single moved folder
 * stays visible, so the person sees where it is, but cannot be entered (see `moveRefusal`).
 */
export function visibleSubfolders(folder: CloudFolderNode, items: readonly MovedItem[]): CloudFolderNode[] {
  const hidden = items.length > 1 ? movedFolderIds(items) : new Set<string>();
  const { compare } = byName();
  return folder.data.filter((child) => !hidden.has(child.id)).sort((a, b) => compare(a.name, b.name));
}

/** Where the chooser opens: the items' own folder when they share one that is in the tree, else the root. */
export function startFolderId(tree: CloudFolderNode, items: readonly MovedItem[]): string {
  const parents = new Set(items.map((item) => item.parentId));
  const [only] = parents;
  if (parents.size === 1 && only && folderPath(tree, only)) {
    return only;
  }
  return tree.id;
}
