import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { helpdeskArticles, helpdeskArticleVotes } from '../../db/schema/index.ts';
import type { ArticleRow } from './helpdesk.access.ts';
import type { ArticleSummaryRow } from './helpdesk.presenter.ts';

const summaryColumns = {
  id: helpdeskArticles.id,
  categoryId: helpdeskArticles.categoryId,
  name: helpdeskArticles.name,
  slug: helpdeskArticles.slug,
  // The excerpt needs only the body's start: do not carry long bodies through lists.
  bodyText: sql<string>`left(${helpdeskArticles.bodyText}, 400)`,
  coverId: helpdeskArticles.coverId,
  isPublished: helpdeskArticles.isPublished,
  position: helpdeskArticles.position,
  helpfulCount: helpdeskArticles.helpfulCount,
  notHelpfulCount: helpdeskArticles.notHelpfulCount,
  viewsCount: helpdeskArticles.viewsCount,
  updatedAt: helpdeskArticles.updatedAt,
};

const published = (drafts: boolean) => (drafts ? undefined : eq(helpdeskArticles.isPublished, true));

/** One page of a category's articles by position (drafts only for editors), with the total. */
export async function listArticles(
  db: DbOrTx,
  categoryId: string,
  options: { drafts: boolean; limit: number; offset: number },
): Promise<{ rows: ArticleSummaryRow[]; total: number }> {
  const where = and(eq(helpdeskArticles.categoryId, categoryId), published(options.drafts));
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(helpdeskArticles)
      .where(where)
      .orderBy(asc(helpdeskArticles.position), asc(helpdeskArticles.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(helpdeskArticles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The app's most read published articles (helpdesk_articles_popular_idx). */
export async function listPopular(db: DbOrTx, appId: string, limit: number): Promise<ArticleSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(helpdeskArticles)
    .where(and(eq(helpdeskArticles.appId, appId), eq(helpdeskArticles.isPublished, true)))
    .orderBy(desc(helpdeskArticles.viewsCount), asc(helpdeskArticles.id))
    .limit(limit);
}

/** Published neighbours in the same category, by position (related articles, first choice). */
export async function listSameCategory(
  db: DbOrTx,
  article: Pick<ArticleRow, 'id' | 'categoryId'>,
  limit: number,
): Promise<ArticleSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(helpdeskArticles)
    .where(
      and(
        eq(helpdeskArticles.categoryId, article.categoryId),
        eq(helpdeskArticles.isPublished, true),
        ne(helpdeskArticles.id, article.id),
      ),
    )
    .orderBy(asc(helpdeskArticles.position), asc(helpdeskArticles.id))
    .limit(limit);
}

/**
 * Published articles of the app sharing words with `text` (any of them, German or English stems), best first,
 * not in `exceptIds` (related articles, second choice). `words` are already plain letters and digits.
 */
export async function listSimilar(
  db: DbOrTx,
  appId: string,
  words: readonly string[],
  exceptIds: readonly string[],
  limit: number,
): Promise<ArticleSummaryRow[]> {
  if (words.length === 0) {
    return [];
  }
  const query = sql.join(
    words.map((word) => sql`(to_tsquery('german', ${word}) || to_tsquery('english', ${word}))`),
    sql` || `,
  );
  return db
    .select(summaryColumns)
    .from(helpdeskArticles)
    .where(
      and(
        eq(helpdeskArticles.appId, appId),
        eq(helpdeskArticles.isPublished, true),
        sql`${helpdeskArticles.search} @@ (${query})`,
        sql`${helpdeskArticles.id} <> all(${sql.param(exceptIds)}::uuid[])`,
      ),
    )
    .orderBy(sql`ts_rank(${helpdeskArticles.search}, (${query})) desc`, asc(helpdeskArticles.id))
    .limit(limit);
}

export async function findArticleBySlug(
  db: DbOrTx,
  appId: string,
  slug: string,
): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(helpdeskArticles)
    .where(and(eq(helpdeskArticles.appId, appId), eq(helpdeskArticles.slug, slug)));
  return row;
}

/** The articles of a category by position (placing one among them). */
export async function listPositions(
  db: DbOrTx,
  categoryId: string,
): Promise<{ id: string; position: number }[]> {
  return db
    .select({ id: helpdeskArticles.id, position: helpdeskArticles.position })
    .from(helpdeskArticles)
    .where(eq(helpdeskArticles.categoryId, categoryId))
    .orderBy(asc(helpdeskArticles.position), asc(helpdeskArticles.id));
}

export async function insertArticle(
  db: DbOrTx,
  values: typeof helpdeskArticles.$inferInsert,
): Promise<ArticleRow> {
  const [row] = await db.insert(helpdeskArticles).values(values).returning();
  return row!;
}

export async function updateArticle(
  db: DbOrTx,
  id: string,
  values: Partial<typeof helpdeskArticles.$inferInsert>,
): Promise<ArticleRow | undefined> {
  const [row] = await db
    .update(helpdeskArticles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(helpdeskArticles.id, id))
    .returning();
  return row;
}

export async function deleteArticle(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(helpdeskArticles)
    .where(eq(helpdeskArticles.id, id))
    .returning({ id: helpdeskArticles.id });
  return rows.length > 0;
}

/** Counts one read of the article (its page was opened). */
export async function countView(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(helpdeskArticles)
    .set({ viewsCount: sql`${helpdeskArticles.viewsCount} + 1` })
    .where(eq(helpdeskArticles.id, id));
}

export async function findVote(db: DbOrTx, articleId: string, profileId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ isHelpful: helpdeskArticleVotes.isHelpful })
    .from(helpdeskArticleVotes)
    .where(and(eq(helpdeskArticleVotes.articleId, articleId), eq(helpdeskArticleVotes.profileId, profileId)));
  return row?.isHelpful ?? null;
}

