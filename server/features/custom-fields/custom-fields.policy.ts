import type { AbilityName } from '../../../contracts/abilities.ts';
import type { AppAccess } from '../workspace/public.ts';

export type CustomFieldAbility = AbilityName<'custom_field'>;

/**
 * Custom-field rules: the members of an app see its fields (they fill them in on their profile form, the
 * route asks `app:view`); the app settings (`settings_app`: owner, admins, team) create, edit, reorder and
 * delete them.
 */
export function customFieldAbilities(access: AppAccess): CustomFieldAbility[] {
  return access.can.includes('settings_app') ? ['edit', 'delete', 'move'] : [];
}
