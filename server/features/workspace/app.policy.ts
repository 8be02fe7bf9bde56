import type { ProfileRow } from './workspace.repo.ts';

/**
 * App abilities of spec §6 that this stage can decide from the caller's membership alone: members see the
 * app, its admins and owner also edit it. Guest access, plans and the rest of the list arrive with the
 * permission engine of the workspace issue, which replaces this function.
 */
export function appAbilitiesOf(profile: ProfileRow | undefined): string[] {
  if (!profile) {
    return [];
  }
  return profile.type === 'admin' || profile.isOwner ? ['view', 'edit'] : ['view'];
}
