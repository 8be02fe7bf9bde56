import type { z } from 'zod';
import type { EventAttendee, EventOccurrence, eventAttendeesQuerySchema } from '../../../contracts/events.ts';
import { eventPageSizes } from '../../../contracts/events.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { paginate, pageOffset } from '../../platform/pagination.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import { awardPoints, reverseSource } from '../gamification/public.ts';
import { isAppManager } from '../workspace/public.ts';
import type { Notifier } from '../notifications/public.ts';
import { recordNotifications, type RecordedNotification } from '../notifications/public.ts';
import {
  deleteAttendee,
  insertAttendee,
  joinWaitlist,
  listAttendees,
  markGoing,
  overridesOf,
  promoteWaitlist,
  recipientsOf,
  releaseSeat,
  takeSeat,
  waitlistedOccurrenceIds,
  type OccurrenceRef,
} from './attendance.repo.ts';
import { attendeesCsv } from './attendance.csv.ts';
import {
  seatGrantedNotification,
  type Confirmations,
  type EventApp,
  type OccurrenceView,
} from './confirmation.ts';
import type { EventAccessOf, EventRow } from './events.access.ts';
import { presentOccurrence } from './events.presenter.ts';
import { occurrenceAt } from './events.occurrences.ts';
import { occurrenceStates, stateOf } from './occurrence-states.ts';
import { seriesOf, type OverrideRow } from './series.ts';

/*
 * Joining and leaving one occurrence, its attendee list and export (issue 18, GAPS 15, EVENTS-12). The rules:
 * docs/decisions/events.md "Attendance".
 */

type AttendeesQuery = z.output<typeof eventAttendeesQuerySchema>;

/** The occurrence `id` of the event as it really is; 400 when the series does not make it. */
export function occurrenceOf(event: EventRow, overrides: readonly OverrideRow[], id: string): OccurrenceView {
  const occurrence = occurrenceAt(seriesOf(event, overrides), id);
  if (occurrence === null) {
    throw badRequest({ occurrence: validationKeys.invalidValue });
  }
  return occurrence;
}

/** Joinable and leavable: not cancelled, not ended (409 with the reason otherwise). */
function requireOpen(occurrence: OccurrenceView, now: Date): void {
  if (occurrence.cancelled) {
    throw conflict(undefined, { reason: 'cancelled' });
  }
  if (occurrence.endsAt.getTime() <= now.getTime()) {
    throw conflict(undefined, { reason: 'ended' });
  }
}

const appOf = (access: EventAccessOf): EventApp => ({
  id: access.app.app.id,
  name: access.app.app.name,
  slug: access.app.app.slug,
  projectId: access.app.app.projectId,
});

/** An attendance's points (issue 21): a seat taken in an occurrence earns the member, once per occurrence. */
const attendedBy = (appId: string, ref: OccurrenceRef, profileId: string) => ({
  appId,
  profileId,
  action: 'event_attended' as const,
  sourceKey: `event:${ref.eventId}:${ref.occurrence}`,
});

export type WaitlistMover = ReturnType<typeof createWaitlistMover>;

/**
 * Moves waitlists up into free seats: after a member left (attendance) and after an event's limit was raised (the
 * events' PATCH). `moveUp` runs inside the transaction that freed the seats, records the notifications there and
 * answers what to do after commit: push them, mail the confirmations.
 */
/** How attendees hear of their seat: the confirmation mail and the notification (built once per server). */
export type EventDelivery = { confirmations: Confirmations; notifier: Pick<Notifier, 'deliver'> };

export function createWaitlistMover(deps: { db: Db } & EventDelivery) {
  return {
    /**
     * `occurrences`: those that freed seats; absent, every occurrence of the event with a waitlist that has not
     * ended and is not cancelled. `event` must carry the new limit.
     */
    async moveUp(
      tx: DbOrTx,
      app: EventApp,
      event: EventRow,
      occurrences?: readonly OccurrenceView[],
      now = new Date(),
    ): Promise<() => Promise<void>> {
      const open = occurrences ?? (await waitlistedOccurrences(tx, event, now));
      const moved: { occurrence: OccurrenceView; profileIds: string[] }[] = [];
      const recorded: RecordedNotification[] = [];
      for (const occurrence of open) {
        const profileIds = await promoteWaitlist(
          tx,
          event.id,
          occurrence.originalStart,
          event.participantsLimit,
        );
        if (profileIds.length > 0) {
          const ref = { eventId: event.id, occurrence: occurrence.originalStart };
          for (const profileId of profileIds) {
            await awardPoints(tx, attendedBy(app.id, ref, profileId));
          }
          moved.push({ occurrence, profileIds });
          recorded.push(
            ...(await recordNotifications(tx, [seatGrantedNotification(app, event, occurrence, profileIds)])),
          );
        }
      }
      return async () => {
        await deps.notifier.deliver(recorded);
        for (const { occurrence, profileIds } of moved) {
          await deps.confirmations.seatTaken({
            app,
            event,
            occurrence,
            reason: 'promoted',
            recipients: await recipientsOf(deps.db, profileIds),
          });
        }
      };
    },
  };
}

