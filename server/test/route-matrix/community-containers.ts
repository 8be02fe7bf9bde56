import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the community's containers (issue 15): groups, spaces, communities
 * categories and links, written by hand from the rules (docs/decisions/community-model.md, docs/DECISIONS.md
 * "Community: groups, spaces, categories") and not computed by community.policy.ts. `community(:appId)` routes
 * answer with the app's abilities, so they are the `app` column. The fixture:
 *
 *   space     `space(:id)`: the open space of the fixture's group; no matrix role belongs to it, so joining is
 *             offered to everyone with a profile who may write;
 *   group     `group(:id)`, `group(:groupId)`: the fixture's group (an open, a private and a secret space); no
 *             matrix role moderates it or belongs to one of its spaces;
 *   category  `category(:id)`: the fixture's communities category, in an app whose `communities` service is
 *             off (its default): only the managers, who may switch it on, see it;
 *   link      `link(:id)`: whoever may view the app's links sees it, whoever may create links changes it.
 *
 * Invited people, guests (the app keeps guests out), strangers, pending team members and blocked members see
 * none of it (404); punished members read only; an app-managing team member manages without a profile (no
 * joining); a refused masquerade is 403 on every app scope.
 */

export const containerColumns = {
  space: 'space',
  group: 'group',
  category: 'category',
  link: 'link',
} as const;

export const containerScopeColumns = {
  'community(:appId)': 'app',
  'space(:id)': 'space',
  'group(:id)': 'group',
  'group(:groupId)': 'group',
  'category(:id)': 'category',
  'link(:id)': 'link',
} as const;

type ContainerColumn = keyof typeof containerColumns;
type ContainerHoldings = Partial<Record<ContainerColumn, Outcome>>;

const hidden: ContainerHoldings = {
  space: 'not-found',
  group: 'not-found',
  category: 'not-found',
  link: 'not-found',
};
const refused: ContainerHoldings = { space: [], group: [], category: [], link: [] };

/** What moderating a space adds (app moderators, managers). */
const spaceModeration = [
  'create_scheduled_post',
  'create_profile',
  'delete_profile',
  'export_profiles',
  'bulk_invite',
];
/** What managing the app adds on a space. */
const spaceManagement = ['show_settings', 'edit', 'delete'];

/** A participant with a profile who belongs to no space and moderates no group (`member`: plain member). */
const participant = (kind: 'member' | 'moderator' | 'manager'): ContainerHoldings => ({
  space: [
    'view',
    'view_profiles',
    'join',
    'create_post',
    ...(kind === 'member' ? [] : spaceModeration),
    ...(kind === 'manager' ? spaceManagement : []),
  ],
  group:
    kind === 'manager'
      ? ['view', 'view_profiles', 'edit', 'create_space', 'delete_profile', 'delete']
      : ['view', 'view_profiles'],
  // The communities are off: a plain participant does not see them.
  category:
    kind === 'manager'
      ? ['view', 'create_post', 'create_scheduled_post', 'edit', 'delete', 'move']
      : 'not-found',
  link: kind === 'manager' ? ['edit', 'delete'] : [],
});

/** An app-managing team member without a profile: manages everything, joins and writes nothing (a post needs an author). */
const managerWithoutProfile: ContainerHoldings = {
  ...participant('manager'),
  space: [
    'view',
    'view_profiles',
    ...spaceModeration.filter((ability) => ability !== 'create_scheduled_post'),
    ...spaceManagement,
  ],
  category: ['view', 'edit', 'delete', 'move'],
};

export const containerHoldingsOf: Record<Role, ContainerHoldings> = {
  owner: participant('manager'),
  admin: participant('manager'),
  moderator: participant('moderator'),
  member: participant('member'),
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': {
    space: ['view', 'view_profiles'],
    group: ['view', 'view_profiles'],
    category: 'not-found',
    link: [],
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
