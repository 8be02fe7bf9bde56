// The community feature's public module: what other features (the member page, settings, the shell, the chat)
// and the community's own composer and post actions use of its reading side. Light: no screen code comes along
// but the poll card the chat shows, and only to whoever imports it (the build treats this file as side-effect free).
// The poll builder's values (options, checks, the vote body) serve the chat's poll dialog too.
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
export { useFollowPost, useLikePost, useSpaceMembership, useVote } from './community-mutations';
export { apiPaths as communityApiPaths } from './community-paths';
export { PollCard } from './post/poll-card';
// The conversation under a post, for other features' entities too (events).
export { EntityCommentSection } from './comments/comment-section';
export type { CommentHost } from './comments/comments-api';
export {
  addOption as addPollOption,
  canAddOption as canAddPollOption,
  canRemoveOption as canRemovePollOption,
  emptyPoll,
  pollBodyOf,
  pollIssuesOf,
  pollServerIssuesOf,
  removeOption as removePollOption,
  setOptionText as setPollOptionText,
  type PollDraft,
  type PollIssues,
} from './composer/poll-values';
export { cancelPostQueries, patchPost, restorePosts } from './post-cache';
