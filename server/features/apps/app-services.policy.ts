import type { AbilityName } from '../../../contracts/abilities.ts';
import type { AppService } from '../../../contracts/workspace.ts';
import { isAppManager, type AppAccess } from '../workspace/public.ts';

export type ServiceAbility = AbilityName<'service'>;

/*
 * Rules on one service of an app (spec §6):
 * - view (its settings load): the app's managers (owner, admins, app-managing team), and for the communities
 *   service everyone who sees the app;
 * - edit: whoever may change the app's settings (`settings_app`).
 */
export function serviceAbilities(access: AppAccess, service: AppService): ServiceAbility[] {
  const granted: ServiceAbility[] = [];
  if (isAppManager(access) || (service === 'communities' && access.can.includes('view'))) {
    granted.push('view');
  }
  if (access.can.includes('settings_app')) {
    granted.push('edit');
  }
  return granted;
}
