import { sql, type SQL } from 'drizzle-orm';
import { defaultAppServices } from '../../../contracts/workspace.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recordNotifications, type RecordedNotification } from '../notifications/public.ts';

/*
 * Announced articles (issue 20): an article marked `isAnnounced` tells the app's members once, when it is
 * published and they can read it (docs/decisions/articles.md). `announced_at` is the once: the fan-out sets it in
 * the transaction that records the notifications, on the article's row lock, so a retried job, a second job of a
 * racing save and the sweep all find it set and tell nobody again — also after the article was unpublished and
 * published anew, or its flag cleared and set again.
 */

async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** The app's `articles` service is on: its stored switch, else the default (apps' servicesOf, in SQL). */
const serviceOn = sql`coalesce((ap.options -> 'services' ->> 'articles')::boolean, ${defaultAppServices.articles})`;

/**
 * Published, announced, not yet told, and readable by members (the service on): off, only the editors read it,
 * so the announcement waits until the service is switched on and the sweep finds it.
 */
const announceable = sql`a.is_announced and a.announced_at is null and a.status = 'active'
  and a.published_at is not null and ${serviceOn}`;

/**
 * Tells the app's members of the article if it is announceable, exactly once; what the notifier delivers after
 * commit (nothing when it was told already or is not to be told). Run inside a transaction.
 */
export async function announceArticle(tx: DbOrTx, articleId: string): Promise<RecordedNotification[]> {
  // The row lock serializes concurrent runs: the second one reads `announced_at` set and finds nothing.
  const [article] = await rows<{
    app_id: string;
    author_profile_id: string | null;
    name: string;
    slug: string;
    category_slug: string;
  }>(
    tx,
    sql`select a.app_id, a.author_profile_id, a.name, a.slug, c.slug as category_slug
      from articles a join article_categories c on c.id = a.category_id join apps ap on ap.id = a.app_id
      where a.id = ${articleId} and ${announceable}
      for update of a`,
  );
  if (!article) {
    return [];
  }
  await tx.execute(sql`update articles set announced_at = now() where id = ${articleId}`);
  // Every live profile of the app reads a published article of a switched-on service, `free` or `auth` alike
  // (members are signed in); invited people are not members yet. As with new posts, sanctions are not read here.
  const members = await rows<{ id: string }>(
    tx,
    sql`select p.id from profiles p
      where p.app_id = ${article.app_id} and p.deleted_at is null and p.type <> 'invited'
        and p.id is distinct from ${article.author_profile_id}`,
  );
  return recordNotifications(tx, [
    {
      appId: article.app_id,
      type: 'article_announced',
      recipients: members.map((row) => row.id),
      data: {
        title: article.name,
        articleId,
        articleSlug: article.slug,
        categorySlug: article.category_slug,
      },
    },
  ]);
}

/** Announceable articles, oldest publication first: those whose job was lost or waited for the service. */
export async function findUnannouncedArticleIds(db: DbOrTx, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select a.id from articles a join apps ap on ap.id = a.app_id
      where ${announceable} order by a.published_at limit ${limit}`,
  );
  return found.map((row) => row.id);
}
