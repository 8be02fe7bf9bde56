import type { TicketStatus } from '../../../contracts/tickets.ts';
import type { DbOrTx } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { insertStatusChange, updateTicket, type TicketRow } from './tickets.repo.ts';

/*
 * One status change of a ticket (spec §4, issue 20): new → work → on_pause → completed, any move allowed to the
 * team, and a member's reply that reopens a completed ticket. The row keeps when the status changed, since when
 * it is paused and the paused seconds before (the clocks themselves are computed from the recorded changes,
 * tickets.clocks.ts); completing stamps `completed_at`; a reopen clears it and the resolution clock's warning,
 * since that clock starts again.
 */
export async function changeStatus(
  tx: DbOrTx,
  ticket: TicketRow,
  to: TicketStatus,
  by: { accountId: string | null },
  now: Date,
): Promise<TicketRow> {
  const values: Partial<TicketRow> = { status: to, statusChangedAt: now, updatedAt: now };
  if (ticket.status === 'on_pause' && ticket.pausedSince) {
    values.pausedSeconds =
      ticket.pausedSeconds + Math.max(0, Math.floor((now.getTime() - ticket.pausedSince.getTime()) / 1000));
    values.pausedSince = null;
  }
  if (to === 'on_pause') {
    values.pausedSince = now;
  }
  if (to === 'completed') {
    values.completedAt = now;
  } else if (ticket.status === 'completed') {
    values.completedAt = null;
    values.resolutionWarnedAt = null;
  }
  await updateTicket(tx, ticket.id, values);
  await insertStatusChange(tx, {
    id: newId(),
    ticketId: ticket.id,
    fromStatus: ticket.status,
    toStatus: to,
    changedByAccountId: by.accountId,
    createdAt: now,
  });
  return { ...ticket, ...values };
}
