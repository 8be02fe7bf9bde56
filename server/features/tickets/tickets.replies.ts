import type { Db } from '../../db/client.ts';
import type { ChatMessageSent } from '../../platform/features.ts';
import type { TicketEvents } from './tickets.events.ts';
import { accountIdOfProfile, findTicketByChat, lockTicket, updateTicket } from './tickets.repo.ts';
import { changeStatus } from './tickets.transitions.ts';

/*
 * What a message in a support chat means for its ticket (issue 20), heard after the message committed through
 * the tickets manifest's `onChatMessageSent` (the chat cannot know the tickets):
 *
 * - the member who asked wrote: the ticket is active again (it moves up the team's lists); a completed ticket
 *   reopens as `new` — it needs the team's eyes again — recorded as a status change without a team account;
 * - anyone else (the team) wrote: the first such answer stops the first-response clock, and a `new` ticket
 *   moves to `work`, recorded with the writer's account.
 *
 * Each runs in its own transaction with the ticket locked, so two messages at once take turns.
 */
export function ticketReplies(deps: { db: Db; events: TicketEvents; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return async (event: ChatMessageSent): Promise<void> => {
    if (event.chatKind !== 'support') {
      return;
    }
    const known = await findTicketByChat(deps.db, event.chatId);
    if (!known) {
      return;
    }
    const changed = await deps.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, known.id);
      if (!ticket) {
        return null;
      }
      const at = now();
      if (event.authorProfileId === ticket.requesterProfileId) {
        await updateTicket(tx, ticket.id, { lastMemberMessageAt: at, updatedAt: at });
        return ticket.status === 'completed'
          ? changeStatus(tx, ticket, 'new', { accountId: null }, at)
          : null;
      }
      await updateTicket(tx, ticket.id, {
        lastTeamMessageAt: at,
        updatedAt: at,
        ...(ticket.firstResponseAt ? {} : { firstResponseAt: at }),
      });
      if (ticket.status === 'new') {
        const writer = await accountIdOfProfile(tx, event.authorProfileId);
        return changeStatus(
          tx,
          { ...ticket, firstResponseAt: ticket.firstResponseAt ?? at },
          'work',
          { accountId: writer ?? null },
          at,
        );
      }
      return ticket.firstResponseAt ? null : { ...ticket, firstResponseAt: at };
    });
    if (changed) {
      deps.events.updated(changed);
    }
  };
}
