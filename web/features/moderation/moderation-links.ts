import type { ModerationItem } from '../../../contracts/moderation';
import { commentAnchor, communityLinks } from '../community';

/**
 * Where an item's post (or comment, at its anchor) is read: `…/p/{slug}` in its space, its category or the
 * communities; null when the author deleted it meanwhile.
 */
export function itemLink(appSlug: string, item: ModerationItem): string | null {
  const { entity } = item;
  if (entity.isDeleted) {
    return null;
  }
  let post: string;
  if (item.space) {
    post = communityLinks.spacePost(appSlug, item.space.slug, entity.post.slug);
  } else if (item.category) {
    post = communityLinks.categoryPost(appSlug, item.category.slug, entity.post.slug);
  } else {
    post = communityLinks.communitiesPost(appSlug, entity.post.slug);
  }
  return entity.type === 'comment' && entity.commentId ? `${post}#${commentAnchor(entity.commentId)}` : post;
}
