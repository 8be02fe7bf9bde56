import { eq } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cloudFolders } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { CloudAccess } from './cloud.access.ts';
import type { CloudFileRow, CloudFolderRow } from './cloud.presenter.ts';
import * as repo from './library.repo.ts';

/*
 * How the library calls find what they work on: the project's library (by project id), or items by id, whose
 * project then decides the access. Items of someone else answer 404 to changes (the caller's library is the
 * only one they change); another project's items answer 404 like missing ones.
 */

export type OwnItems = { access: CloudAccess; folders: CloudFolderRow[]; files: CloudFileRow[] };

/**
 * The caller's own items among a bulk call's ids (files and folders mixed). All or nothing: one id that is
 * missing, foreign or someone else's answers 404, as do ids of two different projects.
 */
export async function loadOwnItems(
  db: DbOrTx,
  loadAccess: (projectId: string) => Promise<CloudAccess>,
  ids: readonly string[],
): Promise<OwnItems> {
  const unique = [...new Set(ids)];
  const { folders, files } = await repo.findItems(db, unique);
  if (folders.length + files.length !== unique.length) {
    throw notFound();
  }
  const projectIds = new Set([...folders, ...files].map((item) => item.projectId));
  const [projectId] = projectIds;
  if (projectIds.size !== 1 || !projectId) {
    throw notFound();
  }
  const access = await loadAccess(projectId);
  if ([...folders, ...files].some((item) => item.ownerAccountId !== access.accountId)) {
    throw notFound();
  }
  return { access, folders, files };
}

export type KindIds = { folderIds?: string[] | undefined; fileIds?: string[] | undefined };

export const bothKinds = (ids: KindIds) => [...(ids.folderIds ?? []), ...(ids.fileIds ?? [])];

/** Checks that ids sent as folders are folders and ids sent as files are files (404 otherwise). */
export function requireKinds(items: OwnItems, ids: KindIds): OwnItems {
  const folderIds = new Set(ids.folderIds ?? []);
  const wrong =
    items.folders.some((folder) => !folderIds.has(folder.id)) ||
    items.files.some((file) => folderIds.has(file.id));
  if (wrong) {
    throw notFound();
  }
  return items;
}

/** In Removed: deleted directly, not along with a folder. */
export const inRemoved = (item: { deletedAt: Date | null; deletedVia: string | null }) =>
  item.deletedAt !== null && item.deletedVia === null;

/** Permanent deletion and restore take items from Removed only. */
export function requireInRemoved(items: OwnItems): void {
  const outside = [...items.folders, ...items.files]
    .filter((item) => !inRemoved(item))
    .map((item) => item.id);
  if (outside.length > 0) {
    throw conflict(errorCodes.notInRemoved, { ids: outside });
  }
}

/** Serialises the tree changes of one person (moves, restores), so two of them cannot build a cycle. */
export async function lockLibrary(tx: DbOrTx, rootId: string): Promise<void> {
  await tx
    .select({ id: cloudFolders.id })
    .from(cloudFolders)
    .where(eq(cloudFolders.id, rootId))
    .for('update');
}

/** The root ("My files") is the library itself: it cannot be renamed, moved or deleted. */
export function refuseRoot(folders: readonly CloudFolderRow[]): void {
  if (folders.some((folder) => folder.parentId === null)) {
    throw forbidden();
  }
}
