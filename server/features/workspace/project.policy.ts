import { abilitiesBySubject, type AbilityName } from '../../../contracts/abilities.ts';
import type { TeamSettings } from '../../db/schema/index.ts';

export type ProjectAbility = AbilityName<'project'>;

/** Team settings a project starts with: the team helps with everything but money and the team itself. */
export const defaultTeamSettings: Required<TeamSettings> = {
  canEditProject: false,
  canManageApps: true,
  canViewFiles: true,
  canManagePlans: false,
  canManagePaymentProviders: false,
};

export function teamSettingsOf(stored: TeamSettings): Required<TeamSettings> {
  return { ...defaultTeamSettings, ...stored };
}

/**
 * Project abilities (spec §6 "Project") on the service host. Rules:
 * - the project's owner: everything;
 * - an active team member: view, view apps, and what the team settings allow (edit, apps, files, plans,
 *   payment providers); managing the team stays with the owner;
 * - pending or inactive team members and everyone else: nothing (the project is not visible: 404).
 */
export function projectAbilities(input: {
  isOwner: boolean;
  isActiveTeamMember: boolean;
  teamSettings: TeamSettings;
}): ProjectAbility[] {
  if (input.isOwner) {
    return [...abilitiesBySubject.project];
  }
  if (!input.isActiveTeamMember) {
    return [];
  }
  const settings = teamSettingsOf(input.teamSettings);
  const granted: ProjectAbility[] = ['view', 'view_apps'];
  if (settings.canEditProject) {
    granted.push('edit');
  }
  if (settings.canManageApps) {
    granted.push('apps');
  }
  if (settings.canViewFiles) {
    granted.push('view_files');
  }
  if (settings.canManagePlans) {
    granted.push('create_plan');
  }
  if (settings.canManagePaymentProviders) {
    granted.push('payment_provider');
  }
  return granted;
}
