import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  freeName,
  itemNameProblem,
  nameKey,
  nameProblemKeys,
  nameStem,
} from '../../../contracts/cloud-names.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cloudFiles, cloudFolders } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { lockLibrary } from './library.items.ts';
import { escapeLike } from '../../db/like.ts';

/*
 * Names in a folder (docs/DECISIONS.md "Cloud: names"): a typed name is refused, not changed, when it cannot be
 * kept; a folder holds each name once (case-insensitively, files and folders together). Hidden files
 * (chat attachments, avatars, a crop used as thumbnail) and items in Removed take no name.
 */

export type NameHolder = { id: string; name: string; kind: 'file' | 'folder' };

/** The typed name without its outer spaces, or 400 INVALID_NAME with the problem and the refused characters. */
export function assertItemName(typed: string, field = 'name'): string {
  const problem = itemNameProblem(typed);
  if (problem) {
    throw new AppError(400, errorCodes.invalidName, {
      errors: { [field]: nameProblemKeys[problem.reason] },
      details: { ...problem },
    });
  }
  return typed.trim();
}

/**
 * Serialises the name checks and changes of one folder (creation, rename, upload, move into it): the same row
 * lock as a library's tree changes take on its root.
 */
export const lockFolderNames: (tx: DbOrTx, folderId: string) => Promise<void> = lockLibrary;

const likePrefix = (text: string) => `${escapeLike(nameKey(text))}%`;

/** The live, listed items of a folder whose names start like `name`'s stem (the ones it may collide with). */
async function holdersLike(
  db: DbOrTx,
  folderId: string,
  name: string,
  options: { isFolder: boolean; exceptId?: string },
): Promise<NameHolder[]> {
  const prefix = likePrefix(nameStem(name, options));
  const [files, folders] = await Promise.all([
    db
      .select({ id: cloudFiles.id, name: cloudFiles.name })
      .from(cloudFiles)
      .where(
        and(
          eq(cloudFiles.folderId, folderId),
          isNull(cloudFiles.deletedAt),
          eq(cloudFiles.hiddenInCloud, false),
          sql`${cloudFiles.nameSearch} like ${prefix}`,
          options.exceptId ? ne(cloudFiles.id, options.exceptId) : undefined,
        ),
      ),
    db
      .select({ id: cloudFolders.id, name: cloudFolders.name })
      .from(cloudFolders)
      .where(
        and(
          eq(cloudFolders.parentId, folderId),
          isNull(cloudFolders.deletedAt),
          sql`${cloudFolders.nameSearch} like ${prefix}`,
          options.exceptId ? ne(cloudFolders.id, options.exceptId) : undefined,
        ),
      ),
  ]);
  return [
    ...files.map((row) => ({ ...row, kind: 'file' as const })),
    ...folders.map((row) => ({ ...row, kind: 'folder' as const })),
  ];
}

/** The item that already has `name` in the folder (other than `exceptId`), with a free name to suggest. */
export async function nameHolder(
  db: DbOrTx,
  folderId: string,
  name: string,
  options: { isFolder: boolean; exceptId?: string },
): Promise<{ holder: NameHolder; suggestion: string } | null> {
  const holders = await holdersLike(db, folderId, name, options);
  const key = nameKey(name);
  const holder = holders.find((item) => nameKey(item.name) === key);
  if (!holder) {
    return null;
  }
  const taken = new Set(holders.map((item) => nameKey(item.name)));
  return { holder, suggestion: freeName(name, (candidate) => taken.has(candidate), options) };
}

/** 409 NAME_TAKEN when the folder holds the name already; callers hold the folder's name lock. */
export async function assertNameFree(
  db: DbOrTx,
  folderId: string,
  name: string,
  options: { isFolder: boolean; exceptId?: string },
): Promise<void> {
  const taken = await nameHolder(db, folderId, name, options);
  if (taken) {
    throw new AppError(409, errorCodes.nameTaken, {
      errors: { name: 'validation.nameTaken' },
      details: { name: taken.holder.name, kind: taken.holder.kind, suggestion: taken.suggestion },
    });
  }
}

/** `name`, or the first "name (n)" the folder does not hold yet. */
export async function freeNameIn(
  db: DbOrTx,
  folderId: string,
  name: string,
  options: { isFolder: boolean; exceptId?: string },
): Promise<string> {
  const taken = await nameHolder(db, folderId, name, options);
  return taken ? taken.suggestion : name;
}
