import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  tagLimits,
  tagListSchema,
  tagResponseSchema,
  type Tag,
  type TagCreateBody,
  type TagPatchBody,
} from '../../../contracts/tags';
import { api } from '../../api/client';

export type { Tag };

export const tagKeys = {
  all: (appId: string) => ['tags', appId] as const,
};

/** `GET /apps/{appId}/tags`: the tags screen's page (20 per page). */
export const tagListQuery = (appId: string, page: number, search: string) =>
  queryOptions({
    queryKey: [...tagKeys.all(appId), 'list', page, search],
    queryFn: ({ signal }) =>
      api.get(`/apps/${appId}/tags`, {
        query: { page, limit: tagLimits.pageSize, 'filter[search]': search || undefined },
        schema: tagListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * The tags dropdown (15 per page, spec §9): the tags matching `search`, plus the already chosen ones
 * (`tagIds`) so their names show even when they are not among the matches.
 */
export const tagDropdownQuery = (appId: string, search: string, selectedIds: readonly string[]) =>
  queryOptions({
    queryKey: [...tagKeys.all(appId), 'dropdown', search, [...selectedIds].sort().join(',')],
    queryFn: async ({ signal }) => {
      const [matches, selected] = await Promise.all([
        api.get(`/apps/${appId}/tags`, {
          query: { limit: tagLimits.dropdownPageSize, 'filter[search]': search || undefined },
          schema: tagListSchema,
          signal,
        }),
        selectedIds.length > 0
          ? api.get(`/apps/${appId}/tags`, {
              query: { tagIds: selectedIds.join(','), limit: tagLimits.idsPerQuery },
              schema: tagListSchema,
              signal,
            })
          : null,
      ]);
      const byId = new Map<string, Tag>();
      for (const tag of [...(selected?.data ?? []), ...matches.data]) {
        byId.set(tag.id, tag);
      }
      return [...byId.values()];
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/**
 * Which of these names are not yet tags of the app (case-insensitive): the import creates them. Asked in
 * chunks of 100 names; a file naming thousands of tags is rare and each chunk is one indexed query.
 */
export const unknownTagNamesQuery = (appId: string, names: readonly string[]) =>
  queryOptions({
    queryKey: [...tagKeys.all(appId), 'unknown', names.join('|')],
    queryFn: async ({ signal }) => {
      const known = new Set<string>();
      for (let start = 0; start < names.length; start += tagLimits.idsPerQuery) {
        const chunk = names.slice(start, start + tagLimits.idsPerQuery);
        const answer = await api.get(`/apps/${appId}/tags`, {
          query: { names: chunk, limit: tagLimits.idsPerQuery },
          schema: tagListSchema,
          signal,
        });
        answer.data.forEach((tag) => known.add(tag.name.toLowerCase()));
      }
      return names.filter((name) => !known.has(name.toLowerCase()));
    },
    enabled: names.length > 0,
    staleTime: 30_000,
  });

/** Tags by id, e.g. to name the tags a list of invite links gives. */
export const tagsByIdsQuery = (appId: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: [...tagKeys.all(appId), 'ids', [...new Set(ids)].sort().join(',')],
    queryFn: async ({ signal }) => {
      const answer = await api.get(`/apps/${appId}/tags`, {
        query: { tagIds: [...new Set(ids)].join(','), limit: tagLimits.idsPerQuery },
        schema: tagListSchema,
        signal,
      });
      return new Map(answer.data.map((tag) => [tag.id, tag]));
    },
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The default tags (blocked, punished) of the app, looked up by kind. */
export const defaultTagsQuery = (appId: string) =>
  queryOptions({
    queryKey: [...tagKeys.all(appId), 'defaults'],
    queryFn: async ({ signal }) => {
      // The default tags are created with the app, so they are among its first ones; one page of 100 finds them.
      const list = await api.get(`/apps/${appId}/tags`, {
        query: { limit: 100 },
        schema: tagListSchema,
        signal,
      });
      return {
        blocked: list.data.find((tag) => tag.kind === 'blocked') ?? null,
        punished: list.data.find((tag) => tag.kind === 'punished') ?? null,
      };
    },
    staleTime: 5 * 60_000,
  });

export const tagsApi = {
  create: (appId: string, body: TagCreateBody): Promise<Tag> =>
    api.post(`/apps/${appId}/tags`, { body, schema: tagResponseSchema }).then((answer) => answer.data),
  update: (tagId: string, body: TagPatchBody): Promise<Tag> =>
    api.patch(`/tags/${tagId}`, { body, schema: tagResponseSchema }).then((answer) => answer.data),
  remove: (tagId: string): Promise<unknown> => api.delete(`/tags/${tagId}`),
};
