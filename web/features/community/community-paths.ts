import type { Post } from '../../../contracts/community-posts';

/**
 * Every API address the community's reading side calls, in one map (GAPS 16: a path that proves wrong is one
 * line to change). Rows of spec/api-calls.tsv in the comments.
 */
export const apiPaths = {
  /** GROUPS-SPACES-04 */
  groups: (appId: string) => `/apps/${appId}/community/groups`,
  /** GROUPS-SPACES-05 */
  group: (appId: string, slug: string) => `/apps/${appId}/community/groups/${encodeURIComponent(slug)}`,
  /** GROUPS-SPACES-06 */
  groupProfiles: (groupId: string) => `/groups/${groupId}/profiles`,
  /** GROUPS-SPACES-09 */
  counters: (appId: string) => `/apps/${appId}/spaces/posts/counters`,
  /** GROUPS-SPACES-10 */
  spaces: (appId: string) => `/apps/${appId}/community/spaces`,
  /** GROUPS-SPACES-14, -16 */
  join: (spaceId: string) => `/spaces/${spaceId}/join`,
  spaceNotifications: (spaceId: string) => `/spaces/${spaceId}/notifications`,
  leave: (spaceId: string) => `/spaces/${spaceId}/leave`,
  /** GROUPS-SPACES-15 */
  spaceProfiles: (spaceId: string) => `/spaces/${spaceId}/profiles`,
  /** POSTS-COMMENTS-09, -11 */
  spacePosts: (spaceId: string) => `/spaces/${spaceId}/posts`,
  categoryPosts: (categoryId: string) => `/communities/categories/${categoryId}/posts`,
  /** APP-SERVICES-01 */
  homeFeed: (appId: string) => `/apps/${appId}/community/posts/home`,
  /** POSTS-COMMENTS-10: a slug with the app in `x-app-id`. */
  post: (slug: string) => `/posts/${encodeURIComponent(slug)}`,
  /** A share link's post (spec §2 share routes; inferred in contracts/community-share.ts). */
  sharedPost: (appId: string, shareHash: string) =>
    `/apps/${appId}/community/share/${encodeURIComponent(shareHash)}`,
  /** A post's own address: spaces' posts under `/posts`, communities' under `/communities/posts`. */
  postBase: (post: Pick<Post, 'id' | 'discriminator'>) =>
    post.discriminator === 'communities' ? `/communities/posts/${post.id}` : `/posts/${post.id}`,
  /** COMMUNITIES-01, -03 */
  categories: (appId: string) => `/apps/${appId}/communities/categories`,
  category: (appId: string, slug: string) =>
    `/apps/${appId}/communities/categories/${encodeURIComponent(slug)}`,
  /** The poll's answer (inferred in contracts/community-posts.ts). */
  voteAnswers: (voteId: string) => `/votes/${voteId}/answers`,
  /** POSTS-COMMENTS-30..35 */
  comments: () => '/comments',
  comment: (commentId: string) => `/comments/${commentId}`,
  commentLike: (commentId: string) => `/comments/${commentId}/like`,
};
