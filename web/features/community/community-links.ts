import type { Post } from '../../../contracts/community-posts';
import type { Space, SpaceTab } from '../../../contracts/community-spaces';

/** The community's screen addresses (spec §2, ROUTE-59..74 and 115..118), below `/{appSlug}`. */
export const communityLinks = {
  groups: (appSlug: string) => `/${appSlug}/groups`,
  group: (appSlug: string, groupSlug: string) => `/${appSlug}/groups/c/${encodeURIComponent(groupSlug)}`,
  groupMembers: (appSlug: string, groupSlug: string) => `${communityLinks.group(appSlug, groupSlug)}/members`,
  space: (appSlug: string, spaceSlug: string, tab: SpaceTab = 'posts') =>
    `/${appSlug}/groups/g/${encodeURIComponent(spaceSlug)}${tab === 'posts' ? '' : `/${tab}`}`,
  spacePost: (appSlug: string, spaceSlug: string, postSlug: string) =>
    `${communityLinks.space(appSlug, spaceSlug)}/p/${encodeURIComponent(postSlug)}`,
  communities: (appSlug: string) => `/${appSlug}/communities`,
  category: (appSlug: string, categorySlug: string) =>
    `/${appSlug}/communities/c/${encodeURIComponent(categorySlug)}`,
  categoryPost: (appSlug: string, categorySlug: string, postSlug: string) =>
    `${communityLinks.category(appSlug, categorySlug)}/p/${encodeURIComponent(postSlug)}`,
  communitiesPost: (appSlug: string, postSlug: string) =>
    `${communityLinks.communities(appSlug)}/p/${encodeURIComponent(postSlug)}`,
};

/**
 * Where a link to a space leads: its default tab (spec §3 `defaultTab`), when that tab is visible. The bare
 * space address always shows the posts (or the first visible tab), so every tab keeps an address of its own.
 */
export function spaceEntryLink(appSlug: string, space: Pick<Space, 'slug' | 'defaultTab' | 'visibleTabs'>) {
  const tab = space.visibleTabs.includes(space.defaultTab) ? space.defaultTab : space.visibleTabs[0];
  return communityLinks.space(appSlug, space.slug, tab ?? 'posts');
}

/** A post's page in its container. */
export function postLink(appSlug: string, post: Pick<Post, 'slug' | 'space' | 'category'>): string {
  if (post.space) {
    return communityLinks.spacePost(appSlug, post.space.slug, post.slug);
  }
  if (post.category) {
    return communityLinks.categoryPost(appSlug, post.category.slug, post.slug);
  }
  return communityLinks.communitiesPost(appSlug, post.slug);
}

/** The share address of a post (spec §2 "Share post"), absolute, for copying; null when sharing is off. */
export function shareLink(
  origin: string,
  appSlug: string,
  post: Pick<Post, 'shareHash' | 'space' | 'category'>,
): string | null {
  if (!post.shareHash) {
    return null;
  }
  const hash = encodeURIComponent(post.shareHash);
  if (post.space) {
    return `${origin}${communityLinks.space(appSlug, post.space.slug)}/share/${hash}`;
  }
  if (post.category) {
    return `${origin}${communityLinks.category(appSlug, post.category.slug)}/share/${hash}`;
  }
  return null;
}

/** The id a comment carries on its post's page, so `…/p/{postSlug}#comment-{id}` leads to it. */
export const commentAnchor = (commentId: string) => `comment-${commentId}`;
