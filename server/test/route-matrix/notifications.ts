import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the notification list (issue 16), written from the rule: the list and
 * the badge are the caller's own, in an app where the caller has a live profile (whatever their role or
 * sanction, and a masquerading admin's stay the admin's); an item by id only for the person it belongs to —
 * the fixture's item is the tenant's member's, whom no matrix role is, so every role finds nothing (404). The
 * owner reading it is server/features/notifications/notifications.test.ts.
 */

export const notificationColumns = {
  'own notifications': 'notification',
  'own notification item': 'notification',
} as const;

export const notificationScopeColumns = {
  'own-notifications(:appId)': 'own notifications',
  'own-notification(:id)': 'own notification item',
} as const;

type NotificationHoldings = Partial<Record<keyof typeof notificationColumns, Outcome>>;

const own = ['view', 'read'] as const;
const listOnly: NotificationHoldings = { 'own notifications': own, 'own notification item': 'not-found' };
const nothing: NotificationHoldings = {
  'own notifications': 'not-found',
  'own notification item': 'not-found',
};

export const notificationHoldingsOf: Record<Role, NotificationHoldings> = {
  owner: listOnly,
  admin: listOnly,
  moderator: listOnly,
  member: listOnly,
  invited: listOnly,
  guest: nothing,
  'signed-in stranger': nothing,
  'blocked member': listOnly,
  'punished member': listOnly,
  'team member': nothing,
  'pending team member': nothing,
  'admin as member': listOnly,
  'admin as owner': listOnly,
  'admin as admin': listOnly,
  'team member as owner': nothing,
  'team: no rights': nothing,
  'team: only edit': nothing,
  'team: only apps': nothing,
  'team: only files': nothing,
  'team: only plans': nothing,
  'team: only payment providers': nothing,
};
