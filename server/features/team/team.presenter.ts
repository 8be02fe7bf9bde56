import type { TeamInvitation, TeamMember } from '../../../contracts/team.ts';
import type { TeamMemberAbility } from './team.policy.ts';
import type { TeamMemberWithNames } from './team.repo.ts';

export function presentTeamMember(row: TeamMemberWithNames, can: TeamMemberAbility[]): TeamMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    permissions: { can },
  };
}

export function presentTeamInvitation(row: {
  id: string;
  projectId: string;
  projectName: string;
  createdAt: Date;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}): TeamInvitation {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    invitedBy:
      row.inviterFirstName === null
        ? null
        : { firstName: row.inviterFirstName, lastName: row.inviterLastName ?? '' },
    createdAt: row.createdAt.toISOString(),
  };
}
