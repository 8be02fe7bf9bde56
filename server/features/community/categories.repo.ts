import { and, asc, count, countDistinct, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, communityCategories, communityPosts, profiles } from '../../db/schema/index.ts';
import type { ProfileSummaryRow } from './space-members.lists.ts';
import { purgePostsOf } from './spaces.repo.ts';
import { lockList } from './spaces.positions.ts';

export type CategoryRow = typeof communityCategories.$inferSelect;

/** One page of the app's categories in order, with the total. */
export async function listCategories(
  db: DbOrTx,
  appId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: CategoryRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(communityCategories)
      .where(eq(communityCategories.appId, appId))
      .orderBy(asc(communityCategories.position), asc(communityCategories.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(communityCategories).where(eq(communityCategories.appId, appId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every category of the app in order (moves). */
export async function listAllCategories(db: DbOrTx, appId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(communityCategories)
    .where(eq(communityCategories.appId, appId))
    .orderBy(asc(communityCategories.position), asc(communityCategories.id));
}

export async function findCategoryBySlug(
  db: DbOrTx,
  appId: string,
  slug: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(communityCategories)
    .where(and(eq(communityCategories.appId, appId), eq(communityCategories.slug, slug)));
  return row;
}

/** Adding and moving read the app's positions and then write: they take turns per app. */
export async function lockAppCategories(db: DbOrTx, appId: string): Promise<void> {
  await lockList(db, 'categories', appId);
}

export async function insertCategory(
  db: DbOrTx,
  values: typeof communityCategories.$inferInsert,
): Promise<CategoryRow> {
  const [row] = await db.insert(communityCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<CategoryRow, 'name' | 'slug' | 'position'>>,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(communityCategories)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(communityCategories.id, id))
    .returning();
  return row;
}

/** The category with its posts (and what hangs on them). */
export async function deleteCategory(db: DbOrTx, id: string): Promise<boolean> {
  await purgePostsOf(db, { categoryIds: [id] });
  const rows = await db
    .delete(communityCategories)
    .where(eq(communityCategories.id, id))
    .returning({ id: communityCategories.id });
  return rows.length === 1;
}

/**
 * The community profiles (COMMUNITIES-07): live members of the app (not only invited) who wrote published
 * posts in the communities categories, most posts first, then by name; one page with the total.
 */
export async function listCommunityAuthors(
  db: DbOrTx,
  appId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: (ProfileSummaryRow & { postsCount: number })[]; total: number }> {
  const where = and(
    eq(communityPosts.appId, appId),
    eq(communityPosts.container, 'communities'),
    isNotNull(communityPosts.publishedAt),
    isNull(communityPosts.deletedAt),
    isNull(profiles.deletedAt),
    ne(profiles.type, 'invited'),
  );
  const postsCount = count(communityPosts.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: profiles.id,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        avatarId: profiles.avatarId,
        postsCount,
      })
      .from(communityPosts)
      .innerJoin(profiles, eq(profiles.id, communityPosts.authorProfileId))
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(where)
      .groupBy(profiles.id, accounts.firstName, accounts.lastName, profiles.avatarId)
      .orderBy(desc(postsCount), asc(accounts.firstName), asc(accounts.lastName), asc(profiles.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: countDistinct(communityPosts.authorProfileId) })
      .from(communityPosts)
      .innerJoin(profiles, eq(profiles.id, communityPosts.authorProfileId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
