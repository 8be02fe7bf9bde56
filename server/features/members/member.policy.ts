import type { MemberAbility } from '../../../contracts/members.ts';
import { forbidden } from '../../platform/errors.ts';
import { isAppManager, mayMasqueradeAs, roleOfProfile, type AppAccess } from '../workspace/public.ts';

/** What the rules need of the member looked at. */
export type MemberTarget = {
  id: string;
  type: 'member' | 'invited' | 'moderator' | 'admin';
  isOwner: boolean;
};

/** Admins (owner, admin, app-managing team) and moderators: they see e-mails, invited people and all filters. */
export const isStaff = (access: AppAccess) => isAppManager(access) || access.role === 'moderator';

/** The caller's own profile in the app (while masquerading: the viewed member's). */
const ownProfileId = (access: AppAccess) => access.profile?.id ?? null;
const isSelf = (access: AppAccess, target: MemberTarget) => ownProfileId(access) === target.id;
/** The owner role (project owner or the app's owner profile) is the only one that changes the owner's profile. */
const callerIsOwner = (access: AppAccess) => access.role === 'owner';

/*
 * Rules on another member of the same app (the caller's own profile has its own routes under
 * /apps/{appId}/profile):
 * - view: anyone with app:view_profiles; `invited` people only for admins and moderators;
 * - edit (admin form: type, tags, moderator ids, plans, flags): admins; the owner's profile only by the owner;
 * - moderate (block, punish): admins on anyone but themselves and the owner; moderators on members only;
 * - delete: admins, never the owner's profile, never themselves (they leave through their own profile);
 * - resend_invitation: whoever may invite (app:settings_members), `invited` people only;
 * - masquerade: what the permission engine allows (`mayMasqueradeAs`): app:masquerade, never oneself, an
 *   invited person or the owner, another admin only by the owner;
 * - view_general: admins;
 * - follow: a live, unsanctioned, non-invited profile of the caller in the app (not while masquerading), not
 *   oneself.
 */
const rules: Record<MemberAbility, (access: AppAccess, target: MemberTarget) => boolean> = {
  edit: (access, target) => isAppManager(access) && (!target.isOwner || callerIsOwner(access)),
  moderate: (access, target) =>
    !isSelf(access, target) &&
    !target.isOwner &&
    (isAppManager(access) ||
      (access.role === 'moderator' && (target.type === 'member' || target.type === 'invited'))),
  delete: (access, target) => isAppManager(access) && !target.isOwner && !isSelf(access, target),
  resend_invitation: (access, target) => access.can.includes('settings_members') && target.type === 'invited',
  masquerade: (access, target) =>
    access.can.includes('masquerade') &&
    mayMasqueradeAs(access.role, isSelf(access, target), roleOfProfile(target)),
  view_general: (access) => isAppManager(access),
  follow: (access, target) =>
    access.profile !== undefined &&
    access.masquerade === null &&
    access.profile.type !== 'invited' &&
    access.sanction === null &&
    !isSelf(access, target) &&
    target.type !== 'invited',
};

export function canViewMember(access: AppAccess, target: MemberTarget): boolean {
  return access.can.includes('view_profiles') && (target.type !== 'invited' || isStaff(access));
}

/** `permissions.can` of a member for the caller. */
export function memberPermissions(access: AppAccess, target: MemberTarget): MemberAbility[] {
  return (Object.keys(rules) as MemberAbility[]).filter((ability) => rules[ability](access, target));
}

export function can(access: AppAccess, target: MemberTarget, ability: MemberAbility): boolean {
  return rules[ability](access, target);
}

/** 403 unless the caller may do this to this member (the route has already checked its own grant). */
export function requireMember(access: AppAccess, target: MemberTarget, ability: MemberAbility): void {
  if (!rules[ability](access, target)) {
    throw forbidden();
  }
}

/*
 * What the member routes check before the handler (the member scope's grant): seeing the member, and whether
 * the caller does this kind of thing in the app at all. The rules above that depend on the member or on the
 * request stay in the service, so their answers keep their order: the owner lock (409) before "not oneself"
 * and "moderators on members only" (403), following oneself is bad input (400).
 * - moderate: the member admin form as a whole (admins edit it, moderators block and punish);
 * - follow and unfollow: the caller's own profile, not while masquerading.
 */
const routeRules: Record<
  Exclude<MemberAbility, 'masquerade' | 'view_general'>,
  (access: AppAccess) => boolean
> = {
  edit: isAppManager,
  moderate: isStaff,
  delete: isAppManager,
  resend_invitation: (access) => access.can.includes('settings_members'),
  follow: (access) => access.profile !== undefined && access.masquerade === null,
};

export function memberRouteAbilities(access: AppAccess, target: MemberTarget): ('view' | MemberAbility)[] {
  if (!canViewMember(access, target)) {
    return [];
  }
  const granted = (Object.keys(routeRules) as (keyof typeof routeRules)[]).filter((ability) =>
    routeRules[ability](access),
  );
  return ['view', ...granted];
}
