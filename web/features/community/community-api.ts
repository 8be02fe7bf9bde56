import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { cloudAppHeader } from '../../../contracts/cloud';
import {
  postListSchema,
  postResponseSchema,
  spacePostCountersSchema,
  type HomeFeedSort,
  type Post,
  type PostList,
  type PostSort,
} from '../../../contracts/community-posts';
import {
  categoryListSchema,
  categoryResponseSchema,
  communityPageSizes,
  groupListSchema,
  groupResponseSchema,
  spaceListSchema,
  spaceMemberListSchema,
  type Space,
  type SpaceMemberList,
} from '../../../contracts/community-spaces';
import type { Paginated } from '../../../contracts/pagination';
import { api } from '../../api/client';
import { communityKeys } from './community-keys';
import { apiPaths } from './community-paths';

export { communityKeys };

/** The next page of a paged list, or undefined at its end (spec §7: pages above 1 are appended). */
export const nextPageOf = (last: Paginated<unknown>) =>
  last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined;

/** The items of every loaded page, merged by id (spec §9 "lists merge by unique id"). */
export function itemsOfPages<T extends { id: string }>(data: InfiniteData<Paginated<T>> | undefined): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.data) {
      if (!seen.has(item.id)) {
        seen.add(item.id);
        items.push(item);
      }
    }
  }
  return items;
}

// ---------- containers ----------

/** GROUPS-SPACES-04: the groups with the spaces the caller sees listed, in order (the sidebar). */
export const groupsQuery = (appId: string) =>
  queryOptions({
    queryKey: communityKeys.groups(appId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.groups(appId), { schema: groupListSchema, signal }).then((answer) => answer.data),
  });

/** GROUPS-SPACES-05: one group by slug. */
export const groupQuery = (appId: string, slug: string) =>
  queryOptions({
    queryKey: communityKeys.group(appId, slug),
    queryFn: ({ signal }) =>
      api
        .get(apiPaths.group(appId, slug), { schema: groupResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

/** GROUPS-SPACES-10: every space the caller sees listed (one page: apps hold tens of them). */
export const spacesQuery = (appId: string) =>
  queryOptions({
    queryKey: communityKeys.spaces(appId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.spaces(appId), { schema: spaceListSchema, signal }).then((answer) => answer.data),
  });

/** A space by slug, from the listed spaces (a space the caller does not see listed is not found). */
export const spaceBySlug = (spaces: readonly Space[] | undefined, slug: string) =>
  spaces?.find((space) => space.slug === slug) ?? null;

/** GROUPS-SPACES-09: new posts per space since the caller last opened it. */
export const countersQuery = (appId: string) =>
  queryOptions({
    queryKey: communityKeys.counters(appId),
    queryFn: ({ signal }) =>
      api
        .get(apiPaths.counters(appId), { schema: spacePostCountersSchema, signal })
        .then((answer) => new Map(answer.data.map((row) => [row.spaceId, row.newPostsCount]))),
    // Guests have no counters; a sidebar without numbers still works.
    meta: { silent: true },
    staleTime: 60_000,
  });

/** COMMUNITIES-01: the communities categories (100 per page, spec §9), in order. */
export const categoriesQuery = (appId: string) =>
  queryOptions({
    queryKey: communityKeys.categories(appId),
    queryFn: ({ signal }) =>
      api
        .get(apiPaths.categories(appId), {
          query: { limit: communityPageSizes.categories },
          schema: categoryListSchema,
          signal,
        })
        .then((answer) => answer.data),
  });

/** COMMUNITIES-03: one category by slug. */
export const categoryQuery = (appId: string, slug: string) =>
  queryOptions({
    queryKey: communityKeys.category(appId, slug),
    queryFn: ({ signal }) =>
      api
        .get(apiPaths.category(appId, slug), { schema: categoryResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

/** GROUPS-SPACES-15 / -06: the members of a space or of a group, 20 per page, appended. */
export const membersQuery = (appId: string, container: 'space' | 'group', id: string, search: string) =>
  infiniteQueryOptions({
    queryKey: [...communityKeys.members(appId, container, id), search],
    queryFn: ({ pageParam, signal }): Promise<SpaceMemberList> =>
      api.get(container === 'space' ? apiPaths.spaceProfiles(id) : apiPaths.groupProfiles(id), {
        query: { page: pageParam, search: search.trim() || undefined },
        schema: spaceMemberListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    meta: { silent: true },
  });

// ---------- posts ----------

/** A paged list of posts, appended page after page; every post list of the community has this shape. */
function postListQuery(
  queryKey: readonly unknown[],
  fetchPage: (page: number, signal: AbortSignal) => Promise<PostList>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    meta: { silent: true },
  });
}
export type PostListQuery = ReturnType<typeof postListQuery>;

/** APP-SERVICES-01: the home feed of every readable space, pinned first, 20 per page, appended. */
export const homeFeedQuery = (appId: string, sort: HomeFeedSort): PostListQuery =>
  postListQuery(communityKeys.feed(appId, sort), (page, signal) =>
    api.get(apiPaths.homeFeed(appId), { query: { page, sort }, schema: postListSchema, signal }),
  );

/** POSTS-COMMENTS-09: a space's posts, its pinned post first. */
export const spacePostsQuery = (appId: string, spaceId: string, sort: PostSort): PostListQuery =>
  postListQuery(communityKeys.spacePosts(appId, spaceId, sort), (page, signal) =>
    api.get(apiPaths.spacePosts(spaceId), { query: { page, sort }, schema: postListSchema, signal }),
  );

/**
 * POSTS-COMMENTS-09 with `type=scheduled`: the space's posts not published yet that the caller may see (their
 * own scheduled and held ones; every one for its moderators), soonest first.
 */
export const spaceUpcomingQuery = (appId: string, spaceId: string): PostListQuery =>
  postListQuery(communityKeys.spaceUpcoming(appId, spaceId), (page, signal) =>
    api.get(apiPaths.spacePosts(spaceId), {
      query: { page, type: 'scheduled' },
      schema: postListSchema,
      signal,
    }),
  );

/** POSTS-COMMENTS-11: a communities category's posts, its pinned post first. */
export const categoryPostsQuery = (appId: string, categoryId: string, sort: PostSort): PostListQuery =>
  postListQuery(communityKeys.categoryPosts(appId, categoryId, sort), (page, signal) =>
    api.get(apiPaths.categoryPosts(categoryId), { query: { page, sort }, schema: postListSchema, signal }),
  );

/** One post, asked for with the app in `x-app-id` (post slugs and share hashes are unique per app). */
function singlePostQuery(queryKey: readonly unknown[], appId: string, path: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<Post> =>
      api
        .get(path, { headers: { [cloudAppHeader]: appId }, schema: postResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });
}
export type SinglePostQuery = ReturnType<typeof singlePostQuery>;

/** POSTS-COMMENTS-10: one post by slug. */
export const postQuery = (appId: string, slug: string): SinglePostQuery =>
  singlePostQuery(communityKeys.post(appId, slug), appId, apiPaths.post(slug));

/** The post a share link points at (ROUTE-59, -60), for anyone the post allows. */
export const sharedPostQuery = (appId: string, shareHash: string): SinglePostQuery =>
  singlePostQuery(communityKeys.sharedPost(appId, shareHash), appId, apiPaths.sharedPost(appId, shareHash));
