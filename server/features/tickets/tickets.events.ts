import { ticketEvents, type TicketUpdatePayload } from '../../../contracts/tickets.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { TicketRow } from './tickets.repo.ts';

/*
 * What the tickets tell sockets, after commit (GAPS 6, contracts/tickets.ts `ticketEvents`): a changed ticket to
 * its support chat's room, where the member and the team members in the chat listen (RULE-41: both sides
 * mirror a status change at once).
 */

export type TicketEvents = ReturnType<typeof createTicketEvents>;

export function createTicketEvents(deps: { realtime: Realtime }) {
  return {
    updated(ticket: Pick<TicketRow, 'id' | 'chatId' | 'appId' | 'status' | 'statusChangedAt'>) {
      const payload: TicketUpdatePayload = {
        id: ticket.id,
        chatId: ticket.chatId,
        appId: ticket.appId,
        status: ticket.status,
        statusChangedAt: ticket.statusChangedAt.toISOString(),
      };
      deps.realtime.emit(`chat:${ticket.chatId}`, ticketEvents.update, payload);
    },
  };
}
