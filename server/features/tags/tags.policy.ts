import type { AbilityName } from '../../../contracts/abilities.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppAccess } from '../workspace/public.ts';
import type { TagRow } from './tags.repo.ts';

export type TagAbility = AbilityName<'tag'>;

/**
 * Tag rules:
 * - seeing the tags (with their member counts) is member administration: `view_profiles` together with the
 *   members settings, so owners, admins, app-managing team members and moderators;
 * - whoever may create tags (`create_tag`: owner, admins, team) may edit and delete the app's own tags;
 * - the default tags (blocked, punished) are never edited or deleted: their `can` is empty.
 */
export function tagPermissions(access: AppAccess, tag: Pick<TagRow, 'kind'>): TagAbility[] {
  return tag.kind === null ? tagAbilities(access) : [];
}

/** What the caller may do with the app's tags in general (the route scope's grant): managers edit them. */
export function tagAbilities(access: AppAccess): TagAbility[] {
  return access.can.includes('create_tag') && access.can.includes('settings_members')
    ? ['edit', 'delete']
    : [];
}

/** The owner lock: 409 DEFAULT_TAG_LOCKED for the default tags (the route has already checked the ability). */
export function requireOwnTag(tag: Pick<TagRow, 'kind'>): void {
  if (tag.kind !== null) {
    throw new AppError(409, errorCodes.defaultTagLocked);
  }
}
