import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the post, poll and feed routes (issue 15), written by hand from the
 * community's rules (docs/decisions/community-model.md, docs/DECISIONS.md "Community: posts, polls and the
 * feed") and not computed by community.policy.ts. The fixture:
 *
 *   post               `post(:id)`, `post(:entityId)`: the published post of the open space, by the tenant's
 *                      member (no matrix role wrote it or belongs to the space), comments, likes and sharing
 *                      allowed; its poll is the fixture's poll;
 *   post by slug       `post(:slug, x-app-id)`: the same post by its slug, which names its app only in the
 *                      `x-app-id` header: found on the app host, 404 on the service host;
 *   communities post   `communities-post(:id)`: the post of the communities category, in an app whose
 *                      `communities` service is off (its default): only the managers see it;
 *   poll               `vote(:id)`: the fixture's poll on the post: seen with the post, answered by who takes
 *                      part in it (it has no end);
 *   poll maker         `poll-maker(:appId)`: making polls; 404 to who takes no part in the community.
 *
 * Invited people, guests (the app keeps guests out), strangers, pending team members and blocked members see
 * none of it (404); punished members read only; an app-managing team member moderates without a profile (no
 * likes, comments, follows or answers); a refused masquerade is 403 on every app scope. `community(:appId)`
 * routes (feed, counters, search) answer with the app's abilities: the `app` column.
 */

export const postColumns = {
  post: 'post',
  'post by slug': 'post',
  'communities post': 'post',
  poll: 'vote',
  'poll maker': 'vote',
} as const;

export const postScopeColumns = {
  'post(:id)': 'post',
  'post(:entityId)': 'post',
  'post(:slug, x-app-id)': 'post by slug',
  'communities-post(:id)': 'communities post',
  'vote(:id)': 'poll',
  'poll-maker(:appId)': 'poll maker',
} as const;

type PostColumn = keyof typeof postColumns;
type PostHoldings = Partial<Record<PostColumn, Outcome>>;

const hidden: PostHoldings = {
  post: 'not-found',
  'post by slug': 'not-found',
  'communities post': 'not-found',
  poll: 'not-found',
  'poll maker': 'not-found',
};
const refused: PostHoldings = {
  post: [],
  'post by slug': [],
  'communities post': [],
  poll: [],
  'poll maker': [],
};

/** Taking part in a published post someone else wrote. */
const takingPart = ['view', 'share', 'comment', 'like', 'follow', 'send_to_chat', 'report'];
/** What moderating its space or category adds. */
const moderation = ['edit', 'delete', 'pin_to_top', 'pin_to_sidebar', 'move', 'clone'];

const participant = (kind: 'member' | 'moderator' | 'manager'): PostHoldings => {
  const post = kind === 'member' ? takingPart : [...takingPart, ...moderation];
  return {
    post,
    'post by slug': post,
    // The communities are off: only the managers see their posts.
    'communities post': kind === 'manager' ? post : 'not-found',
    poll: ['view', 'answer'],
    'poll maker': ['create'],
  };
};

/** An app-managing team member: no profile in the app, so moderation without taking part. */
// Cloning makes the caller the author: without a profile, no clone.
const moderationWithoutProfile = moderation.filter((ability) => ability !== 'clone');
const managerWithoutProfile: PostHoldings = {
  post: ['view', 'share', ...moderationWithoutProfile],
  'post by slug': ['view', 'share', ...moderationWithoutProfile],
  'communities post': ['view', 'share', ...moderationWithoutProfile],
  poll: ['view'],
  'poll maker': [],
};

export const postHoldingsOf: Record<Role, PostHoldings> = {
  owner: participant('manager'),
  admin: participant('manager'),
  moderator: participant('moderator'),
  member: participant('member'),
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': {
    post: ['view', 'share'],
    'post by slug': ['view', 'share'],
    'communities post': 'not-found',
    poll: ['view'],
    'poll maker': [],
  },
  'team member': managerWithoutProfile,
  'pending team member': hidden,
  'admin as member': participant('member'),
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