/**
 * Sets (or, with null, takes back) a member's vote and moves the article's counters by the difference, in one
 * transaction with the article's row locked, so two parallel votes of one member count once.
 */
export async function writeVote(
  tx: DbOrTx,
  vote: { articleId: string; profileId: string; appId: string; isHelpful: boolean | null },
): Promise<{ helpfulCount: number; notHelpfulCount: number }> {
  // The article's row is the lock: a first vote has no vote row to lock yet.
  await tx
    .select({ id: helpdeskArticles.id })
    .from(helpdeskArticles)
    .where(eq(helpdeskArticles.id, vote.articleId))
    .for('update');
  const old = await findVote(tx, vote.articleId, vote.profileId);
  if (vote.isHelpful === null) {
    await tx
      .delete(helpdeskArticleVotes)
      .where(
        and(
          eq(helpdeskArticleVotes.articleId, vote.articleId),
          eq(helpdeskArticleVotes.profileId, vote.profileId),
        ),
      );
  } else {
    await tx
      .insert(helpdeskArticleVotes)
      .values({
        articleId: vote.articleId,
        profileId: vote.profileId,
        appId: vote.appId,
        isHelpful: vote.isHelpful,
      })
      .onConflictDoUpdate({
        target: [helpdeskArticleVotes.articleId, helpdeskArticleVotes.profileId],
        set: { isHelpful: vote.isHelpful },
      });
  }
  const delta = (value: boolean) => Number(vote.isHelpful === value) - Number(old === value);
  const [row] = await tx
    .update(helpdeskArticles)
    .set({
      helpfulCount: sql`${helpdeskArticles.helpfulCount} + ${delta(true)}`,
      notHelpfulCount: sql`${helpdeskArticles.notHelpfulCount} + ${delta(false)}`,
    })
    .where(eq(helpdeskArticles.id, vote.articleId))
    .returning({
      helpfulCount: helpdeskArticles.helpfulCount,
      notHelpfulCount: helpdeskArticles.notHelpfulCount,
    });
  return row!;
}
