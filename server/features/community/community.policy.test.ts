import { describe, expect, it } from 'vitest';
import type { AppRole, Sanction } from '../workspace/public.ts';
import {
  categoryAbilities,
  commentAbilities,
  groupAbilities,
  postAbilities,
  spaceAbilities,
  spaceListed,
  spaceReadable,
  type CommunityActor,
  type SpaceStanding,
} from './community.policy.ts';

const actor = (role: AppRole, extra: Partial<CommunityActor> = {}): CommunityActor => ({
  role,
  sanction: null as Sanction,
  profileId: role === 'guest' ? null : `profile-${role}`,
  guestsMayRead: false,
  ...extra,
});

const standing = (access: SpaceStanding['access'], extra: Partial<SpaceStanding> = {}): SpaceStanding => ({
  access,
  membership: null,
  isSpaceModerator: false,
  isGroupModerator: false,
  ...extra,
});

const member = actor('member');
const activeMember: Partial<SpaceStanding> = { membership: 'active' };

describe('space visibility (open / private / secret)', () => {
  // Written out by hand: [who, standing] → [listed, readable].
  const cases: [string, CommunityActor, SpaceStanding, boolean, boolean][] = [
    ['member, open', member, standing('open'), true, true],
    ['member, private, not joined', member, standing('private'), true, false],
    ['member, private, requested', member, standing('private', { membership: 'requested' }), true, false],
    ['member, private, joined', member, standing('private', activeMember), true, true],
    ['member, secret, not joined', member, standing('secret'), false, false],
    ['member, secret, joined', member, standing('secret', activeMember), true, true],
    ['space moderator, secret', member, standing('secret', { isSpaceModerator: true }), true, true],
    ['group moderator, secret', member, standing('secret', { isGroupModerator: true }), true, true],
    ['app moderator, secret', actor('moderator'), standing('secret'), true, true],
    ['admin, secret', actor('admin'), standing('secret'), true, true],
    ['team, private', actor('team'), standing('private'), true, true],
    ['invited, open', actor('invited'), standing('open'), false, false],
    ['guest, open, guests shut out', actor('guest'), standing('open'), false, false],
    ['guest, open, guests let in', actor('guest', { guestsMayRead: true }), standing('open'), true, true],
    [
      'guest, private, guests let in',
      actor('guest', { guestsMayRead: true }),
      standing('private'),
      false,
      false,
    ],
    ['blocked, open', actor('member', { sanction: 'blocked' }), standing('open'), false, false],
    [
      'blocked admin-ish member, joined secret',
      actor('member', { sanction: 'blocked' }),
      standing('secret', activeMember),
      false,
      false,
    ],
    [
      'punished, private, joined',
      actor('member', { sanction: 'punished' }),
      standing('private', activeMember),
      true,
      true,
    ],
  ];
  it.each(cases)('%s', (_, who, where, listed, readable) => {
    expect(spaceListed(who, where)).toBe(listed);
    expect(spaceReadable(who, where)).toBe(readable);
  });
});

describe('space abilities', () => {
  it('lets a member join an open space, request a private one and never a secret one', () => {
    expect(spaceAbilities(member, standing('open'))).toEqual([
      'view',
      'view_profiles',
      'join',
      'create_post',
    ]);
    expect(spaceAbilities(member, standing('private'))).toEqual(['join']);
    expect(spaceAbilities(member, standing('secret'))).toEqual([]);
  });

  it('gives a joined member of a private space reading, posting, the bell and leaving', () => {
    expect(spaceAbilities(member, standing('private', activeMember))).toEqual([
      'view',
      'view_profiles',
      'leave',
      'bell',
      'create_post',
    ]);
  });

  it('keeps a punished member reading only', () => {
    const can = spaceAbilities(actor('member', { sanction: 'punished' }), standing('open', activeMember));
    expect(can).toEqual(['view', 'view_profiles', 'leave', 'bell']);
  });

  it('lets space moderators manage members but not edit or delete the space', () => {
    const can = spaceAbilities(member, standing('private', { ...activeMember, isSpaceModerator: true }));
    expect(can).toContain('create_scheduled_post');
    expect(can).toContain('delete_profile');
    expect(can).not.toContain('edit');
    expect(can).not.toContain('delete');
  });

  it('lets group moderators edit and only managers delete', () => {
    expect(spaceAbilities(member, standing('open', { isGroupModerator: true }))).toContain('edit');
    expect(spaceAbilities(member, standing('open', { isGroupModerator: true }))).not.toContain('delete');
    expect(spaceAbilities(actor('admin'), standing('secret'))).toContain('delete');
  });

  it('lets a team member without a profile moderate but not write, since a post needs an author', () => {
    const team = spaceAbilities(actor('team', { profileId: null }), standing('private'));
    expect(team).toEqual(expect.arrayContaining(['view', 'edit', 'delete', 'create_profile']));
    expect(team).not.toContain('create_post');
    expect(team).not.toContain('create_scheduled_post');
    expect(team).not.toContain('join');
    const onPost = postAbilities(
      actor('team', { profileId: null }),
      { readable: true, moderates: true },
      {
        authorProfileId: 'profile-member',
        isPublished: true,
        isCommentsDisabled: false,
        isLikesDisabled: false,
        isShareDisabled: false,
      },
    );
    expect(onPost).toEqual(expect.arrayContaining(['pin_to_top', 'move', 'delete']));
    expect(onPost).not.toContain('clone');
    expect(onPost).not.toContain('comment');
    const category = categoryAbilities(actor('team', { profileId: null }));
    expect(category).toEqual(expect.arrayContaining(['view', 'edit', 'move']));
    expect(category).not.toContain('create_post');
  });

  it('gives guests reading of open spaces only, without members or posting', () => {
    expect(spaceAbilities(actor('guest', { guestsMayRead: true }), standing('open'))).toEqual(['view']);
  });
});

