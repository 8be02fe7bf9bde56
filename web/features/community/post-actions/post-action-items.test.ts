import { describe, expect, it } from 'vitest';
import type { PostAbility } from '../../../../contracts/community-posts';
import { postFixture } from '../composer/post.fixture';
import { postActionItems } from './post-action-items';

const withCan = (can: PostAbility[], extra = {}) => postFixture({ permissions: { can }, ...extra });

describe('post action items', () => {
  it('shows nothing without abilities, and only what each ability allows', () => {
    expect(postActionItems(withCan(['view']))).toEqual([]);
    expect(postActionItems(withCan(['view', 'share']))).toEqual([['share']]);
    expect(postActionItems(withCan(['view', 'edit', 'delete']))).toEqual([['edit'], ['delete']]);
    expect(postActionItems(withCan(['view', 'like', 'comment', 'report', 'send_to_chat']))).toEqual([]);
  });

  it('gives a moderator every item of a published post, in sections', () => {
    const all: PostAbility[] = [
      'view',
      'share',
      'follow',
      'edit',
      'delete',
      'pin_to_top',
      'pin_to_sidebar',
      'move',
      'clone',
    ];
    expect(postActionItems(withCan(all, { isFollowed: false }))).toEqual([
      ['edit'],
      ['pinToTop', 'pinToSidebar', 'follow'],
      ['share', 'move', 'clone'],
      ['delete'],
    ]);
  });

  it('turns pin and follow into their undo while they hold', () => {
    const post = withCan(['view', 'pin_to_top', 'pin_to_sidebar', 'follow'], {
      pinnedToTopAt: '2027-05-01T10:00:00.000Z',
      pinnedToSidebarAt: '2027-05-01T10:00:00.000Z',
      isFollowed: true,
    });
    expect(postActionItems(post)).toEqual([['unpinFromTop', 'unpinFromSidebar', 'unfollow']]);
  });

  it('offers pinning to the top only where the post allows it', () => {
    expect(postActionItems(withCan(['view', 'pin_to_top'], { isAllowedPinToTop: false }))).toEqual([]);
  });

  it('offers publish time and publishing now only for a scheduled post, and no share link for it', () => {
    const can: PostAbility[] = ['view', 'edit', 'publish', 'edit_publish_time', 'share'];
    expect(postActionItems(withCan(can))).toEqual([['edit'], ['share']]);
    expect(postActionItems(withCan(can, { isScheduled: true, publishedAt: null, shareHash: null }))).toEqual([
      ['edit', 'editPublishTime', 'publishNow'],
    ]);
  });
});
