import type { ProfileAbility } from '../../../contracts/profile.ts';
import type { ProfileRow } from '../workspace/public.ts';

type ProfileActor = { accountId: string };
type Permission = 'edit' | 'delete';
/** What a member does with their own profile; actions on other members live in members/member.policy.ts. */
export type OwnProfileAbility = Extract<ProfileAbility, 'view' | 'edit' | 'delete'>;

/*
 * Rules on one's own profile:
 * - view, edit: the person whose live profile it is;
 * - delete: that person, unless the profile is the app owner's (the app would lose its owner).
 */
const rules: Record<OwnProfileAbility, (actor: ProfileActor, profile: ProfileRow) => boolean> = {
  view: (actor, profile) => isOwn(actor, profile),
  edit: (actor, profile) => isOwn(actor, profile),
  delete: (actor, profile) => isOwn(actor, profile) && !profile.isOwner,
};

function isOwn(actor: ProfileActor, profile: ProfileRow): boolean {
  return profile.accountId === actor.accountId && profile.deletedAt === null;
}

/** `permissions.can` of a profile for this actor; `view` is implied by seeing it. */
export function profilePermissions(actor: ProfileActor, profile: ProfileRow): Permission[] {
  return (['edit', 'delete'] as const).filter((ability) => rules[ability](actor, profile));
}

/** Whether the actor sees the profile at all; the route scope answers 404 otherwise (existence never leaks). */
export function canSeeProfile(actor: ProfileActor, profile: ProfileRow): boolean {
  return rules.view(actor, profile);
}

/** What the actor may do with a profile it sees: the route scope's grant (a missing one is 403). */
export function ownProfileAbilities(actor: ProfileActor, profile: ProfileRow): OwnProfileAbility[] {
  return canSeeProfile(actor, profile) ? ['view', ...profilePermissions(actor, profile)] : [];
}
