import {
  cloudLimits,
  type CloudFilters,
  type CloudList,
  type CloudSort,
  type FileListType,
  type FolderContentType,
} from '../../../contracts/cloud.ts';
import type { Db } from '../../db/client.ts';
import type { CloudFileCategory } from '../../db/schema/index.ts';
import type { CloudAccess } from './cloud.access.ts';
import { presentItems, type CloudFolderRow, type UrlSign } from './cloud.presenter.ts';
import * as repo from './library.repo.ts';

/*
 * What a cloud list shows (GAPS 8, 13; docs/decisions/cloud-library.md): which folders and files, in which
 * order, and how pages run across the folders-then-files boundary.
 */

export type ListTarget =
  | { kind: 'folder'; folder: CloudFolderRow }
  | { kind: 'pseudo'; type: Exclude<FolderContentType, 'my'> | FileListType };

export type ListPlan = { scope: repo.ListScope; order: repo.ListOrder; cap: number | null };

const categoryOf: Partial<Record<FileListType, CloudFileCategory>> = {
  photo: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
};

function sortOrder(sort: CloudSort): repo.ListOrder {
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  return { key: sort.replace(/^-/, '') as 'name' | 'updatedAt' | 'createdAt', direction };
}

const dayMs = 86_400_000;
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Creation-date filters: whole days (UTC) for dates, exact instants for date-times; both ends inclusive. */
export function listFilters(query: CloudFilters): repo.ListFilters {
  const from = query.dateFrom
    ? new Date(isDateOnly(query.dateFrom) ? `${query.dateFrom}T00:00:00Z` : query.dateFrom)
    : undefined;
  const to = query.dateTo
    ? isDateOnly(query.dateTo)
      ? { at: new Date(Date.parse(`${query.dateTo}T00:00:00Z`) + dayMs), inclusive: false }
      : { at: new Date(query.dateTo), inclusive: true }
    : undefined;
  return {
    search: query.search?.trim() || undefined,
    extensions: query.ext?.length ? query.ext : undefined,
    createdFrom: from,
    createdTo: to,
  };
}

const hasFilters = (filters: repo.ListFilters) =>
  Boolean(filters.search || filters.extensions || filters.createdFrom || filters.createdTo);

/** Turns a list request into the query plan. */
export function planList(access: CloudAccess, target: ListTarget, query: CloudFilters): ListPlan {
  const filters = listFilters(query);
  // isAnother widens the flat file lists to the project for those who may see everyone's files (read only).
  const owners = query.isAnother && access.canSeeOthers ? 'project' : 'own';
  // Whose files app members may see besides their own: what their chats share with them.
  const otherOwners: repo.OtherOwners = access.canSeeOthers
    ? 'project'
    : access.profileId
      ? { chatsOf: access.profileId }
      : 'none';
  const base = {
    projectId: access.project.id,
    accountId: access.accountId,
    state: query.deleted ? 'deleted' : 'live',
    hidden: 'exclude',
    filters,
  } as const;
  const order = sortOrder(query.sort);
  // A file-type filter leaves folders out.
  const withFolders = (set: repo.FolderSet) => (filters.extensions ? null : set);
  const library = (
    extra: { category?: CloudFileCategory; source?: string; opened?: boolean } = {},
  ): repo.FileSet => ({
    kind: 'library',
    owners,
    ...extra,
  });

  if (target.kind === 'folder') {
    const { folder } = target;
    // Searching and filtering look through the whole library, flat, not only the open folder.
    if (hasFilters(filters)) {
      return {
        scope: { ...base, folders: withFolders({ kind: 'library' }), files: library() },
        order,
        cap: null,
      };
    }
    // Inside a removed folder, its (removed) content shows unless the client asks otherwise.
    const state = (query.deleted ?? folder.deletedAt !== null) ? 'deleted' : 'live';
    const children = { kind: 'children', folderId: folder.id } as const;
    return { scope: { ...base, state, folders: withFolders(children), files: children }, order, cap: null };
  }
  switch (target.type) {
    case 'latest':
      return {
        scope: { ...base, folders: null, files: library() },
        order: { key: 'createdAt', direction: 'desc' },
        cap: null,
      };
    case 'fast_access':
      return {
        scope: { ...base, folders: null, files: library({ opened: true }) },
        order: { key: 'opened', direction: 'desc' },
        cap: cloudLimits.fastAccess,
      };
    case 'removed':
      return {
        scope: {
          ...base,
          state: 'deleted',
          hidden: 'include',
          folders: withFolders({ kind: 'removed' }),
          files: { kind: 'removed' },
        },
        order,
        cap: null,
      };
    case 'photo':
    case 'video':
    case 'audio':
    case 'document':
      return {
        scope: { ...base, folders: null, files: library({ category: categoryOf[target.type] }) },
        order,
        cap: null,
      };
    case 'favorite':
      return {
        scope: {
          ...base,
          hidden: 'include',
          folders: null,
          files: { kind: 'favorites', others: otherOwners },
        },
        order,
        cap: null,
      };
    case 'messages': {
      // isAnother on the app host adds what the member's chats share with them (GAPS 8): live files only,
      // someone else's Removed is not theirs to see.
      const sharedBy = query.isAnother && !query.deleted ? otherOwners : 'none';
      const files: repo.FileSet =
        typeof sharedBy === 'object'
          ? { kind: 'chats', profileId: sharedBy.chatsOf }
          : library({ source: 'chat' });
      return { scope: { ...base, hidden: 'include', folders: null, files }, order, cap: null };
    }
  }
}

/**
 * Runs a plan: counts folders and files of the whole result, then reads the page — folders first, files
 * after them, so a page may hold the last folders and the first files.
 */
export async function runList(
  db: Db,
  input: {
    access: CloudAccess;
    sign: UrlSign;
    plan: ListPlan;
    page: number;
    limit: number;
    meta: { rootId: string; folder: CloudList['meta']['folder'] };
  },
): Promise<CloudList> {
  const { access, plan, page, limit } = input;
  const folderWhere = repo.folderCondition(plan.scope);
  const fileWhere = repo.fileCondition(plan.scope);
  const [folders, files] = await Promise.all([
    plan.scope.folders ? repo.countFolders(db, folderWhere) : 0,
    repo.countFiles(db, fileWhere, plan.cap ?? undefined),
  ]);
  const offset = (page - 1) * limit;
  const folderRows =
    plan.scope.folders && offset < folders
      ? await repo.selectFolders(db, folderWhere, plan.order, { limit, offset })
      : [];
  const fileOffset = Math.max(0, offset - folders);
  const fileLimit = Math.min(limit - folderRows.length, files - fileOffset);
  const fileRows =
    fileLimit > 0
      ? await repo.selectFiles(db, fileWhere, plan.order, { limit: fileLimit, offset: fileOffset })
      : [];
  const total = folders + files;
  return {
    data: await presentItems(db, { access, sign: input.sign, folders: folderRows, files: fileRows }),
    meta: { page, pages: Math.ceil(total / limit), total, files, folders, ...input.meta },
  };
}
