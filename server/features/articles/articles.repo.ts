import { and, asc, count, desc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ArticleFilter } from '../../../contracts/articles.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  articleCategories,
  articleFavorites,
  articleReactions,
  articles,
  profiles,
} from '../../db/schema/index.ts';

/*
 * The articles' queries. Lists join what a card shows (category, author, the caller's reaction and favourite)
 * in one statement; search reads the generated German + English vector (name A, body B) with a prefix query.
 */

const { search: _search, ...articleColumns } = getTableColumns(articles);
export type ArticleData = Omit<typeof articles.$inferSelect, 'search'>;
export type NewArticle = typeof articles.$inferInsert;

/** Who reads: the app, their profile (reactions, favourites), whether `auth` articles are theirs to read. */
export type ArticleReader = { appId: string; profileId: string | null; readsAuth: boolean };

export type ArticleListRow = {
  article: ArticleData;
  category: { id: string; name: string; slug: string };
  author: { id: string; firstName: string; lastName: string; avatarId: string | null } | null;
  reaction: number | null;
  favorite: boolean;
  headline: string | null;
};

const noProfile = '00000000-0000-0000-0000-000000000000';

/** Published: active with `published_at` set. */
export const isPublished = and(eq(articles.status, 'active'), isNotNull(articles.publishedAt));

/**
 * A prefix query of the words of `q` (letters and digits only, so nothing of the caller's text reaches the
 * query parser as syntax): 'Rechnung bez' → 'rechnung:* & bez:*'. Null when `q` holds no word.
 */
export function prefixQueryOf(q: string | undefined): string | null {
  const words = (q ?? '')
    .normalize('NFC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return words
    ? words
        .slice(0, 8)
        .map((word) => `${word}:*`)
        .join(' & ')
    : null;
}

const tsQuery = (query: string) => sql`(to_tsquery('german', ${query}) || to_tsquery('english', ${query}))`;

/** The marks ts_headline puts around matches: control characters stripped from the text first. */
export const markStart = '\u0001';
export const markStop = '\u0002';
const headlineOf = (query: string) => sql<string>`ts_headline('german',
  translate(case when ${articles.bodyText} = '' then ${articles.name} else ${articles.bodyText} end, chr(1) || chr(2), ''),
  ${tsQuery(query)},
  'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, ShortWord=2')`;

export type ListSpec = {
  filter: ArticleFilter;
  categoryId?: string;
  query: string | null;
  limit: number;
  offset: number;
};

function conditionsOf(reader: ArticleReader, spec: ListSpec): SQL | undefined {
  const byFilter: Record<ArticleFilter, SQL | undefined> = {
    active: isPublished,
    favorites: isPublished,
    draft: eq(articles.status, 'draft'),
    scheduled: and(eq(articles.status, 'active'), isNull(articles.publishedAt)),
  };
  return and(
    eq(articles.appId, reader.appId),
    byFilter[spec.filter],
    reader.readsAuth ? undefined : eq(articles.access, 'free'),
    spec.categoryId ? eq(articles.categoryId, spec.categoryId) : undefined,
    spec.query ? sql`${articles.search} @@ ${tsQuery(spec.query)}` : undefined,
  );
}

function orderOf(spec: ListSpec): SQL[] {
  const rank = spec.query ? [sql`ts_rank(${articles.search}, ${tsQuery(spec.query)}) desc`] : [];
  const byFilter: Record<ArticleFilter, SQL[]> = {
    active: [desc(articles.publishedAt)],
    favorites: [desc(articleFavorites.createdAt)],
    draft: [desc(articles.updatedAt)],
    scheduled: [asc(articles.publishAt)],
  };
  return [...rank, ...byFilter[spec.filter], desc(articles.id)];
}

type ViewColumns = {
  article: ArticleData;
  category: ArticleListRow['category'];
  authorId: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarId: string | null;
  reaction: number | null;
  favoriteAt: Date | null;
  headline: string | null;
};

/** The columns of a card or page, over the joins of `viewsFrom`. */
const viewColumns = (query: string | null) => ({
  article: articleColumns,
  category: { id: articleCategories.id, name: articleCategories.name, slug: articleCategories.slug },
  authorId: profiles.id,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  avatarId: profiles.avatarId,
  reaction: articleReactions.value,
  favoriteAt: articleFavorites.createdAt,
  headline: query ? headlineOf(query) : sql<string | null>`null`,
});

/** Articles with their category, author, and the reader's reaction and favourite (inner: favourites only). */
function viewsFrom(db: DbOrTx, profileId: string, query: string | null, favoritesOnly: boolean) {
  const favoriteOn = and(
    eq(articleFavorites.articleId, articles.id),
    eq(articleFavorites.profileId, profileId),
  );
  const joined = db
    .select(viewColumns(query))
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .leftJoin(profiles, eq(profiles.id, articles.authorProfileId))
    .leftJoin(accounts, eq(accounts.id, profiles.accountId))
    .leftJoin(
      articleReactions,
      and(eq(articleReactions.articleId, articles.id), eq(articleReactions.profileId, profileId)),
    );
  return favoritesOnly
    ? joined.innerJoin(articleFavorites, favoriteOn)
    : joined.leftJoin(articleFavorites, favoriteOn);
}

function toListRow(row: ViewColumns): ArticleListRow {
  return {
    article: row.article,
    category: row.category,
    author:
      row.authorId === null
        ? null
        : {
            id: row.authorId,
            firstName: row.firstName ?? '',
            lastName: row.lastName ?? '',
            avatarId: row.avatarId,
          },
    reaction: row.reaction,
    favorite: row.favoriteAt !== null,
    headline: row.headline,
  };
}

/** One page of a list and its total. */
export async function listArticles(
  db: DbOrTx,
  reader: ArticleReader,
  spec: ListSpec,
): Promise<{ rows: ArticleListRow[]; total: number }> {
  const where = conditionsOf(reader, spec);
  const profileId = reader.profileId ?? noProfile;
  const favoritesOnly = spec.filter === 'favorites';
  const counted = db.select({ n: count() }).from(articles);
  const [rows, [total]] = await Promise.all([
    viewsFrom(db, profileId, spec.query, favoritesOnly)
      .where(where)
      .orderBy(...orderOf(spec))
      .limit(spec.limit)
      .offset(spec.offset),
    (favoritesOnly
      ? counted.innerJoin(
          articleFavorites,
          and(eq(articleFavorites.articleId, articles.id), eq(articleFavorites.profileId, profileId)),
        )
      : counted
    ).where(where),
  ]);
  return { rows: rows.map(toListRow), total: total?.n ?? 0 };
}

/** One article with what its page shows, by id (any status: the caller's access was decided before). */
export async function findArticleView(
  db: DbOrTx,
  reader: ArticleReader,
  id: string,
): Promise<ArticleListRow | undefined> {
  const [row] = await viewsFrom(db, reader.profileId ?? noProfile, null, false).where(
    and(eq(articles.appId, reader.appId), eq(articles.id, id)),
  );
  return row ? toListRow(row) : undefined;
}

export async function findArticleBySlug(db: DbOrTx, appId: string, slug: string) {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.appId, appId), eq(articles.slug, slug)));
  return row;
}

