import type { AbilityName } from '../../../contracts/abilities.ts';
import type { ProjectAccess } from '../workspace/access.ts';

export type ContactAbility = AbilityName<'contact'>;
export type ContactFacts = { isOwner: boolean; isOnTeam: boolean };

/*
 * Rules on a contact, for a caller who sees the project:
 * - view: everyone who sees the project (owner, active team);
 * - delete: whoever may edit the project (the owner, team members with canEditProject), except the owner's
 *   own contact and contacts still on the team (the team is the owner's to change).
 */
export function contactPermissions(access: ProjectAccess, facts: ContactFacts): ContactAbility[] {
  const deletable = access.can.includes('edit') && !facts.isOwner && !facts.isOnTeam;
  return deletable ? ['view', 'delete'] : ['view'];
}
