import type { AbilityName } from '../../../contracts/abilities.ts';
import type { ProjectAccess } from '../workspace/access.ts';
import type { TeamMemberRow } from './team.repo.ts';

export type TeamMemberAbility = AbilityName<'team_member'>;

/*
 * Rules on one team row (`permissions.can`), for a caller who sees the project:
 * - delete: whoever manages the team (project `team`: the owner);
 * - edit (pause / resume): the same, once the person has accepted (a pending invitation has no status to set).
 */
export function teamMemberPermissions(
  access: ProjectAccess,
  member: Pick<TeamMemberRow, 'status'>,
): TeamMemberAbility[] {
  if (!access.can.includes('team')) {
    return [];
  }
  return member.status === 'pending' ? ['delete'] : ['edit', 'delete'];
}
