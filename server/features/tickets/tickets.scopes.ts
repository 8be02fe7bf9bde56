import type { TicketAbility } from '../../../contracts/tickets.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadAppAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { ticketAbilities } from './tickets.policy.ts';
import { findTicket, type TicketRow } from './tickets.repo.ts';

/*
 * The ticket's route scope (issue 20): `ticket(:id)` loads the ticket, then the caller's access to its app as
 * the permission engine answers it (404 when the app is not visible, 403 for a refused masquerade), then the
 * ticket's abilities (tickets.policy.ts). A ticket the caller may not see is 404, as if it did not exist.
 */

export type TicketAccess = { app: AppAccess; ticket: TicketRow; can: TicketAbility[] };

export type TicketScopes = ReturnType<typeof createTicketScopes>;

export function createTicketScopes(db: DbOrTx) {
  return {
    ticket(param = 'id'): RouteScope<TicketAccess> {
      return {
        label: `ticket(:${param})`,
        subjects: ['ticket'],
        async resolve(request) {
          const ticket = await findTicket(db, paramOf(request, param));
          if (!ticket) {
            throw notFound();
          }
          const app = await loadAppAccess(db, request.actor, ticket.appId);
          const can = ticketAbilities(
            { profileId: app.profile?.id ?? null, appCan: app.can, isMasquerading: app.masquerade !== null },
            ticket,
          );
          if (can.length === 0) {
            throw notFound();
          }
          return { app, ticket, can };
        },
        abilities: (access) => access.can.map((name) => `ticket:${name}`),
      };
    },
  };
}
