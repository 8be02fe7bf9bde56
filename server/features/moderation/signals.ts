import type { Logger } from 'pino';
import type { ModerationCountersEvent } from '../../../contracts/moderation.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { moderatorsOfSpace } from '../community/public.ts';
import { staffProfileIds } from './items.repo.ts';

/*
 * After a change of the inbox committed (a held post, a report that adds or hides an item, a decision), the
 * people who may see that item hear `counters` `{ moderation: true }` on their profile rooms and read their
 * counters again: the app's owner and admins, and the moderators named for the item's space. The event names
 * no item, so nothing of a space reaches someone who does not moderate it.
 */

export type ModerationSignals = {
  /** Fire and forget: the change is stored; a lost event only delays a badge until the next read. */
  inboxChanged: (appId: string, spaceId: string | null) => void;
};

export function createModerationSignals(deps: {
  db: DbOrTx;
  realtime: Realtime;
  logger: Logger;
}): ModerationSignals {
  const { db, realtime, logger } = deps;
  const payload: ModerationCountersEvent = { moderation: true };
  const tell = async (appId: string, spaceId: string | null) => {
    const moderators = spaceId ? await moderatorsOfSpace(db, spaceId) : [];
    for (const profileId of await staffProfileIds(db, appId, moderators)) {
      realtime.emit(`profile:${profileId}`, 'counters', payload);
    }
  };
  return {
    inboxChanged(appId, spaceId) {
      tell(appId, spaceId).catch((error: unknown) => {
        logger.warn({ err: error, appId }, 'moderation: counters event not sent');
      });
    },
  };
}
