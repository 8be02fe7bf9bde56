import type { AbilityName } from '../../../contracts/abilities.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { requireApp, type AppAccess } from '../workspace/access.ts';
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
  return tag.kind === null && access.can.includes('create_tag') ? ['edit', 'delete'] : [];
}

export function requireTagsVisible(access: AppAccess): void {
  requireApp(access, 'view_profiles');
  requireApp(access, 'settings_members');
}

/** 403 without the ability; 409 DEFAULT_TAG_LOCKED for the default tags. */
export function authorizeTag(access: AppAccess, tag: Pick<TagRow, 'kind'>, ability: TagAbility): void {
  requireApp(access, 'create_tag');
  if (tag.kind !== null) {
    throw new AppError(409, errorCodes.defaultTagLocked);
  }
  if (!tagPermissions(access, tag).includes(ability)) {
    throw new AppError(403, errorCodes.forbidden);
  }
}
