import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { communityLinks } from '../../db/schema/index.ts';
import { lockList } from './spaces.positions.ts';

export type LinkRow = typeof communityLinks.$inferSelect;

/** The app's links in order. */
export async function listLinks(db: DbOrTx, appId: string): Promise<LinkRow[]> {
  return db
    .select()
    .from(communityLinks)
    .where(eq(communityLinks.appId, appId))
    .orderBy(asc(communityLinks.position), asc(communityLinks.id));
}

export async function findLink(db: DbOrTx, id: string): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(communityLinks).where(eq(communityLinks.id, id));
  return row;
}

/** Adding and moving read the app's positions and then write: they take turns per app. */
export async function lockAppLinks(db: DbOrTx, appId: string): Promise<void> {
  await lockList(db, 'links', appId);
}

export async function insertLink(db: DbOrTx, values: typeof communityLinks.$inferInsert): Promise<LinkRow> {
  const [row] = await db.insert(communityLinks).values(values).returning();
  return row!;
}

export async function updateLink(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<LinkRow, 'name' | 'href' | 'icon' | 'isNewTab' | 'position'>>,
): Promise<LinkRow | undefined> {
  const [row] = await db
    .update(communityLinks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(communityLinks.id, id))
    .returning();
  return row;
}

export async function deleteLink(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(communityLinks)
    .where(eq(communityLinks.id, id))
    .returning({ id: communityLinks.id });
  return rows.length === 1;
}
