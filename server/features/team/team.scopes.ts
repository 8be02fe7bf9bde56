import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadProjectAccess, paramOf, type ProjectAccess } from '../workspace/public.ts';
import { teamMemberAbilities } from './team.policy.ts';
import { findTeamMemberById, type TeamMemberRow } from './team.repo.ts';

export type TeamMemberScopeAccess = { project: ProjectAccess; member: TeamMemberRow };

/** The team row of `:teamMemberId` and the caller's access to its project (404 when either is not visible). */
export function teamMemberScope(db: Db): RouteScope<TeamMemberScopeAccess> {
  return {
    label: 'team-member(:teamMemberId)',
    subjects: ['team_member'],
    async resolve(request) {
      const member = await findTeamMemberById(db, paramOf(request, 'teamMemberId'));
      if (!member) {
        throw notFound();
      }
      return { project: await loadProjectAccess(db, request.actor, member.projectId), member };
    },
    abilities: ({ project }) => teamMemberAbilities(project).map((ability) => `team_member:${ability}`),
  };
}
