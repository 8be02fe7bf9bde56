import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  cloudEntitiesResponseSchema,
  cloudEntityResponseSchema,
  cloudListSchema,
  cloudPathSchema,
  cloudStorageSchema,
  cloudTreeSchema,
  fileListTypeValues,
  mimeTypesSchema,
  savedSearchListSchema,
  savedSearchResponseSchema,
  uploadLimitsSchema,
  type CloudEntity,
  type CloudList,
  type CloudSort,
  type FileListType,
} from '../../../contracts/cloud';
import { pageSizes } from '../../../contracts/constants';
import { api, type Query } from '../../api/client';
import { cloudHeaders, type CloudLocation, type CloudScope } from './cloud-scope';

export type { CloudEntity, CloudList, CloudSort };

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

/** Everything cached for one library: invalidated as a whole after any change. */
export const cloudKeys = {
  all: (scope: Pick<CloudScope, 'projectId' | 'appId'>) => ['cloud', scope.projectId, scope.appId] as const,
  lists: (scope: Pick<CloudScope, 'projectId' | 'appId'>) => [...cloudKeys.all(scope), 'list'] as const,
  tree: (scope: Pick<CloudScope, 'projectId' | 'appId'>) => [...cloudKeys.all(scope), 'tree'] as const,
  storage: (scope: Pick<CloudScope, 'projectId' | 'appId'>) => [...cloudKeys.all(scope), 'storage'] as const,
  path: (scope: Pick<CloudScope, 'projectId' | 'appId'>, folderId: string) =>
    [...cloudKeys.all(scope), 'path', folderId] as const,
  file: (scope: Pick<CloudScope, 'projectId' | 'appId'>, fileId: string) =>
    [...cloudKeys.all(scope), 'file', fileId] as const,
  searches: (scope: Pick<CloudScope, 'projectId' | 'appId'>) => [...cloudKeys.all(scope), 'searches'] as const,
};

const isFileListType = (folder: string): folder is FileListType =>
  (fileListTypeValues as readonly string[]).includes(folder);

/** The call that lists a location (GAPS 8): `folders/content`, `files` (typed pseudo-folders) or a real folder. */
export function listCall(scope: CloudScope, location: CloudLocation): { path: string; type?: string } {
  if (location.kind === 'folder') {
    return { path: `/folders/${location.id}/content` };
  }
  if (isFileListType(location.folder)) {
    return { path: `/projects/${scope.projectId}/cloud/files`, type: location.folder };
  }
  return { path: `/projects/${scope.projectId}/cloud/folders/content`, type: location.folder };
}

function filterQuery(filters: CloudListFilters): Query {
  return {
    sort: filters.sort,
    search: filters.search.trim() || undefined,
    ext: filters.ext.length > 0 ? filters.ext.join(',') : undefined,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
  };
}

