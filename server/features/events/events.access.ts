import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventHosts, events } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { servicesOf } from '../apps/public.ts';
import { loadAppAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { eventAbilities, seesEvents, type EventAbility, type EventsActor } from './events.policy.ts';

/*
 * The caller as the events see them, and the events' route scopes: the platform resolves them before the
 * handler (404 when the event or the service is not visible, events.policy.ts) and checks the declared ability
 * (403). `app:create_event` comes with the app's abilities, as the event settings' `creators` allow.
 */

export type EventRow = typeof events.$inferSelect;

export function eventsActorOf(app: AppAccess): EventsActor {
  const settings = app.app.serviceSettings.events ?? {};
  const serviceOn = servicesOf(app.app.options).events;
  return {
    role: app.role,
    sanction: app.sanction,
    profileId: app.profile?.id ?? null,
    serviceOn,
    guestsMayView: serviceOn && settings.isVisibleToGuests === true,
    viewsEvents: app.can.includes('view_events'),
  };
}

/** The app's events as the caller sees them; 404 when the service is not theirs to see. */
export type EventsView = { app: AppAccess; actor: EventsActor };

export function eventsViewOf(app: AppAccess): EventsView {
  const actor = eventsActorOf(app);
  if (!seesEvents(actor)) {
    throw notFound();
  }
  return { app, actor };
}

export type EventAccessOf = EventsView & { event: EventRow; hostIds: string[]; can: EventAbility[] };

export async function hostIdsOf(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ profileId: eventHosts.profileId })
    .from(eventHosts)
    .where(eq(eventHosts.eventId, eventId))
    .orderBy(asc(eventHosts.position));
  return rows.map((row) => row.profileId);
}

/** The caller's access to a live event of the app; 404 when they may not see it. */
export function eventAccessOf(app: AppAccess, event: EventRow, hostIds: string[]): EventAccessOf {
  if (event.appId !== app.app.id || event.deletedAt !== null) {
    throw notFound();
  }
  const view = eventsViewOf(app);
  const can = eventAbilities(view.actor, {
    access: event.access,
    authorProfileId: event.authorProfileId,
    hostIds,
  });
  if (!can.includes('view')) {
    throw notFound();
  }
  return { ...view, event, hostIds, can };
}

export async function loadEventAccess(db: DbOrTx, actor: Actor, id: string): Promise<EventAccessOf> {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  if (!event) {
    throw notFound();
  }
  const [app, hostIds] = await Promise.all([loadAppAccess(db, actor, event.appId), hostIdsOf(db, id)]);
  return eventAccessOf(app, event, hostIds);
}

export type EventScopes = ReturnType<typeof createEventScopes>;

export function createEventScopes(db: DbOrTx) {
  return {
    /** The app of `:appId` (its abilities carry `create_event` as the event settings allow: workspace/access.ts). */
    app(param = 'appId'): RouteScope<AppAccess> {
      return {
        label: `events-app(:${param})`,
        subjects: ['app'],
        resolve: (request) => loadAppAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => access.can.map((name) => `app:${name}`),
      };
    },
    event(param = 'id'): RouteScope<EventAccessOf> {
      return {
        label: `event(:${param})`,
        subjects: ['event'],
        resolve: (request) => loadEventAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => access.can.map((name) => `event:${name}`),
      };
    },
  };
}
