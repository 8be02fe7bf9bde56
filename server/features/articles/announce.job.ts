import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { JobDefinition, Jobs, QueuePolicy } from '../../platform/jobs.ts';
import type { Notifier } from '../notifications/public.ts';
import { announceArticle, findUnannouncedArticleIds } from './announcements.ts';

/*
 * The fan-out of an announced article to the app's members, in the worker (a large app is thousands of rows in
 * one insert). Sent after the commit that published an announced article (a save, or the publish job); the cron
 * run sweeps what a lost send left behind and what waited for the service to be switched on. Running it again is
 * harmless: announcements.ts tells each article's members once.
 */

export const articleAnnounceQueue = 'articles.announce';

export const articleAnnounceQueues = {
  [articleAnnounceQueue]: { retryLimit: 5, retryDelaySeconds: 30 },
} satisfies Record<string, QueuePolicy>;

export type ArticleAnnounceJobData = { articleId?: string };

/** The job: its article, or every announceable one; how many notifications it recorded. */
export async function runArticleAnnounceJob(
  deps: { db: Db; notifier: Pick<Notifier, 'deliver'> },
  data: ArticleAnnounceJobData,
): Promise<number> {
  const ids = data.articleId ? [data.articleId] : await findUnannouncedArticleIds(deps.db, 100);
  let recorded = 0;
  for (const id of ids) {
    const told = await deps.db.transaction((tx) => announceArticle(tx, id));
    await deps.notifier.deliver(told);
    recorded += told.length;
  }
  return recorded;
}

export function articleAnnounceJob(deps: {
  db: Db;
  notifier: Pick<Notifier, 'deliver'>;
}): JobDefinition<ArticleAnnounceJobData> {
  return {
    name: articleAnnounceQueue,
    cron: '* * * * *',
    handler: async (data) => {
      await runArticleAnnounceJob(deps, data ?? {});
    },
  };
}

/** After the commit that published an announced article: its members hear of it from the worker. */
export async function announceSoon(
  deps: { jobs: Pick<Jobs, 'send'>; logger: Logger },
  articleId: string,
): Promise<void> {
  await deps.jobs
    .send<ArticleAnnounceJobData>(articleAnnounceQueue, { articleId })
    .catch((error: unknown) => {
      // The article is saved; the sweep of the next minute sends its announcement.
      deps.logger.error({ err: error, articleId }, 'articles: announcement not queued');
    });
}
