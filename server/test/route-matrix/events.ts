import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the events (issue 18), written by hand from the rules
 * (docs/decisions/events.md "Model, access and edits") and not computed by events.policy.ts. The fixture's
 * event is a members-only weekly series written by the tenant's member (not the matrix's `member`, who is an
 * account of its own), without hosts; the `events` service is on (the default) and closed to guests. Members,
 * moderators and managers see it; those with a profile of their own and no sanction join, leave and comment;
 * the managers (owner, admins, the app-managing team) edit, delete and export its attendees. A punished member
 * only reads; guests, invited people and strangers get 404; a refused masquerade is 403 on every app scope.
 * The events' app scope (`events-app(:appId)`) is the app's column: with the fixture's default settings
 * (`creators: admins`) it grants exactly the app's abilities.
 *
 *   event   `event(:id)`: the fixture's event.
 */

export const eventColumns = { event: 'event' } as const;

export const eventScopeColumns = {
  'event(:id)': 'event',
  'events-app(:appId)': 'app',
} as const;

type EventHoldings = Partial<Record<keyof typeof eventColumns, Outcome>>;

const hidden: EventHoldings = { event: 'not-found' };
const refused: EventHoldings = { event: [] };
const participant: EventHoldings = { event: ['view', 'join', 'leave', 'comment'] };
const manager: EventHoldings = {
  event: ['view', 'join', 'leave', 'comment', 'edit', 'delete', 'export_attendees'],
};
const managerWithoutProfile: EventHoldings = { event: ['view', 'edit', 'delete', 'export_attendees'] };

export const eventHoldingsOf: Record<Role, EventHoldings> = {
  owner: manager,
  admin: manager,
  moderator: participant,
  member: participant,
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': { event: ['view'] },
  'team member': managerWithoutProfile,
  'pending team member': hidden,
  'admin as member': participant,
  'admin as owner': refused,
  'admin as admin': refused,
  'team member as owner': refused,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': managerWithoutProfile,
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