export function fetchCloudList(
  scope: CloudScope,
  location: CloudLocation,
  filters: CloudListFilters,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<CloudList> {
  const call = listCall(scope, location);
  return api.get(call.path, {
    query: { ...filterQuery(filters), type: call.type, page, limit },
    schema: cloudListSchema,
    headers: cloudHeaders(scope),
    signal,
  });
}

/** A location's items, page after page (spec §7: pages above 1 are appended). */
export const cloudListQuery = (scope: CloudScope, location: CloudLocation, filters: CloudListFilters) =>
  infiniteQueryOptions({
    queryKey: [...cloudKeys.lists(scope), location, filterQuery(filters)],
    queryFn: ({ pageParam, signal }) =>
      fetchCloudList(scope, location, filters, pageParam, pageSizes.cloud, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
  });

/** One page of the search table (spec §9: 10 rows, sortable by name and updatedAt). */
export const cloudSearchPageQuery = (
  scope: CloudScope,
  location: CloudLocation,
  filters: CloudListFilters,
  page: number,
) =>
  queryOptions({
    queryKey: [...cloudKeys.lists(scope), 'table', location, filterQuery(filters), page],
    queryFn: ({ signal }) => fetchCloudList(scope, location, filters, page, pageSizes.searchTable, signal),
    placeholderData: keepPreviousData,
  });

/** The items of every loaded page, merged by id (spec §9 "lists merge by unique id"). */
export function itemsOfPages(pages: readonly CloudList[] | undefined): CloudEntity[] {
  const seen = new Set<string>();
  const items: CloudEntity[] = [];
  for (const page of pages ?? []) {
    for (const item of page.data) {
      if (!seen.has(item.id)) {
        seen.add(item.id);
        items.push(item);
      }
    }
  }
  return items;
}

/** `GET /folders/{id}/path`: the breadcrumb from My files down to the folder. */
export const cloudPathQuery = (scope: CloudScope, folderId: string) =>
  queryOptions({
    queryKey: cloudKeys.path(scope, folderId),
    queryFn: ({ signal }) =>
      api
        .get(`/folders/${folderId}/path`, { schema: cloudPathSchema, headers: cloudHeaders(scope), signal })
        .then((answer) => answer.data),
  });

/** `GET /projects/{id}/cloud/tree`: My files with every folder below it (the move dialog). */
export const cloudTreeQuery = (scope: CloudScope) =>
  queryOptions({
    queryKey: cloudKeys.tree(scope),
    queryFn: ({ signal }) =>
      api
        .get(`/projects/${scope.projectId}/cloud/tree`, {
          schema: cloudTreeSchema,
          headers: cloudHeaders(scope),
          signal,
        })
        .then((answer) => answer.data),
  });

/** `GET /projects/{id}/cloud/storage`: the storage bar of the sidebar. */
export const cloudStorageQuery = (scope: CloudScope) =>
  queryOptions({
    queryKey: cloudKeys.storage(scope),
    queryFn: ({ signal }) =>
      api
        .get(`/projects/${scope.projectId}/cloud/storage`, {
          schema: cloudStorageSchema,
          headers: cloudHeaders(scope),
          signal,
        })
        .then((answer) => answer.data),
  });

/** `GET /cloud/upload/limits`: the same for everyone, kept for the visit. */
export const uploadLimitsQuery = () =>
  queryOptions({
    queryKey: ['cloud-upload-limits'],
    queryFn: ({ signal }) =>
      api.get('/cloud/upload/limits', { schema: uploadLimitsSchema, signal }).then((answer) => answer.data),
    staleTime: Infinity,
  });

/** `GET /cloud/mime-types`: the known types and their extensions (the filter panel's suggestions). */
export const mimeTypesQuery = () =>
  queryOptions({
    queryKey: ['cloud-mime-types'],
    queryFn: ({ signal }) =>
      api.get('/cloud/mime-types', { schema: mimeTypesSchema, signal }).then((answer) => answer.data),
    staleTime: Infinity,
  });

/** `GET /files/{id}`: one file, polled while it is processed (spec §4 "file processing"). */
export const cloudFileQuery = (scope: CloudScope, fileId: string) =>
  queryOptions({
    queryKey: cloudKeys.file(scope, fileId),
    queryFn: ({ signal }) =>
      api
        .get(`/files/${fileId}`, { schema: cloudEntityResponseSchema, headers: cloudHeaders(scope), signal })
        .then((answer) => answer.data),
  });

export const savedSearchesQuery = (scope: CloudScope) =>
  queryOptions({
    queryKey: cloudKeys.searches(scope),
    queryFn: ({ signal }) =>
      api
        .get(`/projects/${scope.projectId}/cloud/searches`, {
          schema: savedSearchListSchema,
          headers: cloudHeaders(scope),
          signal,
        })
        .then((answer) => answer.data),
  });

// ---------- changes ----------

const entity = (answer: { data: CloudEntity }) => answer.data;
const entities = (answer: { data: CloudEntity[] }) => answer.data;

/** Spec §6: folders are created in My files (`parentId` null: its root) or inside one of its folders. */
export function createFolder(scope: CloudScope, parentId: string | null, name: string): Promise<CloudEntity> {
  const path = parentId ? `/folders/${parentId}` : `/projects/${scope.projectId}/cloud/folders`;
  return api
    .post(path, { body: { name }, schema: cloudEntityResponseSchema, headers: cloudHeaders(scope) })
    .then(entity);
}

export function renameItem(scope: CloudScope, item: Pick<CloudEntity, 'id' | 'isFolder'>, name: string) {
  return api
    .patch(`/${item.isFolder ? 'folders' : 'files'}/${item.id}`, {
      body: { name },
      schema: cloudEntityResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then(entity);
}

/** A custom thumbnail (an image of the library) for a file, or back to the generated one. */
export function setThumbnail(scope: CloudScope, fileId: string, thumbId: string | null) {
  return api
    .patch(`/files/${fileId}`, {
      body: thumbId ? { thumbId } : { resetThumbnail: true },
      schema: cloudEntityResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then(entity);
}

/** Spec §4 "Delete": live items go to Removed; items in Removed are deleted for good. */
export function deleteItems(scope: CloudScope, ids: readonly string[], permanently: boolean): Promise<void> {
  return api
    .patch(permanently ? '/cloud/delete' : '/cloud/delete/soft', {
      body: { ids },
      headers: cloudHeaders(scope),
    })
    .then(() => undefined);
}

export function restoreItems(scope: CloudScope, ids: readonly string[]): Promise<CloudEntity[]> {
  return api
    .patch('/cloud/restore', { body: { ids }, schema: cloudEntitiesResponseSchema, headers: cloudHeaders(scope) })
    .then(entities);
}

/** GAPS 11: mixed moves go to `cloud/move/{target}` (`cloud/move` = My files). */
export function moveItems(
  scope: CloudScope,
  ids: readonly string[],
  targetFolderId: string | null,
): Promise<CloudEntity[]> {
  return api
    .patch(targetFolderId ? `/cloud/move/${targetFolderId}` : '/cloud/move', {
      body: { ids },
      schema: cloudEntitiesResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then(entities);
}

export function setFavorite(scope: CloudScope, fileId: string, favorite: boolean): Promise<void> {
  const path = `/files/${fileId}/favorite`;
  const options = { headers: cloudHeaders(scope) };
  return (favorite ? api.post(path, options) : api.delete(path, options)).then(() => undefined);
}

/** Records an opening for the fast-access pseudo-folder; failures do not matter to the person. */
export function recordOpening(scope: CloudScope, fileId: string): void {
  void api.post(`/files/${fileId}/open`, { headers: cloudHeaders(scope) }).catch(() => undefined);
}

export type SavedSearchFilters = {
  search?: string;
  ext?: string[];
  dateFrom?: string;
  dateTo?: string;
};

export function saveSearch(scope: CloudScope, name: string, filters: SavedSearchFilters) {
  return api
    .post(`/projects/${scope.projectId}/cloud/searches`, {
      body: { name, filters },
      schema: savedSearchResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then((answer) => answer.data);
}

export function deleteSavedSearch(scope: CloudScope, id: string): Promise<void> {
  return api.delete(`/cloud/searches/${id}`, { headers: cloudHeaders(scope) }).then(() => undefined);
}

/** The error details of a refused move (409 MOVE_TARGET_INVALID). */
export const moveRefusalSchema = z.object({
  reason: z.enum(['into_itself', 'already_there']),
  ids: z.array(z.string()),
});
