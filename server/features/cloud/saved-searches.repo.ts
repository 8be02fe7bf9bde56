import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cloudSavedSearches } from '../../db/schema/index.ts';

/* A person's saved searches of the library's filter panel, per project. */

export type SavedSearchRow = typeof cloudSavedSearches.$inferSelect;

const ofPerson = (projectId: string, accountId: string) =>
  and(eq(cloudSavedSearches.projectId, projectId), eq(cloudSavedSearches.accountId, accountId));

export async function findSavedSearch(db: DbOrTx, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db.select().from(cloudSavedSearches).where(eq(cloudSavedSearches.id, id));
  return row;
}

export function listSavedSearches(
  db: DbOrTx,
  projectId: string,
  accountId: string,
): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(cloudSavedSearches)
    .where(ofPerson(projectId, accountId))
    .orderBy(desc(cloudSavedSearches.createdAt), desc(cloudSavedSearches.id));
}

export async function countSavedSearches(db: DbOrTx, projectId: string, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cloudSavedSearches)
    .where(ofPerson(projectId, accountId));
  return row?.n ?? 0;
}

export async function insertSavedSearch(
  db: DbOrTx,
  values: typeof cloudSavedSearches.$inferInsert,
): Promise<SavedSearchRow> {
  const [row] = await db.insert(cloudSavedSearches).values(values).returning();
  return row!;
}

export async function deleteSavedSearch(db: DbOrTx, id: string): Promise<void> {
  await db.delete(cloudSavedSearches).where(eq(cloudSavedSearches.id, id));
}
