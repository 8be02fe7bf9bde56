import type { ProfileAbility } from '../../../contracts/profile.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { ProfileRow } from '../workspace/workspace.repo.ts';

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

/** 404 when the actor may not see the profile (existence never leaks), 403 when seeing is all it may do. */
export function authorizeProfile(
  actor: ProfileActor,
  profile: ProfileRow | undefined,
  ability: OwnProfileAbility,
): asserts profile is ProfileRow {
  if (!profile || !rules.view(actor, profile)) {
    throw notFound();
  }
  if (!rules[ability](actor, profile)) {
    throw forbidden();
  }
}
