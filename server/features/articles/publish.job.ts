import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client.ts';
import type { JobDefinition, Jobs, QueuePolicy } from '../../platform/jobs.ts';
import { announceSoon } from './announce.job.ts';
import { bumpArticlesCount } from './article-categories.repo.ts';
import { findDueArticleIds, markPublished, type ArticleData } from './articles.repo.ts';

/*
 * Scheduled articles (issue 20): an active article with `publishAt` ahead stays unpublished until this job or an
 * edit that publishes it (status active with no schedule ahead), whichever runs first — exactly once, because
 * both run the same conditional update (articles.repo.ts markPublished) and only the one that changed the row
 * moves its category's count.
 */

export const articlePublishQueue = 'articles.publish';

export const articleQueues = {
  // A job per scheduled article, sent with `startAfter = publishAt`; the cron run sweeps any that a lost job or
  // a changed schedule left behind. Running it again is harmless.
  [articlePublishQueue]: { retryLimit: 5, retryDelaySeconds: 30 },
} satisfies Record<string, QueuePolicy>;

export type ArticlePublishJobData = { articleId?: string };

/** Publishes the article now if it is still unpublished (and, `dueOnly`, due); the row when this call did. */
async function publish(
  db: DbOrTx,
  id: string,
  options: { dueOnly?: boolean },
): Promise<ArticleData | undefined> {
  return db.transaction(async (tx) => {
    const published = await markPublished(tx, id, options);
    if (published) {
      await bumpArticlesCount(tx, published.categoryId, 1);
    }
    return published;
  });
}

/** Publishes the article now if it is still unpublished (and, `dueOnly`, due); true when this call published it. */
export async function publishArticle(
  db: DbOrTx,
  id: string,
  options: { dueOnly?: boolean } = {},
): Promise<boolean> {
  return (await publish(db, id, options)) !== undefined;
}

export type ArticlePublishDeps = { db: DbOrTx; jobs: Pick<Jobs, 'send'>; logger: Logger };

/**
 * The job: its article if due (a rescheduled one waits for its newer job), or every due article. What it
 * published as an announcement goes on to the announcement's job.
 */
export async function runArticlePublishJob(
  deps: ArticlePublishDeps,
  data: ArticlePublishJobData,
): Promise<number> {
  const ids = data.articleId ? [data.articleId] : await findDueArticleIds(deps.db, 500);
  let published = 0;
  for (const id of ids) {
    const article = await publish(deps.db, id, { dueOnly: true });
    if (article) {
      published += 1;
      if (article.isAnnounced) {
        await announceSoon(deps, id);
      }
    }
  }
  return published;
}

export function articlePublishJob(deps: ArticlePublishDeps): JobDefinition<ArticlePublishJobData> {
  return {
    name: articlePublishQueue,
    cron: '* * * * *',
    handler: async (data) => {
      await runArticlePublishJob(deps, data ?? {});
    },
  };
}

/** Sends the job of an article scheduled for `publishAt` (after the transaction that scheduled it committed). */
export async function scheduleArticle(jobs: Jobs, id: string, publishAt: Date): Promise<void> {
  const seconds = Math.max(1, Math.ceil((publishAt.getTime() - Date.now()) / 1000));
  await jobs.send<ArticlePublishJobData>(
    articlePublishQueue,
    { articleId: id },
    { startAfterSeconds: seconds },
  );
}
