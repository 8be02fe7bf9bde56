import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { spacesModeratedBy } from '../community/public.ts';
import { loadMemberAreaAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { findItem, type ItemRow } from './items.repo.ts';
import { needsSpaces, reachOf, reaches, type ModerationReach } from './moderation.policy.ts';

/*
 * The scope of the calls on one inbox item (`/moderation/{id}/…`): the item's app as its member area (404 for
 * anyone without a role there), the app's abilities — and 404 when the caller's reach (moderation.policy.ts)
 * does not cover the item, so a moderator never learns of items of spaces they do not moderate.
 */

export type ItemAccess = { app: AppAccess; item: ItemRow; reach: ModerationReach };

/** The part of the app's inbox the caller reaches (only asked of callers with the `moderation` ability). */
export async function reachOfCaller(db: DbOrTx, app: AppAccess): Promise<ModerationReach> {
  if (!needsSpaces(app.role) || !app.profile) {
    return reachOf(app.role, []);
  }
  return reachOf(app.role, await spacesModeratedBy(db, app.app.id, app.profile.id));
}

export function moderationItemScope(db: DbOrTx, param = 'id'): RouteScope<ItemAccess> {
  return {
    label: `moderation-item(:${param})`,
    subjects: ['app'],
    async resolve(request) {
      const item = await findItem(db, paramOf(request, param));
      if (!item) {
        throw notFound();
      }
      const app = await loadMemberAreaAccess(db, request.actor, item.appId);
      if (!app.can.includes('moderation')) {
        // Refused below with 403: the caller has no inbox at all.
        return { app, item, reach: reachOf(app.role, []) };
      }
      const reach = await reachOfCaller(db, app);
      if (!reaches(reach, item)) {
        throw notFound();
      }
      return { app, item, reach };
    },
    abilities: ({ app, item, reach }) =>
      app.can.includes('moderation') && reaches(reach, item) ? ['app:moderation'] : [],
  };
}
