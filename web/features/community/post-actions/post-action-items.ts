import type { Post, PostAbility } from '../../../../contracts/community-posts';

/*
 * Which items the post's action menu shows (spec §6 "Action menus hide items whose ability fails"): each item
 * names the ability of `permissions.can` it needs, and the state it toggles picks its wording (pin / unpin,
 * follow / unfollow). Pure, so the menu's rules are tested without a browser.
 */

export type PostActionKey =
  | 'edit'
  | 'editPublishTime'
  | 'publishNow'
  | 'pinToTop'
  | 'unpinFromTop'
  | 'pinToSidebar'
  | 'unpinFromSidebar'
  | 'follow'
  | 'unfollow'
  | 'share'
  | 'move'
  | 'clone'
  | 'delete';

type ItemRule = {
  key: PostActionKey;
  ability: PostAbility;
  /** The item shows in this state of the post only (when absent: always, given the ability). */
  when?: (post: Post) => boolean;
};

const isPinnedToTop = (post: Post) => post.pinnedToTopAt !== null;
const isPinnedToSidebar = (post: Post) => post.pinnedToSidebarAt !== null;

/** The menu's sections, in order; a divider separates the sections that have items. */
export const postActionSections: readonly (readonly ItemRule[])[] = [
  [
    { key: 'edit', ability: 'edit' },
    { key: 'editPublishTime', ability: 'edit_publish_time', when: (post) => post.isScheduled },
    { key: 'publishNow', ability: 'publish', when: (post) => post.isScheduled },
  ],
  [
    {
      key: 'pinToTop',
      ability: 'pin_to_top',
      when: (post) => !isPinnedToTop(post) && post.isAllowedPinToTop,
    },
    { key: 'unpinFromTop', ability: 'pin_to_top', when: isPinnedToTop },
    { key: 'pinToSidebar', ability: 'pin_to_sidebar', when: (post) => !isPinnedToSidebar(post) },
    { key: 'unpinFromSidebar', ability: 'pin_to_sidebar', when: isPinnedToSidebar },
    { key: 'follow', ability: 'follow', when: (post) => !post.isFollowed },
    { key: 'unfollow', ability: 'follow', when: (post) => post.isFollowed },
  ],
  [
    // A share link exists only for a published post whose sharing is on.
    { key: 'share', ability: 'share', when: (post) => post.shareHash !== null },
    { key: 'move', ability: 'move' },
    { key: 'clone', ability: 'clone' },
  ],
  [{ key: 'delete', ability: 'delete' }],
];

/** The items the caller sees, by section; sections without an item are left out. */
export function postActionItems(post: Post): PostActionKey[][] {
  const can = new Set<PostAbility>(post.permissions.can);
  return postActionSections
    .map((section) =>
      section.filter((rule) => can.has(rule.ability) && (rule.when?.(post) ?? true)).map((rule) => rule.key),
    )
    .filter((section) => section.length > 0);
}
