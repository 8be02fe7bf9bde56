import {
  eventPageSizes,
  type Event,
  type EventCalendar,
  type EventCalendarQuery,
  type EventCreateBody,
  type EventList,
  type EventListQuery,
} from '../../../contracts/events.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { attachedFiles, type UrlSign } from '../cloud/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import {
  eventAccessOf,
  eventsViewOf,
  hostIdsOf,
  type EventAccessOf,
  type EventsView,
} from './events.access.ts';
import { formValues, recurrenceBadRequest, seriesInputOf } from './events.form.ts';
import {
  defaultOccurrence,
  occurrenceAt,
  occurrencesInWindow,
  pastOccurrences,
  seriesOfRow,
  upcomingOccurrences,
  type Item,
} from './events.occurrences.ts';
import { eventAbilities, readsEventAccess } from './events.policy.ts';
import { presentEvent } from './events.presenter.ts';
import * as repo from './events.repo.ts';
import { withEventSlug } from './events.slugs.ts';
import { occurrenceStates, stateOf } from './occurrence-states.ts';
import { seriesBounds, seriesOf } from './series.ts';
import { canonicalTimeZone, parseWallTime, wallToInstant } from '../../platform/time-zone.ts';

/*
 * Events (EVENTS-07…09, 11 and the page's read, GAPS 15): lists of occurrences by filter and window, the page of
 * one occurrence, create and delete. Edits are events.edits.ts. The route checked the app's `view_events` /
 * `create_event` (events.access.ts adds the settings' creators) or the event's `view` / `delete`.
 */

const dayMs = 86_400_000;
/** The longest window of the days and calendar filters: a year. */
const maxWindowDays = 366;

export type EventDeps = { db: Db; sign: UrlSign; imageOrigins: readonly string[] };

export const filterOf = (view: EventsView, categoryId?: string): repo.EventFilter => ({
  appId: view.app.app.id,
  categoryId,
  freeOnly: !readsEventAccess(view.actor, 'auth'),
});

/** Events presented about their occurrences, with one query each for extras, files and seat states. */
export async function presentItems(
  deps: EventDeps,
  view: EventsView,
  items: Item[],
  withDescription: boolean,
) {
  const { db, sign } = deps;
  const rows = items.map((item) => item.row);
  const extras = await repo.extrasOf(db, rows);
  const [files, states] = await Promise.all([
    attachedFiles(db, sign, [...extras.attachments.values()].flat()),
    occurrenceStates(
      db,
      items.map((item) => ({ eventId: item.row.id, occurrence: item.occurrence.originalStart })),
      view.actor.profileId,
    ),
  ]);
  return items.map(({ row, occurrence }) =>
    presentEvent(row, {
      sign,
      extras,
      files,
      occurrence,
      state: stateOf(states, row.id, occurrence.originalStart),
      can: eventAbilities(view.actor, {
        access: row.access,
        authorProfileId: row.authorProfileId,
        hostIds: extras.hosts.get(row.id) ?? [],
      }),
      withDescription,
    }),
  );
}

/** The page of one event about `occurrenceId` (404 when the rule does not make it), else the default one. */
export async function presentDetail(
  deps: EventDeps,
  view: EventsView,
  eventId: string,
  occurrenceId?: string,
): Promise<Event> {
  const row = await repo.findEvent(deps.db, eventId);
  if (!row) {
    throw notFound();
  }
  const series = seriesOfRow(row, (await repo.overridesOf(deps.db, [row.id])).get(row.id));
  const occurrence =
    occurrenceId === undefined
      ? defaultOccurrence(row, series, new Date())
      : occurrenceAt(series, occurrenceId);
  if (!occurrence) {
    throw notFound();
  }
  const [event] = await presentItems(deps, view, [{ row, occurrence }], true);
  return event!;
}