/** The counts behind the list's filters; `favorites` of the reader's profile. */
export async function countArticles(db: DbOrTx, reader: ArticleReader) {
  const readable = reader.readsAuth ? undefined : eq(articles.access, 'free');
  const [[byStatus], [favorites]] = await Promise.all([
    db
      .select({
        active: sql<number>`count(*) filter (where ${isPublished})`.mapWith(Number),
        draft: sql<number>`count(*) filter (where ${articles.status} = 'draft')`.mapWith(Number),
        scheduled:
          sql<number>`count(*) filter (where ${articles.status} = 'active' and ${articles.publishedAt} is null)`.mapWith(
            Number,
          ),
      })
      .from(articles)
      .where(and(eq(articles.appId, reader.appId), readable)),
    db
      .select({ n: count() })
      .from(articleFavorites)
      .innerJoin(articles, eq(articles.id, articleFavorites.articleId))
      .where(
        and(
          eq(articleFavorites.profileId, reader.profileId ?? noProfile),
          eq(articles.appId, reader.appId),
          isPublished,
          readable,
        ),
      ),
  ]);
  return {
    active: byStatus?.active ?? 0,
    draft: byStatus?.draft ?? 0,
    scheduled: byStatus?.scheduled ?? 0,
    favorites: favorites?.n ?? 0,
  };
}

export async function insertArticle(db: DbOrTx, values: NewArticle): Promise<ArticleData> {
  const [row] = await db.insert(articles).values(values).returning(articleColumns);
  return row!;
}

export async function updateArticle(
  db: DbOrTx,
  id: string,
  changes: Partial<NewArticle>,
): Promise<ArticleData | undefined> {
  const [row] = await db
    .update(articles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(articles.id, id))
    .returning(articleColumns);
  return row;
}

export async function deleteArticle(db: DbOrTx, id: string): Promise<ArticleData | undefined> {
  const [row] = await db.delete(articles).where(eq(articles.id, id)).returning(articleColumns);
  return row;
}

/**
 * Publishes the article now if it is active and still unpublished (and, for the job, due): the one conditional
 * update both the job and an edit run, so exactly one of them publishes. The published row, or undefined.
 */
export async function markPublished(
  db: DbOrTx,
  id: string,
  options: { dueOnly?: boolean } = {},
): Promise<ArticleData | undefined> {
  const [row] = await db
    .update(articles)
    .set({ publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(articles.id, id),
        eq(articles.status, 'active'),
        isNull(articles.publishedAt),
        options.dueOnly ? sql`${articles.publishAt} <= now()` : undefined,
      ),
    )
    .returning(articleColumns);
  return row;
}

/** Active, unpublished articles whose time has come (the sweep of lost jobs). */
export async function findDueArticleIds(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(eq(articles.status, 'active'), isNull(articles.publishedAt), sql`${articles.publishAt} <= now()`),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}
