import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadMemberAreaAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { canViewMember, memberRouteAbilities } from './member.policy.ts';
import { findMember, type MemberRow } from './members.repo.ts';

export type MemberScopeAccess = { app: AppAccess; member: MemberRow };

/**
 * The member (live profile) of `:id` and the caller's access to its app's member area: 404 when either is not
 * visible, also for an invited person a plain member may not see; 403 (no `profile:view`) without
 * `app:view_profiles`, as for a blocked member.
 */
export function memberScope(db: Db): RouteScope<MemberScopeAccess> {
  return {
    label: 'member(:id)',
    subjects: ['profile'],
    async resolve(request) {
      const member = await findMember(db, paramOf(request, 'id'));
      if (!member) {
        throw notFound();
      }
      const app = await loadMemberAreaAccess(db, request.actor, member.appId);
      if (app.can.includes('view_profiles') && !canViewMember(app, member)) {
        throw notFound();
      }
      return { app, member };
    },
    abilities: ({ app, member }) => memberRouteAbilities(app, member).map((ability) => `profile:${ability}`),
  };
}
