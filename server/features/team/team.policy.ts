import type { AbilityName } from '../../../contracts/abilities.ts';
import type { ProjectAccess } from '../workspace/public.ts';
import type { TeamMemberRow } from './team.repo.ts';

export type TeamMemberAbility = AbilityName<'team_member'>;

/*
 * Rules on the team's rows, for a caller who sees the project:
 * - delete: whoever manages the team (project `team`: the owner);
 * - edit (pause / resume): the same, once the person has accepted (a pending invitation has no status to set).
 */

/** What the caller may do with the project's team rows in general (the route scope's grant). */
export function teamMemberAbilities(access: Pick<ProjectAccess, 'can'>): TeamMemberAbility[] {
  return access.can.includes('team') ? ['edit', 'delete'] : [];
}

/** `permissions.can` of one row: pending invitations can only be withdrawn. */
export function teamMemberPermissions(
  access: Pick<ProjectAccess, 'can'>,
  member: Pick<TeamMemberRow, 'status'>,
): TeamMemberAbility[] {
  const granted = teamMemberAbilities(access);
  return member.status === 'pending' ? granted.filter((ability) => ability === 'delete') : granted;
}
