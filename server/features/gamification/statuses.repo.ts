import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gamificationStatuses } from '../../db/schema/index.ts';
import type { StatusRow } from './gamification.access.ts';

/*
 * The levels' queries. A level's number counts the app's active statuses by threshold (ties by creation):
 * the lowest active one is level 1; an inactive status has no number.
 */

const s = gamificationStatuses;
export type NumberedStatus = StatusRow & { level: number | null };

const order = [asc(s.points), asc(s.createdAt), asc(s.id)] as const;
const levelNumber = sql<number | null>`(case when ${s.isActive}
  then count(*) filter (where ${s.isActive}) over (order by ${s.points}, ${s.createdAt}, ${s.id}) end)::int`;

function numbered(db: DbOrTx, appId: string, activeOnly: boolean) {
  return db
    .select({ ...getTableColumns(s), level: levelNumber.as('level') })
    .from(s)
    .where(and(eq(s.appId, appId), activeOnly ? eq(s.isActive, true) : undefined));
}

/** One page of the app's statuses by threshold, numbered over all of them; and how many there are. */
export async function listStatuses(
  db: DbOrTx,
  appId: string,
  page: { activeOnly: boolean; limit: number; offset: number },
): Promise<{ rows: NumberedStatus[]; total: number }> {
  const where: SQL | undefined = and(eq(s.appId, appId), page.activeOnly ? eq(s.isActive, true) : undefined);
  const [rows, [counted]] = await Promise.all([
    numbered(db, appId, page.activeOnly)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(s).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The named statuses of the app, numbered among all of them, by threshold. */
export async function findNumberedStatuses(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<NumberedStatus[]> {
  if (ids.length === 0) {
    return [];
  }
  const all = numbered(db, appId, false).as('numbered');
  const found = await db
    .select()
    .from(all)
    .where(inArray(all.id, [...ids]))
    .orderBy(asc(all.points), asc(all.createdAt), asc(all.id));
  return found;
}

/** Which of `ids` are statuses of the app. */
export async function findStatusIdsOfApp(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const found = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.appId, appId), inArray(s.id, [...ids])));
  return new Set(found.map((row) => row.id));
}

export type StatusValues = {
  name: string;
  points: number;
  icon: string | null;
  iconImageId: string | null;
  isActive: boolean;
};

export async function insertStatuses(
  db: DbOrTx,
  values: readonly (StatusValues & { id: string; appId: string })[],
): Promise<void> {
  await db.insert(s).values([...values]);
}

export async function updateStatuses(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
  values: Partial<StatusValues>,
): Promise<void> {
  if (ids.length === 0 || Object.keys(values).length === 0) {
    return;
  }
  await db
    .update(s)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(s.appId, appId), inArray(s.id, [...ids])));
}

export async function deleteStatuses(db: DbOrTx, appId: string, ids: readonly string[]): Promise<number> {
  const deleted = await db
    .delete(s)
    .where(and(eq(s.appId, appId), inArray(s.id, [...ids])))
    .returning({ id: s.id });
  return deleted.length;
}
