// The community feature's public module: what other features (the member page, settings, the shell) and the
// community's own composer and post actions use of its reading side. Light: no screen code comes along.
export {
  categoriesQuery,
  categoryPostsQuery,
  categoryQuery,
  communityKeys,
  countersQuery,
  groupQuery,
  groupsQuery,
  homeFeedQuery,
  itemsOfPages,
  membersQuery,
  nextPageOf,
  postQuery,
  sharedPostQuery,
  spaceBySlug,
  spacePostsQuery,
  spacesQuery,
} from './community-api';
export { commentAnchor, communityLinks, postLink, shareLink, spaceEntryLink } from './community-links';
export { useFollowPost, useLikePost, useSpaceMembership, useVote, withAnswer } from './community-mutations';
export { apiPaths as communityApiPaths } from './community-paths';
export { cancelPostQueries, patchPost, restorePosts } from './post-cache';
