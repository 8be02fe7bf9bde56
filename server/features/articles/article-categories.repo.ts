import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articleCategories, articles } from '../../db/schema/index.ts';
import type { ArticleCategoryRow } from './articles.access.ts';

/** One page of the app's categories in order, with the total. */
export async function listCategories(
  db: DbOrTx,
  appId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ArticleCategoryRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articleCategories)
      .where(eq(articleCategories.appId, appId))
      .orderBy(asc(articleCategories.position), asc(articleCategories.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(articleCategories).where(eq(articleCategories.appId, appId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every category of the app in order (moves, the last position). */
export async function listAllCategories(db: DbOrTx, appId: string): Promise<ArticleCategoryRow[]> {
  return db
    .select()
    .from(articleCategories)
    .where(eq(articleCategories.appId, appId))
    .orderBy(asc(articleCategories.position), asc(articleCategories.id));
}

export async function findCategoryBySlug(db: DbOrTx, appId: string, slug: string) {
  const [row] = await db
    .select()
    .from(articleCategories)
    .where(and(eq(articleCategories.appId, appId), eq(articleCategories.slug, slug)));
  return row;
}

export async function findCategory(db: DbOrTx, appId: string, id: string) {
  const [row] = await db
    .select()
    .from(articleCategories)
    .where(and(eq(articleCategories.appId, appId), eq(articleCategories.id, id)));
  return row;
}

/** Adding and moving read the app's positions and then write: they take turns per app. */
export async function lockAppCategories(db: DbOrTx, appId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`article-categories:${appId}`}, 0))`);
}

export async function insertCategory(db: DbOrTx, values: typeof articleCategories.$inferInsert) {
  const [row] = await db.insert(articleCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<ArticleCategoryRow, 'name' | 'slug' | 'position'>>,
): Promise<ArticleCategoryRow | undefined> {
  const [row] = await db
    .update(articleCategories)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(articleCategories.id, id))
    .returning();
  return row;
}

/** How many articles (any status) the category holds. */
export async function countArticlesIn(db: DbOrTx, categoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(eq(articles.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function deleteCategory(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(articleCategories)
    .where(eq(articleCategories.id, id))
    .returning({ id: articleCategories.id });
  return rows.length === 1;
}

/** Moves the count of published articles of a category by `delta` (publication, unpublication, deletion). */
export async function bumpArticlesCount(db: DbOrTx, categoryId: string, delta: number): Promise<void> {
  await db
    .update(articleCategories)
    .set({ articlesCount: sql`greatest(${articleCategories.articlesCount} + ${delta}, 0)` })
    .where(eq(articleCategories.id, categoryId));
}
