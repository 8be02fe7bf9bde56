import type { CommentSort } from '../../../contracts/community-comments';
import type { HomeFeedSort, PostSort } from '../../../contracts/community-posts';

/**
 * Everything the community caches for one app, keyed so a change invalidates exactly its resource: every query
 * that holds posts lives below `posts` (a like patches them all), the containers below `groups`, `spaces` and
 * `categories`, comments below `comments` and the post they hang on.
 */
export const communityKeys = {
  all: (appId: string) => ['community', appId] as const,
  groups: (appId: string) => [...communityKeys.all(appId), 'groups'] as const,
  group: (appId: string, slug: string) => [...communityKeys.groups(appId), slug] as const,
  spaces: (appId: string) => [...communityKeys.all(appId), 'spaces'] as const,
  counters: (appId: string) => [...communityKeys.all(appId), 'counters'] as const,
  categories: (appId: string) => [...communityKeys.all(appId), 'categories'] as const,
  category: (appId: string, slug: string) => [...communityKeys.categories(appId), slug] as const,
  members: (appId: string, container: 'space' | 'group', id: string) =>
    [...communityKeys.all(appId), 'members', container, id] as const,
  /** Every query that answers with posts: the feeds, the containers' lists, single posts. */
  posts: (appId: string) => [...communityKeys.all(appId), 'posts'] as const,
  feed: (appId: string, sort: HomeFeedSort) => [...communityKeys.posts(appId), 'feed', sort] as const,
  spacePosts: (appId: string, spaceId: string, sort: PostSort) =>
    [...communityKeys.posts(appId), 'space', spaceId, sort] as const,
  /** The caller's unpublished posts of a space: scheduled, or waiting for a moderator. */
  spaceUpcoming: (appId: string, spaceId: string) =>
    [...communityKeys.posts(appId), 'space', spaceId, 'upcoming'] as const,
  categoryPosts: (appId: string, categoryId: string, sort: PostSort) =>
    [...communityKeys.posts(appId), 'category', categoryId, sort] as const,
  post: (appId: string, slug: string) => [...communityKeys.posts(appId), 'one', slug] as const,
  sharedPost: (appId: string, shareHash: string) =>
    [...communityKeys.posts(appId), 'shared', shareHash] as const,
  comments: (appId: string, postId: string) => [...communityKeys.all(appId), 'comments', postId] as const,
  commentList: (appId: string, postId: string, sort: CommentSort) =>
    [...communityKeys.comments(appId, postId), sort] as const,
  replies: (appId: string, postId: string, commentId: string) =>
    [...communityKeys.comments(appId, postId), 'replies', commentId] as const,
};