/** The event's occurrences with people waiting that are still open (not ended, not cancelled, still made). */
async function waitlistedOccurrences(tx: DbOrTx, event: EventRow, now: Date): Promise<OccurrenceView[]> {
  const [ids, overrides] = await Promise.all([
    waitlistedOccurrenceIds(tx, event.id),
    overridesOf(tx, event.id),
  ]);
  return ids.flatMap((id) => {
    try {
      const occurrence = occurrenceOf(event, overrides, id);
      return !occurrence.cancelled && occurrence.endsAt.getTime() > now.getTime() ? [occurrence] : [];
    } catch {
      // No longer made by the series (its rule was edited): nobody moves up there.
      return [];
    }
  });
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;

export function createAttendanceService(deps: { db: Db; sign: UrlSign } & EventDelivery) {
  const { db, confirmations } = deps;
  const waitlists = createWaitlistMover(deps);

  async function answer(
    dbOrTx: DbOrTx,
    eventId: string,
    occurrence: OccurrenceView,
    profileId: string,
  ): Promise<{ data: EventOccurrence }> {
    const states = await occurrenceStates(
      dbOrTx,
      [{ eventId, occurrence: occurrence.originalStart }],
      profileId,
    );
    return { data: presentOccurrence(occurrence, stateOf(states, eventId, occurrence.originalStart)) };
  }

  async function openOccurrence(access: EventAccessOf, id: string, now: Date) {
    const occurrence = occurrenceOf(access.event, await overridesOf(db, access.event.id), id);
    requireOpen(occurrence, now);
    return occurrence;
  }

  return {
    /** Joins the caller: a seat if one is free, else the waitlist. Joining again changes nothing. */
    async join(access: EventAccessOf, id: string, now = new Date()) {
      const profileId = access.actor.profileId!;
      const occurrence = await openOccurrence(access, id, now);
      const ref: OccurrenceRef = { eventId: access.event.id, occurrence: occurrence.originalStart };
      const seated = await db.transaction(async (tx) => {
        if (!(await insertAttendee(tx, ref, profileId, occurrence.startsAt))) {
          return false;
        }
        if (await takeSeat(tx, ref, access.event.participantsLimit)) {
          await markGoing(tx, ref, profileId);
          await awardPoints(tx, attendedBy(access.app.app.id, ref, profileId));
          return true;
        }
        await joinWaitlist(tx, ref);
        return false;
      });
      if (seated) {
        await confirmations.seatTaken({
          app: appOf(access),
          event: access.event,
          occurrence,
          reason: 'joined',
          recipients: await recipientsOf(db, [profileId]),
        });
      }
      return answer(db, access.event.id, occurrence, profileId);
    },

    /** Leaves: the seat goes to the first on the waitlist, in the same transaction. Leaving again is harmless. */
    async leave(access: EventAccessOf, id: string, now = new Date()) {
      const profileId = access.actor.profileId!;
      const occurrence = await openOccurrence(access, id, now);
      const ref: OccurrenceRef = { eventId: access.event.id, occurrence: occurrence.originalStart };
      const tell = await db.transaction(async (tx) => {
        const status = await deleteAttendee(tx, ref, profileId);
        if (status === null) {
          return null;
        }
        await releaseSeat(tx, ref, status);
        if (status === 'going' && now.getTime() < occurrence.startsAt.getTime()) {
          // Leaving before it starts takes the attendance's points back (issue 21).
          await reverseSource(tx, attendedBy(access.app.app.id, ref, profileId));
        }
        return status === 'going' ? waitlists.moveUp(tx, appOf(access), access.event, [occurrence]) : null;
      });
      await tell?.();
      return answer(db, access.event.id, occurrence, profileId);
    },

    /**
     * The attendee list (JSON) or its export (CSV). Organizers (`export_attendees`: the author, hosts, the app's
     * managers) see everyone, waitlist included; members who may join see who is going; nobody else.
     */
    async attendees(
      access: EventAccessOf,
      query: AttendeesQuery,
    ): Promise<Paginated<EventAttendee> | { csv: string; filename: string }> {
      const organizer = access.can.includes('export_attendees');
      if (query.format === 'csv' || query.status === 'waitlist') {
        if (!organizer) {
          throw forbidden();
        }
      } else if (!organizer && !access.can.includes('join')) {
        throw forbidden();
      }
      const occurrence = occurrenceOf(access.event, await overridesOf(db, access.event.id), query.occurrence);
      const ref = { eventId: access.event.id, occurrence: occurrence.originalStart };
      const status = organizer ? query.status : 'going';
      if (query.format === 'csv') {
        const { rows } = await listAttendees(db, ref, { status, limit: null, offset: 0 });
        return {
          csv: attendeesCsv(rows, {
            withEmail: isAppManager(access.app),
            language: access.app.app.language,
            timeZone: access.event.timeZone,
          }),
          filename: `${access.event.slug}-${occurrence.originalStart.replace(/[-:]/g, '').replace('T', '-')}.csv`,
        };
      }
      const page = { page: query.page, limit: eventPageSizes.attendees };
      const { rows, total } = await listAttendees(db, ref, {
        status,
        limit: page.limit,
        offset: pageOffset(page),
      });
      return paginate(
        rows.map((row) => ({
          id: row.profile_id,
          firstName: row.first_name,
          lastName: row.last_name,
          avatarUrl: pictureUrl(deps.sign, row.avatar_id, 'tile'),
          status: row.status,
          joinedAt: new Date(row.joined_at).toISOString(),
        })),
        total,
        page,
      );
    },
  };
}
