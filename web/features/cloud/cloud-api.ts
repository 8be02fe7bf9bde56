import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  cloudEntityResponseSchema,
  cloudListSchema,
  cloudPathSchema,
  cloudStorageSchema,
  cloudTreeSchema,
  mimeTypesSchema,
  savedSearchListSchema,
  uploadLimitsSchema,
  type CloudEntity,
  type CloudList,
  type CloudSort,
} from '../../../contracts/cloud';
import { pageSizes } from '../../../contracts/constants';
import { api } from '../../api/client';
import { filterQuery, listRequest, type CloudListFilters } from './cloud-list-call';
import { cloudHeaders, type CloudLocation, type CloudScope } from './cloud-scope';

export { defaultListFilters, listCall, type CloudListFilters } from './cloud-list-call';
export type { CloudEntity, CloudList, CloudSort };

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
  searches: (scope: Pick<CloudScope, 'projectId' | 'appId'>) =>
    [...cloudKeys.all(scope), 'searches'] as const,
};

export function fetchCloudList(
  scope: CloudScope,
  location: CloudLocation,
  filters: CloudListFilters,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<CloudList> {
  const { path, query } = listRequest(scope, location, filters, page, limit);
  return api.get(path, { query, schema: cloudListSchema, headers: cloudHeaders(scope), signal });
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
