import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the calls on one support ticket (issue 20, `ticket(:id)`), written by hand
 * from the rules (docs/decisions/tickets.md) and not computed by tickets.policy.ts. The fixture's ticket was
 * opened by the tenant's member, who is none of the matrix's roles (the matrix's member is a profile of its own):
 * to every member — and an admin masquerading as one — it is another member's ticket, invisible (404). The app's
 * team — its owner, admins and the project's app-managing team — sees every ticket, enters its chat and changes
 * its status. Moderators and everyone without a role in the app do not see it (404); a refused masquerade answers
 * 403 on the app access. The requester's own view and rating are tested in tickets.test.ts.
 */

export const ticketColumns = { ticket: 'ticket' } as const;

export const ticketScopeColumns = { 'ticket(:id)': 'ticket' } as const;

type TicketHoldings = Partial<Record<keyof typeof ticketColumns, Outcome>>;

const team: TicketHoldings = { ticket: ['view', 'join', 'status'] };
const hidden: TicketHoldings = { ticket: 'not-found' };
const refused: TicketHoldings = { ticket: [] };

export const ticketHoldingsOf: Record<Role, TicketHoldings> = {
  owner: team,
  admin: team,
  moderator: hidden,
  member: hidden,
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': hidden,
  'team member': team,
  'pending team member': hidden,
  'admin as member': hidden,
  'admin as owner': refused,
  'admin as admin': refused,
  'team member as owner': refused,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': team,
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
