import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { notifyPublishedPost } from '../community/public.ts';
import type { NewPostJobData, Notifier } from './notifier.ts';

/**
 * The fan-out of a published post to its space's members and the people it mentions, in the worker: a space
 * of thousands is one insert, and a retry tells nobody twice (community-notifications.ts).
 */
export function newPostJob(deps: { db: Db; notifier: Notifier }): JobDefinition<NewPostJobData> {
  return {
    name: 'notifications.new-post',
    handler: async (data) => {
      const recorded = await deps.db.transaction((tx) => notifyPublishedPost(tx, data.postId));
      await deps.notifier.deliver(recorded);
    },
  };
}
