import type { AbilityName } from '../../../contracts/abilities.ts';
import { isAppManager, type AppAccess, type ProjectAccess } from '../workspace/public.ts';

export type ContactAbility = AbilityName<'contact'>;
export type ContactFacts = { isOwner: boolean; isOnTeam: boolean };

/*
 * Rules on a contact, for a caller who sees the project:
 * - view: everyone who sees the project (owner, active team);
 * - delete: whoever may edit the project (the owner, team members with canEditProject), except the owner's
 *   own contact and contacts still on the team (the team is the owner's to change).
 */

/** What the caller may do with the project's contacts in general (the route scope's grant). */
export function contactAbilities(access: Pick<ProjectAccess, 'can'>): ContactAbility[] {
  return access.can.includes('edit') ? ['view', 'delete'] : ['view'];
}

/** `permissions.can` of one contact: the owner's contact and the team's stay. */
export function contactPermissions(
  access: Pick<ProjectAccess, 'can'>,
  facts: ContactFacts,
): ContactAbility[] {
  const locked = facts.isOwner || facts.isOnTeam;
  return contactAbilities(access).filter((ability) => ability === 'view' || !locked);
}

export type GeneralProfileAbility = Extract<AbilityName<'profile'>, 'view_general' | 'edit'>;

/*
 * The project-level view of a member (contacts/{memberId}):
 * - view_general: whoever sees the project (owner, active team) or manages the member's app;
 * - edit: whoever may edit the project or manages the app.
 */
export function generalProfileAbilities(access: {
  project: Pick<ProjectAccess, 'can'> | null;
  app: AppAccess;
}): GeneralProfileAbility[] {
  const manager = isAppManager(access.app);
  if (!access.project && !manager) {
    return [];
  }
  return manager || access.project?.can.includes('edit') ? ['view_general', 'edit'] : ['view_general'];
}
