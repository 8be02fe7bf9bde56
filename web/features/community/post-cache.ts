import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Post, PostList } from '../../../contracts/community-posts';
import { communityKeys } from './community-keys';

/** What a query below `communityKeys.posts` holds: a paged list of posts or one post. */
type PostsData = InfiniteData<PostList> | Post;

const isInfinite = (data: PostsData): data is InfiniteData<PostList> => 'pages' in data;

function patchData(data: PostsData | undefined, postId: string, patch: (post: Post) => Post) {
  if (!data) {
    return data;
  }
  if (!isInfinite(data)) {
    return data.id === postId ? patch(data) : data;
  }
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some((post) => post.id === postId)) {
      return page;
    }
    changed = true;
    return { ...page, data: page.data.map((post) => (post.id === postId ? patch(post) : post)) };
  });
  return changed ? { ...data, pages } : data;
}

export type PostsSnapshot = [QueryKey, PostsData | undefined][];

/**
 * Changes one post in every cached feed, list and page of the app at once (a like in the feed shows on the
 * post's page too). Returns what was there before, for `restorePosts` when the server refuses.
 */
export function patchPost(
  client: QueryClient,
  appId: string,
  postId: string,
  patch: (post: Post) => Post,
): PostsSnapshot {
  const queryKey = communityKeys.posts(appId);
  const snapshot = client.getQueriesData<PostsData>({ queryKey });
  client.setQueriesData<PostsData>({ queryKey }, (data) => patchData(data, postId, patch));
  return snapshot;
}

export function restorePosts(client: QueryClient, snapshot: PostsSnapshot): void {
  for (const [key, data] of snapshot) {
    client.setQueryData(key, data);
  }
}

/** Optimistic updates must not be overwritten by an answer already on its way. */
export function cancelPostQueries(client: QueryClient, appId: string): Promise<void> {
  return client.cancelQueries({ queryKey: communityKeys.posts(appId) });
}
