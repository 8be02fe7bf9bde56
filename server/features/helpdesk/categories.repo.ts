import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { helpdeskArticles, helpdeskCategories } from '../../db/schema/index.ts';
import type { CategoryRow } from './helpdesk.access.ts';

/** Every category of the app, by position (the tree is put together from it). */
export async function listCategories(db: DbOrTx, appId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(helpdeskCategories)
    .where(eq(helpdeskCategories.appId, appId))
    .orderBy(asc(helpdeskCategories.position), asc(helpdeskCategories.id));
}

/** The categories under `parentId` (null: the top level), by position. */
export async function listSiblings(
  db: DbOrTx,
  appId: string,
  parentId: string | null,
): Promise<CategoryRow[]> {
  return db
    .select()
    .from(helpdeskCategories)
    .where(
      and(
        eq(helpdeskCategories.appId, appId),
        parentId === null ? isNull(helpdeskCategories.parentId) : eq(helpdeskCategories.parentId, parentId),
      ),
    )
    .orderBy(asc(helpdeskCategories.position), asc(helpdeskCategories.id));
}

/** Every article per category of the app, drafts included (what the editors see a delete take). */
export async function countAllArticles(db: DbOrTx, appId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ categoryId: helpdeskArticles.categoryId, n: count() })
    .from(helpdeskArticles)
    .where(eq(helpdeskArticles.appId, appId))
    .groupBy(helpdeskArticles.categoryId);
  return new Map(rows.map((row) => [row.categoryId, row.n]));
}

export async function insertCategory(
  db: DbOrTx,
  values: typeof helpdeskCategories.$inferInsert,
): Promise<CategoryRow> {
  const [row] = await db.insert(helpdeskCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<CategoryRow, 'name' | 'slug' | 'description' | 'position' | 'parentId'>>,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(helpdeskCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(helpdeskCategories.id, id))
    .returning();
  return row;
}

/** The category goes; its subcategories, their articles and the votes follow by the foreign keys' cascade. */
export async function deleteCategory(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(helpdeskCategories)
    .where(eq(helpdeskCategories.id, id))
    .returning({ id: helpdeskCategories.id });
  return rows.length > 0;
}

/** Sets `articles_count` of the categories to their published articles (after a write that changed them). */
export async function recountArticles(db: DbOrTx, categoryIds: readonly string[]): Promise<void> {
  if (categoryIds.length === 0) {
    return;
  }
  await db
    .update(helpdeskCategories)
    .set({
      articlesCount: sql`(select count(*)::int from ${helpdeskArticles}
        where ${helpdeskArticles.categoryId} = ${helpdeskCategories.id} and ${helpdeskArticles.isPublished})`,
    })
    .where(inArray(helpdeskCategories.id, [...new Set(categoryIds)]));
}
