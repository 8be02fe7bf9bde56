import { abilitiesBySubject } from '../../contracts/abilities.ts';

/*
 * The app abilities each role holds (spec §6 "App"), written by hand for the permission matrix and the route
 * matrix: an independent statement of what app.policy.ts must compute, never derived from it.
 */

/** The list without some names. */
export const without = (list: readonly string[], ...names: string[]) =>
  list.filter((name) => !names.includes(name));

export const appOwner: readonly string[] = abilitiesBySubject.app;
/** Admins and app-managing team members: everything but the theme editor (the owner's alone). */
export const appAdmin = without(appOwner, 'settings_theme');
/** Members see the app and its content, talk and keep files. */
export const appMember = [
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
/** Punished members: reading only. */
export const appRead = without(appMember, 'create_private_chat', 'create_group_chat', 'create_ticket', 'spend_points');
/** Moderators: a member's abilities plus moderation and the members settings. */
export const appModerator = [
  ...appMember,
  'moderation',
  'settings_moderation',
  'settings_switcher',
  'settings_members',
  'view_invitations',
  'create_public_group_chat',
];
/** Guests, strangers and invited people: the app's shell (no `registration` until apps accept sign-ups). */
export const appVisitor = ['view'];
