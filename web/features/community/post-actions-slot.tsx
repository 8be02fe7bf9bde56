import type { Post } from '../../../contracts/community-posts';

/**
 * The post's "…" menu (pin, sidebar, follow, move, clone, publish time, share, delete) is built in
 * `post-actions/`; this is where the reading screens take it from.
 */
export function PostActionsMenu(_props: { post: Post }) {
  return null;
}
