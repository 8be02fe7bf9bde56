import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadMemberAreaAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { invitationLinkAbilities } from './invitation-links.policy.ts';
import { findLinkById, type InvitationLinkRow } from './invitation-links.repo.ts';

export type InvitationLinkScopeAccess = { app: AppAccess; link: InvitationLinkRow };

/** The invite link of `:id` and the caller's access to its app's member area (404 when either is not visible). */
export function invitationLinkScope(db: Db): RouteScope<InvitationLinkScopeAccess> {
  return {
    label: 'invitation-link(:id)',
    subjects: ['invitation'],
    async resolve(request) {
      const link = await findLinkById(db, paramOf(request, 'id'));
      if (!link) {
        throw notFound();
      }
      return { app: await loadMemberAreaAccess(db, request.actor, link.appId), link };
    },
    abilities: ({ app }) => invitationLinkAbilities(app).map((ability) => `invitation:${ability}`),
  };
}
