import { validationKeys } from '../../../contracts/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { registerServiceSettingsCheck } from '../apps/public.ts';
import { assertCommunityIds } from '../community/public.ts';
import { findOwnTagIds } from '../tags/public.ts';

/*
 * The rewards settings (`PATCH /apps/{appId}/rewards/settings`, also answered as `gamification/settings`) are
 * stored by the apps feature; the ids they name are checked here: excluded tags must be the app's own tags,
 * excluded groups its community groups (400 naming the field).
 */
async function checkRewardsSettings(db: DbOrTx, appId: string, values: Record<string, unknown>) {
  const tagIds = [...new Set((values.excludedTagIds as string[] | undefined) ?? [])];
  if (tagIds.length > 0 && (await findOwnTagIds(db, appId, tagIds)).length !== tagIds.length) {
    throw badRequest({ excludedTagIds: validationKeys.invalidValue });
  }
  const groupIds = (values.excludedGroupIds as string[] | undefined) ?? [];
  if (groupIds.length > 0) {
    await assertCommunityIds(db, appId, { groupIds }, { groupIds: 'excludedGroupIds', spaceIds: 'spaceIds' });
  }
}

export function registerRewardsSettingsCheck(): void {
  registerServiceSettingsCheck('rewards', checkRewardsSettings);
}
