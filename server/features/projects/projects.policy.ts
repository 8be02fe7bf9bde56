import type { ProjectAbility, ProjectAccess } from '../workspace/public.ts';

/*
 * Project rules beyond the abilities of project.policy.ts:
 * - archiving and restoring change what every member of the project sees, so only the owner decides them:
 *   a team member allowed to edit the project still may not (403).
 */
export function ownerDecisionAbilities(access: Pick<ProjectAccess, 'isOwner' | 'can'>): ProjectAbility[] {
  return access.isOwner ? [...access.can] : [];
}
