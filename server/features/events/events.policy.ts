import type { AbilityName } from '../../../contracts/abilities.ts';
import type { EventAccess } from '../../../contracts/events.ts';
import type { AppRole, Sanction } from '../workspace/public.ts';

/*
 * The events' rules (issue 18, docs/decisions/events.md "Model, access and edits"), pure predicates over loaded
 * data:
 *   - the service: on, events are seen by whoever holds the app's `view_events` (members, moderators, managers;
 *     read-only when punished), and by guests and invited people when its `isVisibleToGuests` setting is on —
 *     those see `free` events only; off, only the app's managers see it;
 *   - creating: the app's managers always; moderators when the settings' `creators` is moderators or members;
 *     members when it is members;
 *   - an event: edited and deleted by its author, its hosts and the app's managers (a sanctioned author or host
 *     loses that); joined, left and commented on by members who see it, unsanctioned; its attendee list and
 *     export belong to those who may edit it.
 * A blocked member sees nothing.
 */

export type EventAbility = AbilityName<'event'>;

export type EventsActor = {
  role: AppRole;
  sanction: Sanction;
  profileId: string | null;
  /** The `events` service is switched on. */
  serviceOn: boolean;
  /** The service lets guests look at its free events. */
  guestsMayView: boolean;
  /** Holds the app's `view_events`. */
  viewsEvents: boolean;
};

export type EventFacts = {
  access: EventAccess;
  authorProfileId: string | null;
  hostIds: readonly string[];
};

const managerRoles: readonly AppRole[] = ['owner', 'admin', 'team'];

export const isEventsManager = (actor: EventsActor) =>
  managerRoles.includes(actor.role) && actor.sanction !== 'blocked';

/** A member of the app who may take part (join, comment): not a guest, not invited, not sanctioned. */
const takesPart = (actor: EventsActor) =>
  actor.viewsEvents && actor.profileId !== null && actor.sanction === null && actor.role !== 'invited';

/** Whether the caller sees the events service at all (else 404 everywhere in it). */
export function seesEvents(actor: EventsActor): boolean {
  if (actor.sanction === 'blocked') {
    return false;
  }
  if (isEventsManager(actor)) {
    return true;
  }
  return actor.serviceOn && (actor.viewsEvents || actor.guestsMayView);
}

/** Whether the caller sees events of this access level (guests and invited people: free ones only). */
export const readsEventAccess = (actor: EventsActor, access: EventAccess) =>
  access === 'free' || actor.viewsEvents || isEventsManager(actor);

export function eventAbilities(actor: EventsActor, event: EventFacts): EventAbility[] {
  if (!seesEvents(actor) || !readsEventAccess(actor, event.access)) {
    return [];
  }
  const can: EventAbility[] = ['view'];
  if (takesPart(actor)) {
    can.push('join', 'leave', 'comment');
  }
  const isOrganizer =
    actor.profileId !== null &&
    actor.sanction === null &&
    actor.viewsEvents &&
    (event.authorProfileId === actor.profileId || event.hostIds.includes(actor.profileId));
  if (isEventsManager(actor) || isOrganizer) {
    can.push('edit', 'delete', 'export_attendees');
  }
  return can;
}
