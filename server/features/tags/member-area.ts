import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { loadAppAccess, type AppAccess } from '../workspace/access.ts';

/**
 * The caller's access to an app's member administration (tags, custom fields, invite links). The app itself
 * may be public, but what it keeps about its members is not: anyone without a role in the app (guests,
 * invited people who have not joined, people of other projects) gets the same 404 as for an unknown app.
 * Members without the needed ability then get 403 from `requireApp`.
 */
export async function loadMemberAreaAccess(db: DbOrTx, actor: Actor, appId: string): Promise<AppAccess> {
  const access = await loadAppAccess(db, actor, appId);
  if (access.role === 'guest' || access.role === 'invited') {
    throw notFound();
  }
  return access;
}
