import type { DbOrTx } from '../../db/client.ts';
import { assertLevel } from '../gamification/public.ts';
import type { SpaceAccess } from './community.access.ts';

/*
 * A space's level gate (issue 21): below the level the space asks for, its posts stay closed and joining or
 * writing is refused (403 LEVEL_REQUIRED with the level). Checked where the space is opened, never kept in the
 * community's cached standings: a member's points change with every action. Whoever may edit the space passes.
 */
export async function assertSpaceLevel(db: DbOrTx, access: SpaceAccess): Promise<void> {
  await assertLevel(db, {
    appId: access.space.appId,
    profileId: access.actor.profileId,
    requiredStatusId: access.space.requiredStatusId,
    manages: access.can.includes('edit'),
  });
}
