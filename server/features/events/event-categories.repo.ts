import { and, asc, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventCategories, events } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';

export type EventCategoryRow = typeof eventCategories.$inferSelect;
export type EventCategoryWithCount = EventCategoryRow & { eventsCount: number };

const inOrder = [asc(eventCategories.position), asc(eventCategories.id)] as const;

/** One page of the app's categories in order, each with its live events, and the total. */
export async function listEventCategories(
  db: DbOrTx,
  appId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: EventCategoryWithCount[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ category: eventCategories, eventsCount: count(events.id) })
      .from(eventCategories)
      .leftJoin(events, and(eq(events.categoryId, eventCategories.id), isNull(events.deletedAt)))
      .where(eq(eventCategories.appId, appId))
      .groupBy(eventCategories.id)
      .orderBy(...inOrder)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(eventCategories).where(eq(eventCategories.appId, appId)),
  ]);
  return {
    rows: rows.map(({ category, eventsCount }) => ({ ...category, eventsCount })),
    total: total?.n ?? 0,
  };
}

/** The dropdown: names containing `search` (case-insensitive), in order. */
export async function eventCategoryChoices(
  db: DbOrTx,
  appId: string,
  query: { search: string | undefined; limit: number; offset: number },
): Promise<{ rows: { id: string; name: string }[]; total: number }> {
  const where = and(
    eq(eventCategories.appId, appId),
    query.search ? ilike(eventCategories.name, containsPattern(query.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: eventCategories.id, name: eventCategories.name })
      .from(eventCategories)
      .where(where)
      .orderBy(...inOrder)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(eventCategories).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The ids of the app's categories in order (moves). */
export async function eventCategoryIdsInOrder(db: DbOrTx, appId: string): Promise<string[]> {
  const rows = await db
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .where(eq(eventCategories.appId, appId))
    .orderBy(...inOrder);
  return rows.map((row) => row.id);
}

export async function findEventCategory(db: DbOrTx, id: string): Promise<EventCategoryRow | undefined> {
  const [row] = await db.select().from(eventCategories).where(eq(eventCategories.id, id));
  return row;
}

export async function countLiveEventsIn(db: DbOrTx, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.categoryId, categoryId), isNull(events.deletedAt)));
  return row?.n ?? 0;
}

/** Adding and moving read the app's order and then write it: they take turns per app. */
export async function lockEventCategories(db: DbOrTx, appId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`event-categories:${appId}`}, 0))`);
}

/** Inserted after the app's last category. */
export async function insertEventCategoryLast(
  db: DbOrTx,
  values: { id: string; appId: string; name: string },
): Promise<EventCategoryRow> {
  const [row] = await db
    .insert(eventCategories)
    .values({
      ...values,
      position: sql`coalesce((select max(${eventCategories.position}) from ${eventCategories} where ${eventCategories.appId} = ${values.appId}), 0) + 1`,
    })
    .returning();
  return row!;
}

export async function renameEventCategory(
  db: DbOrTx,
  id: string,
  name: string,
): Promise<EventCategoryRow | undefined> {
  const [row] = await db
    .update(eventCategories)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(eventCategories.id, id))
    .returning();
  return row;
}

/** Numbers the app's categories 1, 2, 3 … in the given order, writing only the rows whose place changed. */
export async function renumberEventCategories(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<void> {
  await db.execute(sql`
    update ${eventCategories} as c set position = o.n, updated_at = now()
    from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as o(id, n)
    where c.id = o.id and c.app_id = ${appId} and c.position <> o.n`);
}

/** The events of the category keep living without one (the foreign key sets null). */
export async function deleteEventCategory(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(eventCategories)
    .where(eq(eventCategories.id, id))
    .returning({ id: eventCategories.id });
  return rows.length === 1;
}
