import type { Db } from '../../db/client.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadProjectAccess, paramOf, type ProjectAccess } from '../workspace/public.ts';
import { ownerDecisionAbilities } from './projects.policy.ts';

/**
 * The project of `:id` for the owner's own decisions (archive, restore): visible like the project scope
 * (404 to anyone but the owner and the active team), but it grants abilities to the owner only.
 */
export function projectOwnerScope(db: Db): RouteScope<ProjectAccess> {
  return {
    label: 'project-owner(:id)',
    subjects: ['project'],
    resolve: (request) => loadProjectAccess(db, request.actor, paramOf(request, 'id')),
    abilities: (access) => ownerDecisionAbilities(access).map((ability) => `project:${ability}`),
  };
}
