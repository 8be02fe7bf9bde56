import type { Realtime } from '../../platform/realtime.ts';
import type { Notifier } from '../notifications/public.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { JobDefinition, Jobs, QueuePolicy } from '../../platform/jobs.ts';
import { awardPostPoints } from './post-points.ts';
import { bumpPostsCount, findDuePostIds, markPublished } from './posts.repo.ts';

/*
 * Scheduled posts (issue 15): a post with `publishAt` ahead stays unpublished until either the explicit
 * publish call or this job, whichever runs first, publishes it — exactly once, because both run the same
 * conditional update (posts.repo.ts markPublished) and only the one that changed the row moves the counter.
 */

export const publishQueue = 'community.publish';

export const communityQueues = {
  // A job per scheduled post, sent with `startAfter = publishAt`; the cron run sweeps any that a lost job or
  // a changed schedule left behind. Running it again is harmless.
  [publishQueue]: { retryLimit: 5, retryDelaySeconds: 30 },
} satisfies Record<string, QueuePolicy>;

export type PublishJobData = { postId?: string };

/** Told after a post's publication committed (the feed's counters, the space's notifications). */
export type OnPublished = (appId: string, postId: string) => void;

/** Publishes the post now if it is still unpublished; true when this call published it. */
export async function publishPost(
  db: DbOrTx,
  postId: string,
  options: { dueOnly?: boolean; onPublished?: OnPublished } = {},
): Promise<boolean> {
  const appId = await db.transaction(async (tx) => {
    const published = await markPublished(tx, postId, options);
    if (!published) {
      return null;
    }
    await bumpPostsCount(tx, published, 1);
    await awardPostPoints(tx, { ...published, id: postId });
    return published.appId;
  });
  if (appId !== null) {
    options.onPublished?.(appId, postId);
  }
  return appId !== null;
}

/** What the job does: its post if that is due (a rescheduled post waits for its newer job), or every due post. */
export async function runPublishJob(
  db: DbOrTx,
  data: PublishJobData,
  onPublished?: OnPublished,
): Promise<number> {
  const ids = data.postId ? [data.postId] : await findDuePostIds(db, 500);
  let published = 0;
  for (const id of ids) {
    if (await publishPost(db, id, { dueOnly: true, onPublished })) {
      published += 1;
    }
  }
  return published;
}

export function publishJob(deps: { db: DbOrTx; onPublished?: OnPublished }): JobDefinition<PublishJobData> {
  return {
    name: publishQueue,
    cron: '* * * * *',
    handler: async (data) => {
      await runPublishJob(deps.db, data ?? {}, deps.onPublished);
    },
  };
}

/**
 * What a published post tells: the app's sockets get `counters` with `{ posts: true }`, and each member reads
 * their own counters again (which spaces have new posts is theirs to know; a secret space's id never goes out);
 * the members of its space are notified by the worker (server/features/notifications).
 */
export function postsPublishedTo(realtime: Realtime, notifier: Pick<Notifier, 'postPublished'>): OnPublished {
  return (appId, postId) => {
    realtime.emit(`app:${appId}`, 'counters', { posts: true });
    void notifier.postPublished(postId);
  };
}

/** Sends the job of a post scheduled for `publishAt` (after the transaction that scheduled it committed). */
export async function schedulePublish(jobs: Jobs, postId: string, publishAt: Date): Promise<void> {
  const seconds = Math.max(1, Math.ceil((publishAt.getTime() - Date.now()) / 1000));
  await jobs.send<PublishJobData>(publishQueue, { postId }, { startAfterSeconds: seconds });
}
