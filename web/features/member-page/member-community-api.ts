import { infiniteQueryOptions } from '@tanstack/react-query';
import { commentListSchema } from '../../../contracts/community-comments';
import { memberSpaceListSchema } from '../../../contracts/community-spaces';
import type { PaginationMeta } from '../../../contracts/pagination';
import { api } from '../../api/client';

const nextPage = (meta: PaginationMeta) => (meta.page < meta.pages ? meta.page + 1 : undefined);

/**
 * `GET /comments?entityType=profile&entityId=` (POSTS-COMMENTS-30, ROUTE-76): the comments the member wrote on
 * posts the caller may read, newest first, 10 per page; more pages are appended.
 */
export const memberCommentsQuery = (profileId: string) =>
  infiniteQueryOptions({
    queryKey: ['member', profileId, 'comments'],
    queryFn: ({ pageParam, signal }) =>
      api.get('/comments', {
        query: { entityType: 'profile', entityId: profileId, page: pageParam },
        schema: commentListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.meta),
  });

/** `GET /profiles/{id}/spaces` (ROUTE-77): the member's spaces the caller sees, 20 per page. */
export const memberSpacesQuery = (profileId: string) =>
  infiniteQueryOptions({
    queryKey: ['member', profileId, 'spaces'],
    queryFn: ({ pageParam, signal }) =>
      api.get(`/profiles/${profileId}/spaces`, {
        query: { page: pageParam },
        schema: memberSpaceListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.meta),
  });