/** A window of local dates `from`…`to` (inclusive) in the zone: 400 naming the field when it makes none. */
function windowOf(query: { from?: string; to?: string; timeZone?: string }, app: AppAccess) {
  const errors: Record<string, string> = {};
  const zone = canonicalTimeZone(query.timeZone ?? app.app.timezone ?? 'UTC');
  const from = query.from === undefined ? null : parseWallTime(`${query.from}T00:00:00`);
  const to = query.to === undefined ? null : parseWallTime(`${query.to}T00:00:00`);
  if (zone === null) {
    errors.timeZone = 'validation.invalidValue';
  }
  if (from === null) {
    errors.from = query.from === undefined ? 'validation.required' : 'validation.invalidValue';
  }
  if (to === null || (from !== null && (to < from || to - from > maxWindowDays * dayMs))) {
    errors.to = query.to === undefined ? 'validation.required' : 'validation.invalidValue';
  }
  if (zone === null || from === null || to === null || Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
  return { from: new Date(wallToInstant(zone, from)), to: new Date(wallToInstant(zone, to + dayMs)) };
}

export function createEventService(deps: EventDeps) {
  const { db } = deps;

  async function page(
    view: EventsView,
    found: { items: Item[]; exhausted: boolean },
    number: number,
    limit: number,
  ) {
    const slice = found.items.slice((number - 1) * limit, number * limit);
    const total = found.items.length;
    return {
      data: await presentItems(deps, view, slice, false),
      meta: { page: number, pages: found.exhausted ? Math.ceil(total / limit) : number + 1, total },
    };
  }

  return {
    /** `GET /apps/{appId}/events`: occurrences by filter, 20 per page (calendar 100). */
    async list(app: AppAccess, query: EventListQuery): Promise<EventList> {
      const view = eventsViewOf(app);
      const filter = filterOf(view, query.categoryId);
      const now = new Date();
      switch (query.filter) {
        case 'calendar':
        case 'days': {
          const window = windowOf(query, app);
          const items = await occurrencesInWindow(db, filter, window.from, window.to);
          const limit = query.filter === 'calendar' ? eventPageSizes.calendar : eventPageSizes.events;
          return page(view, { items, exhausted: true }, query.page, limit);
        }
        case 'self': {
          const limit = eventPageSizes.events;
          const profileId = view.actor.profileId;
          if (profileId === null) {
            return { data: [], meta: { page: query.page, pages: 0, total: 0 } };
          }
          const joined = await repo.joinedOccurrences(
            db,
            { ...filter, profileId },
            { now, limit, offset: (query.page - 1) * limit },
          );
          const overrides = await repo.overridesOf(
            db,
            joined.rows.map((row) => row.event.id),
          );
          const items = joined.rows.flatMap(({ event, occurrence }) => {
            const found = occurrenceAt(seriesOfRow(event, overrides.get(event.id)), occurrence);
            return found ? [{ row: event, occurrence: found }] : [];
          });
          return {
            data: await presentItems(deps, view, items, false),
            meta: { page: query.page, pages: Math.ceil(joined.total / limit), total: joined.total },
          };
        }
        case 'upcoming':
        case 'past': {
          const limit = eventPageSizes.events;
          const need = query.page * limit + 1;
          const found =
            query.filter === 'upcoming'
              ? await upcomingOccurrences(db, filter, need, now)
              : await pastOccurrences(db, filter, need, now);
          return page(view, found, query.page, limit);
        }
      }
    },

    /** `GET /apps/{appId}/events/calendar` (EVENTS-09): the window's occurrences, 100 per page. */
    async calendar(app: AppAccess, query: EventCalendarQuery): Promise<EventCalendar> {
      return this.list(app, { ...query, filter: 'calendar' });
    },

    /** `GET /events/{id}`: the page about one occurrence. */
    get: (access: EventAccessOf, occurrence?: string): Promise<Event> =>
      presentDetail(deps, access, access.event.id, occurrence),

    /** The page by the event's slug (`events/{slug}/view`); 404 when the caller may not see it. */
    async bySlug(app: AppAccess, slug: string, occurrence?: string): Promise<Event> {
      const row = await repo.findEventBySlug(db, app.app.id, slug);
      if (!row) {
        throw notFound();
      }
      const access = eventAccessOf(app, row, await hostIdsOf(db, row.id));
      return presentDetail(deps, access, row.id, occurrence);
    },

    /** EVENTS-08: DTSTART moves to the rule's first date; the author is the caller's profile. */
    async create(app: AppAccess, input: EventCreateBody): Promise<Event> {
      const view = eventsViewOf(app);
      const errors: Record<string, string> = {};
      let time;
      try {
        time = seriesInputOf(input, null, errors);
      } catch (error) {
        recurrenceBadRequest(error);
      }
      const form = await formValues(db, input, { app, imageOrigins: deps.imageOrigins }, errors);
      if (!time) {
        throw badRequest(errors);
      }
      const bounds = seriesBounds(seriesOf({ ...time, exdates: [] }));
      const id = newId();
      await withEventSlug(db, { appId: app.app.id, chosen: input.slug, name: input.name }, (slug) =>
        db.transaction(async (tx) => {
          await repo.insertEvent(tx, {
            ...form.values,
            ...time,
            ...bounds,
            id,
            appId: app.app.id,
            authorProfileId: app.profile?.id ?? null,
            name: input.name,
            slug,
          });
          await repo.setHosts(tx, id, form.hostIds ?? []);
          await repo.setAttachments(tx, id, form.attachmentIds ?? []);
        }),
      );
      return presentDetail(deps, view, id);
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