describe('post abilities', () => {
  const published = {
    authorProfileId: 'profile-other',
    isPublished: true,
    isCommentsDisabled: false,
    isLikesDisabled: false,
    isShareDisabled: false,
  };
  const reads = { readable: true, moderates: false };

  it('gives a reader of the container the member actions on a published post', () => {
    expect(postAbilities(member, reads, published)).toEqual([
      'view',
      'share',
      'comment',
      'like',
      'follow',
      'send_to_chat',
      'report',
    ]);
  });

  it('refuses everything when the container is not readable', () => {
    expect(postAbilities(member, { readable: false, moderates: false }, published)).toEqual([]);
  });

  it('hides a scheduled post from everyone but its author and the moderators', () => {
    const scheduled = { ...published, isPublished: false };
    expect(postAbilities(member, reads, scheduled)).toEqual([]);
    expect(postAbilities(member, reads, { ...scheduled, authorProfileId: 'profile-member' })).toEqual([
      'view',
      'edit',
      'delete',
      'publish',
      'edit_publish_time',
    ]);
    expect(postAbilities(actor('admin'), { readable: true, moderates: true }, scheduled)).toContain(
      'publish',
    );
  });

  it('publishes a post held by moderation only through a moderator’s decision (issue 16)', () => {
    const held = { ...published, isPublished: false, isHeld: true };
    expect(postAbilities(member, reads, held)).toEqual([]);
    expect(postAbilities(member, reads, { ...held, authorProfileId: 'profile-member' })).toEqual([
      'view',
      'edit',
      'delete',
    ]);
    const moderates = postAbilities(actor('admin'), { readable: true, moderates: true }, held);
    expect(moderates).not.toContain('publish');
    expect(moderates).not.toContain('report');
  });

  it('follows the disable flags', () => {
    const can = postAbilities(member, reads, {
      ...published,
      isCommentsDisabled: true,
      isLikesDisabled: true,
      isShareDisabled: true,
    });
    expect(can).not.toContain('comment');
    expect(can).not.toContain('like');
    expect(can).not.toContain('share');
  });

  it('gives moderators pinning, moving and cloning, and authors editing', () => {
    const moderates = postAbilities(actor('moderator'), { readable: true, moderates: true }, published);
    expect(moderates).toEqual(
      expect.arrayContaining(['pin_to_top', 'pin_to_sidebar', 'move', 'clone', 'delete']),
    );
    const own = postAbilities(member, reads, { ...published, authorProfileId: 'profile-member' });
    expect(own).toEqual(expect.arrayContaining(['edit', 'delete']));
    expect(own).not.toContain('report');
    expect(own).not.toContain('pin_to_top');
  });

  it('lets a punished reader only view and share', () => {
    expect(postAbilities(actor('member', { sanction: 'punished' }), reads, published)).toEqual([
      'view',
      'share',
    ]);
  });
});

describe('groups, categories and comments', () => {
  it('shows a group only with a listed space, to its moderators or to managers', () => {
    expect(
      groupAbilities(member, { isGroupModerator: false, hasListedSpace: false, isMember: false }),
    ).toEqual([]);
    expect(groupAbilities(member, { isGroupModerator: false, hasListedSpace: true, isMember: true })).toEqual(
      ['view', 'view_profiles', 'leave'],
    );
    expect(
      groupAbilities(actor('admin'), { isGroupModerator: false, hasListedSpace: false, isMember: false }),
    ).toContain('delete');
  });

  it('lets participants post in categories and managers arrange them', () => {
    expect(categoryAbilities(member)).toEqual(['view', 'create_post']);
    expect(categoryAbilities(actor('owner'))).toEqual(
      expect.arrayContaining(['edit', 'delete', 'move', 'create_scheduled_post']),
    );
    expect(categoryAbilities(actor('guest'))).toEqual([]);
    expect(categoryAbilities(actor('guest', { guestsMayRead: true }))).toEqual(['view']);
  });

  it('lets authors edit, authors and moderators delete, and nobody reply to a reply', () => {
    const entity = { canComment: true, moderates: false };
    const own = { authorProfileId: 'profile-member', isDeleted: false, isReply: false };
    expect(commentAbilities(member, entity, own)).toEqual(['view', 'like', 'reply', 'edit', 'delete']);
    expect(commentAbilities(member, entity, { ...own, isReply: true })).toEqual([
      'view',
      'like',
      'edit',
      'delete',
    ]);
    expect(commentAbilities(actor('moderator'), { canComment: true, moderates: true }, own)).toContain(
      'delete',
    );
    expect(commentAbilities(actor('moderator'), { canComment: true, moderates: true }, own)).not.toContain(
      'edit',
    );
    expect(commentAbilities(member, entity, { ...own, isDeleted: true })).toEqual(['view']);
  });

  it('lets participants with a profile report what others wrote (issue 16)', () => {
    const entity = { canComment: true, moderates: false };
    const others = { authorProfileId: 'profile-other', isDeleted: false, isReply: false };
    expect(commentAbilities(member, entity, others)).toEqual(['view', 'like', 'reply', 'report']);
    expect(commentAbilities(member, entity, { ...others, authorProfileId: 'profile-member' })).not.toContain(
      'report',
    );
    expect(commentAbilities(actor('member', { sanction: 'punished' }), entity, others)).toEqual(['view']);
    expect(commentAbilities(member, entity, { ...others, isDeleted: true })).toEqual(['view']);
  });
});
