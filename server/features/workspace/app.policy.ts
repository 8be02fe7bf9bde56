import { abilitiesBySubject, type AbilityName } from '../../../contracts/abilities.ts';
import type { ChatSettings } from '../../../contracts/chat-settings.ts';
import type { MemberType } from '../../../contracts/enums.ts';
import type { EventCreators } from '../../../contracts/events.ts';

export type AppAbility = AbilityName<'app'>;

/**
 * The role a person has in an app, from strongest to weakest. `owner` is the app's owner flag or the
 * project's owner; `team` is an active team member of the project allowed to manage apps; `guest` is anyone
 * without a live profile (anonymous or signed in).
 */
export type AppRole = 'owner' | 'admin' | 'team' | 'moderator' | 'member' | 'invited' | 'guest';

/** Member sanctions (spec §3 default tags): blocked shuts the app, punished makes it read-only. */
export type Sanction = 'blocked' | 'punished' | null;

export type AppPolicyInput = {
  role: AppRole;
  sanction: Sanction;
  /** An admin viewing the app as another member (spec §6 masquerade). */
  masquerading: boolean;
  /** The app accepts sign-ups (guests see the registration button). */
  registrationOpen: boolean;
  /** Who besides the app's admins starts which kind of chat (the app's chat settings); the defaults without. */
  chatCreators?: Pick<ChatSettings, 'privateChatCreators' | 'groupChatCreators' | 'publicGroupChatCreators'>;
  /** Who besides the app's admins creates events (the app's event settings); admins only without. */
  eventCreators?: EventCreators;
};

const all = abilitiesBySubject.app;

/** What every member may do: see the app and its content, talk, keep files. */
const memberAbilities: readonly AppAbility[] = [
  'view',
  'view_profiles',
  'view_events',
  'view_chats',
  'view_links',
  'view_posts',
  'create_private_chat',
  'create_group_chat',
  'cloud',
  'create_ticket',
  'rewards',
  'spend_points',
];

/** Reading only: what a punished member keeps. */
const readAbilities: readonly AppAbility[] = [
  'view',
  'view_profiles',
  'view_events',
  'view_chats',
  'view_links',
  'view_posts',
  'cloud',
  'rewards',
];

/** Moderators add content moderation and the member sanctions screen to the member's list. */
const moderatorAbilities: readonly AppAbility[] = [
  ...memberAbilities,
  'moderation',
  'settings_moderation',
  'settings_switcher',
  'settings_members',
  'view_invitations',
  'create_public_group_chat',
];

/** Only the owner edits the theme (spec §6: "the theme editing tool shows only to the owner"). */
const adminAbilities: readonly AppAbility[] = all.filter((ability) => ability !== 'settings_theme');

/**
 * App abilities (spec §6 "App") of one role. Rules:
 * - owner: everything; admin and team (with app management): everything but the theme editor;
 * - moderator: member abilities plus moderation and the members settings;
 * - member: view, read lists, private and group chats, the cloud library, support tickets of their own;
 * - the support tickets of the app (`tickets`) are the managers' (not the moderators': docs/decisions/tickets.md);
 * - members' and moderators' chat creation as the app's chat settings say, when given (the defaults above);
 * - members' and moderators' event creation as the app's event settings say, when given (admins only without);
 * - invited and guest: see the app shell and, when the app accepts sign-ups, register;
 * - blocked: nothing; punished: reading only;
 * - masquerading: what the viewed member may do, never the theme editor or another masquerade.
 */
export function appAbilities(input: AppPolicyInput): AppAbility[] {
  if (input.sanction === 'blocked') {
    return [];
  }
  let granted: readonly AppAbility[];
  switch (input.role) {
    case 'owner':
      granted = all;
      break;
    case 'admin':
    case 'team':
      granted = adminAbilities;
      break;
    case 'moderator':
      granted = moderatorAbilities;
      break;
    case 'member':
      granted = memberAbilities;
      break;
    case 'invited':
    case 'guest':
      granted = input.registrationOpen ? ['view', 'registration'] : ['view'];
      break;
  }
  if (input.chatCreators && (input.role === 'member' || input.role === 'moderator')) {
    granted = withChatCreators(granted, input.role, input.chatCreators);
  }
  if (input.eventCreators && eventCreatorRoles[input.eventCreators].includes(input.role)) {
    granted = granted.includes('create_event') ? granted : [...granted, 'create_event'];
  }
  if (input.sanction === 'punished') {
    granted = granted.filter((ability) => readAbilities.includes(ability));
  }
  if (input.masquerading) {
    granted = granted.filter((ability) => ability !== 'settings_theme' && ability !== 'masquerade');
  }
  return [...granted];
}

/** The roles besides the managers that the event settings' `creators` let create events. */
export const eventCreatorRoles: Record<EventCreators, readonly AppRole[]> = {
  admins: [],
  moderators: ['moderator'],
  members: ['moderator', 'member'],
};

const chatCreation = {
  create_private_chat: 'privateChatCreators',
  create_group_chat: 'groupChatCreators',
  create_public_group_chat: 'publicGroupChatCreators',
} as const;
type ChatCreationAbility = keyof typeof chatCreation;
const chatCreationAbilities = Object.keys(chatCreation) as ChatCreationAbility[];
const isChatCreation = (ability: AppAbility): ability is ChatCreationAbility =>
  (chatCreationAbilities as readonly AppAbility[]).includes(ability);

/**
 * Members' and moderators' chat creation follows the app's chat settings (admins always may): a kind whose
 * setting leaves the role out is dropped, one that names it is added.
 */
function withChatCreators(
  granted: readonly AppAbility[],
  role: 'member' | 'moderator',
  creators: NonNullable<AppPolicyInput['chatCreators']>,
): AppAbility[] {
  const allows = (ability: ChatCreationAbility) => creators[chatCreation[ability]].includes(role);
  return [
    ...granted.filter((ability) => !isChatCreation(ability) || allows(ability)),
    ...chatCreationAbilities.filter((ability) => allows(ability) && !granted.includes(ability)),
  ];
}

/** The app role of a live profile (the owner flag wins over the member type). */
export function roleOfProfile(profile: { type: MemberType; isOwner: boolean }): AppRole {
  return profile.isOwner ? 'owner' : profile.type;
}

const roleStrength: Record<AppRole, number> = {
  owner: 6,
  admin: 5,
  team: 4,
  moderator: 3,
  member: 2,
  invited: 1,
  guest: 0,
};

export function strongerRole(a: AppRole, b: AppRole): AppRole {
  return roleStrength[a] >= roleStrength[b] ? a : b;
}

/** Admin-level roles manage members, settings and other admins' work. */
export function isManagerRole(role: AppRole): boolean {
  return role === 'owner' || role === 'admin' || role === 'team';
}
