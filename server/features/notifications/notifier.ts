import type { Logger } from 'pino';
import type { NotificationCountersEvent } from '../../../contracts/notifications.ts';
import type { Jobs, QueuePolicy } from '../../platform/jobs.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { RecordedNotification } from './notifications.repo.ts';

/*
 * What happens after notifications were recorded and their transaction committed: each recipient's badge goes
 * out on their profile room at once (every instance, web or worker), and the new items are queued for push,
 * which the worker sends to people without an open app (server/features/notifications/push.job.ts). E-mail
 * needs nothing here: the mail sweep finds the items whose hold has passed (mail.job.ts).
 */

export const notificationQueues = {
  /** Push messages of new items (`{ ids }`); a retry sends only to items still unread. */
  'notifications.push': { retryLimit: 3, retryDelaySeconds: 20 },
  /** New-post notifications to the members of a space (`{ postId }`), fanned out by the worker. */
  'notifications.new-post': { retryLimit: 5, retryDelaySeconds: 30 },
  /** Every minute: the mails whose hold has passed; once a day, digests and pruning. */
  'notifications.mail': { retryLimit: 2, retryDelaySeconds: 30 },
} satisfies Record<string, QueuePolicy>;

export type PushJobData = { ids: string[] };
export type NewPostJobData = { postId: string };

/** Items per push job: a fan-out to a large space becomes several jobs. */
const pushBatch = 200;

export type Notifier = {
  /** Sends the person's new badge to their sockets. */
  badge(profileId: string, unread: number): void;
  /** After commit: badges out, new items queued for push. Never throws: the items are stored already. */
  deliver(recorded: readonly RecordedNotification[]): Promise<void>;
  /** After the post's publication committed: its space's members hear of it (by the worker). */
  postPublished(postId: string): Promise<void>;
};

export function createNotifier(deps: {
  realtime: Realtime;
  jobs: Pick<Jobs, 'send'>;
  logger: Logger;
}): Notifier {
  const { realtime, jobs, logger } = deps;

  const badge = (profileId: string, unread: number) => {
    const payload: NotificationCountersEvent = { notifications: unread };
    realtime.emit(`profile:${profileId}`, 'counters', payload);
  };

  return {
    badge,
    async deliver(recorded) {
      const latest = new Map<string, number>();
      for (const item of recorded) {
        latest.set(item.profileId, item.unread);
      }
      for (const [profileId, unread] of latest) {
        badge(profileId, unread);
      }
      const fresh = recorded.filter((item) => item.isNew).map((item) => item.id);
      for (let start = 0; start < fresh.length; start += pushBatch) {
        const ids = fresh.slice(start, start + pushBatch);
        await jobs.send<PushJobData>('notifications.push', { ids }).catch((error: unknown) => {
          // The items are in the list and their mails will go; only the push is lost.
          logger.warn({ err: error, count: ids.length }, 'notifications: push not queued');
        });
      }
    },
    async postPublished(postId) {
      await jobs.send<NewPostJobData>('notifications.new-post', { postId }).catch((error: unknown) => {
        logger.error({ err: error, postId }, 'notifications: new-post fan-out not queued');
      });
    },
  };
}
