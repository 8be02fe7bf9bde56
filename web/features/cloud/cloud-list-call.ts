import { fileListTypeValues, type CloudSort, type FileListType } from '../../../contracts/cloud';
import type { Query } from '../../api/url';
import type { CloudLocation, CloudScope } from './cloud-scope';

// The address and query of a list call, without the API client: the build names the library's first page with it
// (library-early-data.ts), so that a pre-painted page asks for the same address the app will.

/** The filters of a list call (spec §7 "both with sort, page, search, deleted, type, isAnother, ext, dateFrom, dateTo"). */
export type CloudListFilters = {
  sort: CloudSort;
  search: string;
  ext: readonly string[];
  /** YYYY-MM-DD or '' (open). */
  dateFrom: string;
  dateTo: string;
};

export const defaultListFilters: CloudListFilters = {
  sort: '-updatedAt',
  search: '',
  ext: [],
  dateFrom: '',
  dateTo: '',
};

const isFileListType = (folder: string): folder is FileListType =>
  (fileListTypeValues as readonly string[]).includes(folder);

/**
 * The call that lists a location (GAPS 8): `folders/content`, `files` (typed pseudo-folders) or a real folder.
 * The messages folder of an app's library page asks with `isAnother`: the files the member's chats share with
 * them come too (read only). Not in a picker (`basePath` null), which may only hand on the person's own files,
 * nor on the service host, where isAnother would bring every member's chat files of the project.
 */
export function listCall(
  scope: CloudScope,
  location: CloudLocation,
): { path: string; type?: string; isAnother?: true } {
  if (location.kind === 'folder') {
    return { path: `/folders/${location.id}/content` };
  }
  if (location.folder === 'messages' && scope.appId && scope.basePath !== null) {
    return { path: `/projects/${scope.projectId}/cloud/files`, type: location.folder, isAnother: true };
  }
  if (isFileListType(location.folder)) {
    return { path: `/projects/${scope.projectId}/cloud/files`, type: location.folder };
  }
  return { path: `/projects/${scope.projectId}/cloud/folders/content`, type: location.folder };
}

export function filterQuery(filters: CloudListFilters): Query {
  return {
    sort: filters.sort,
    search: filters.search.trim() || undefined,
    ext: filters.ext.length > 0 ? filters.ext.join(',') : undefined,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
  };
}

/** The call that lists a page of a location with the given filters. */
export function listRequest(
  scope: CloudScope,
  location: CloudLocation,
  filters: CloudListFilters,
  page: number,
  limit: number,
): { path: string; query: Query } {
  const call = listCall(scope, location);
  return {
    path: call.path,
    query: { ...filterQuery(filters), type: call.type, isAnother: call.isAnother, page, limit },
  };
}
