import type { EventCategory, EventCategoryList } from '../../../contracts/events.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import { loadAppAccess, type AppAccess } from '../workspace/public.ts';
import * as repo from './event-categories.repo.ts';
import { eventsViewOf } from './events.access.ts';
import { presentEventCategory } from './event-categories.presenter.ts';

/** A category and the caller's standing in its app (`PATCH|DELETE /events/categories/{id}`). */
export type EventCategoryAccess = { app: AppAccess; category: repo.EventCategoryRow };

/** 404 unless the category exists and its app is visible to the caller; the route checks the app ability. */
export async function loadEventCategoryAccess(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<EventCategoryAccess> {
  const category = await repo.findEventCategory(db, id);
  if (!category) {
    throw notFound();
  }
  return { app: await loadAppAccess(db, actor, category.appId), category };
}

/**
 * The ids in their order after moving `id` right after `prevId` (null: first). 400 with `errors.prevId` when
 * `prevId` is the category itself or not one of the app's.
 */
export function eventCategoryOrderAfterMove(
  ids: readonly string[],
  id: string,
  prevId: string | null,
): string[] {
  const rest = ids.filter((other) => other !== id);
  const at = prevId === null ? 0 : rest.indexOf(prevId) + 1;
  if (prevId === id || (at === 0 && prevId !== null)) {
    throw badRequest({ prevId: 'validation.invalidValue' });
  }
  rest.splice(at, 0, id);
  return rest;
}

/**
 * Event categories (EVENTS-01…06): flat, ordered by `prevId` moves. They are part of the app's event settings
 * (settings/events): the app's `edit` changes them; whoever sees the events reads them (guests too where they
 * see the free events: the list's filter). Deleting one leaves its events without a category.
 */
export function createEventCategoryService(deps: { db: Db }) {
  const { db } = deps;
  const withCount = async (row: repo.EventCategoryRow) =>
    presentEventCategory({ ...row, eventsCount: await repo.countLiveEventsIn(db, row.id) });

  return {
    async list(app: AppAccess, query: { page: number; limit: number }): Promise<EventCategoryList> {
      eventsViewOf(app);
      const { rows, total } = await repo.listEventCategories(db, app.app.id, {
        limit: query.limit,
        offset: pageOffset(query),
      });
      return paginate(rows.map(presentEventCategory), total, query);
    },

    async dropdown(
      app: AppAccess,
      query: { page: number; limit: number; search?: string | undefined },
    ): Promise<Paginated<{ id: string; name: string }>> {
      eventsViewOf(app);
      const { rows, total } = await repo.eventCategoryChoices(db, app.app.id, {
        search: query.search || undefined,
        limit: query.limit,
        offset: pageOffset(query),
      });
      return paginate(rows, total, query);
    },

    async create(app: AppAccess, body: { name: string }): Promise<EventCategory> {
      const row = await db.transaction(async (tx) => {
        await repo.lockEventCategories(tx, app.app.id);
        return repo.insertEventCategoryLast(tx, { id: newId(), appId: app.app.id, name: body.name });
      });
      return presentEventCategory({ ...row, eventsCount: 0 });
    },

    async rename({ category }: EventCategoryAccess, body: { name: string }): Promise<EventCategory> {
      const row = await repo.renameEventCategory(db, category.id, body.name);
      if (!row) {
        throw notFound();
      }
      return withCount(row);
    },

    async remove({ category }: EventCategoryAccess): Promise<void> {
      if (!(await repo.deleteEventCategory(db, category.id))) {
        throw notFound();
      }
    },

    /** Right after `prevId` (null: first); the app's categories are numbered 1, 2, 3 … again. */
    async move({ category }: EventCategoryAccess, prevId: string | null): Promise<EventCategory> {
      await db.transaction(async (tx) => {
        await repo.lockEventCategories(tx, category.appId);
        const order = eventCategoryOrderAfterMove(
          await repo.eventCategoryIdsInOrder(tx, category.appId),
          category.id,
          prevId,
        );
        await repo.renumberEventCategories(tx, category.appId, order);
      });
      const row = await repo.findEventCategory(db, category.id);
      if (!row) {
        throw notFound();
      }
      return withCount(row);
    },
  };
}

export type EventCategoryService = ReturnType<typeof createEventCategoryService>;
