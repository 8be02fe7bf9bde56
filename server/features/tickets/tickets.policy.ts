import type { TicketAbility } from '../../../contracts/tickets.ts';
import type { AppAbility } from '../workspace/public.ts';

/*
 * Who may do what with a support ticket (issue 20, docs/decisions/tickets.md). Pure predicates over loaded data;
 * the scope (tickets.scopes.ts) loads it, the platform checks a route's ability against the answer, and the
 * presenter hands the same list to the client in `permissions.can`.
 *
 * - The app's team (`app:tickets`: the owner, admins and the project's app-managing team; not moderators) sees
 *   every ticket of the app, enters its chat (`join`) and changes its status (`status`).
 * - The member who asked sees their own ticket and answers the satisfaction question (`rate`; whether it is
 *   open now is the service's rule). An admin masquerading as them only reads.
 * - Anyone else does not see it (404).
 */

export type TicketActor = {
  profileId: string | null;
  appCan: readonly AppAbility[];
  isMasquerading: boolean;
};

export function ticketAbilities(actor: TicketActor, ticket: { requesterProfileId: string }): TicketAbility[] {
  if (actor.appCan.includes('tickets')) {
    return ['view', 'join', 'status'];
  }
  if (actor.profileId !== null && actor.profileId === ticket.requesterProfileId) {
    return actor.isMasquerading ? ['view'] : ['view', 'rate'];
  }
  return [];
}
