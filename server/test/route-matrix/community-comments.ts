import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the comment routes (issue 15), written by hand from the community's rules
 * (docs/decisions/community-model.md, community.policy.ts's comments) and not computed by them. The fixture's
 * comment is a top-level comment by the tenant's member (no matrix role wrote it) on a published post of the
 * open space, with comments, likes and sharing allowed.
 *
 *   comment             `comment(:id)`: the fixture's comment;
 *   comments of a post  `comments(query entity)`: `GET /comments` of the fixture's post (`comment:view`);
 *   post to comment on  `post(body entity)`: the post `POST /comments` names in its body.
 *
 * Open spaces are read by every participant of the app; invited people, guests (the fixture's app keeps guests
 * out of the community), strangers and blocked members see no post (404); punished members read only; a team
 * member managing the app moderates without a profile, so takes no part (no likes, replies or comments); a
 * refused masquerade is 403 on every app scope.
 */

export const commentColumns = {
  comment: 'comment',
  'comments of a post': 'comment',
  'post to comment on': 'post',
} as const;

export const commentScopeColumns = {
  'comment(:id)': 'comment',
  'comments(query entity)': 'comments of a post',
  'post(body entity)': 'post to comment on',
} as const;

type CommentColumn = keyof typeof commentColumns;
type CommentHoldings = Partial<Record<CommentColumn, Outcome>>;

const hidden: CommentHoldings = {
  comment: 'not-found',
  'comments of a post': 'not-found',
  'post to comment on': 'not-found',
};
const refused: CommentHoldings = { comment: [], 'comments of a post': [], 'post to comment on': [] };

const memberPost = ['view', 'share', 'comment', 'like', 'follow', 'send_to_chat', 'report'];
const moderation = ['edit', 'delete', 'pin_to_top', 'pin_to_sidebar', 'move', 'clone'];

/** A participant with a profile: comments, likes and replies; moderators also delete others' comments. */
const participant = (moderates: boolean): CommentHoldings => ({
  // Reporting (issue 16): the fixture's comment is someone else's.
  comment: moderates ? ['view', 'like', 'reply', 'delete', 'report'] : ['view', 'like', 'reply', 'report'],
  'comments of a post': ['view'],
  'post to comment on': moderates ? [...memberPost, ...moderation] : memberPost,
});

/** An app-managing team member: no profile in the app, so moderation only. */
const managerWithoutProfile: CommentHoldings = {
  comment: ['view', 'delete'],
  'comments of a post': ['view'],
  // Cloning makes the caller the author: without a profile, no clone.
  'post to comment on': ['view', 'share', ...moderation.filter((ability) => ability !== 'clone')],
};

export const commentHoldingsOf: Record<Role, CommentHoldings> = {
  owner: participant(true),
  admin: participant(true),
  moderator: participant(true),
  member: participant(false),
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': {
    comment: ['view'],
    'comments of a post': ['view'],
    'post to comment on': ['view', 'share'],
  },
  'team member': managerWithoutProfile,
  'pending team member': hidden,
  'admin as member': participant(false),
  'admin as owner': refused,
  'admin as admin': refused,
  'team member as owner': refused,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': managerWithoutProfile,
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
