import type { Logger } from 'pino';
import { chatLimits } from '../../../contracts/chat.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobDefinition, Jobs, QueuePolicy } from '../../platform/jobs.ts';
import {
  markCollapsedRead,
  newestDataByCollapseKey,
  recordNotifications,
  type NotificationEvent,
  type Notifier,
  type RecordedNotification,
} from '../notifications/public.ts';
import type { OnMessageSent } from './message-sent.ts';
import { chatNewsOf, unreadMembersOf } from './offline-notify.repo.ts';

/*
 * Offline notifications of chat messages (issue 17). A sent message schedules its chat's job a minute ahead
 * (`chatLimits.offlineNotifyDelayMs`); while that job waits, further messages of the chat join it (the queue is
 * `stately` and the job's singleton key is the chat). The job tells every live member who has still not read
 * up to the chat's newest message with one `chat_message` item per chat (collapse key `chat:{id}`): the newest
 * message's author and excerpt, and as its count the messages they had not been told of. Each item remembers
 * the sequence it told up to (`data.lastSeq`), so a person is never told twice of the same messages; reading
 * the chat marks its item read. Push and mail then follow the person's settings (notifications feature).
 */

export const offlineNotifyQueue = 'chat.offline-notify';

export const chatQueues = {
  [offlineNotifyQueue]: { retryLimit: 3, retryDelaySeconds: 30, policy: 'stately' },
} satisfies Record<string, QueuePolicy>;

export type OfflineNotifyJobData = { chatId: string };

/** The item of a chat in a person's notification list. */
export const chatCollapseKey = (chatId: string) => `chat:${chatId}`;

/** Characters of the newest message an item shows (as the chat list's last message). */
const excerptLength = 200;

/** A message's text as a notification's second line: white space collapsed, at most 200 characters. */
export const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength - 1)}…` : flat;
};

/** After a message committed: its chat's job, `delayMs` ahead, unless one is already waiting. */
export function scheduleOfflineNotify(deps: { jobs: Pick<Jobs, 'send'>; delayMs?: number }): OnMessageSent {
  const delayMs = deps.delayMs ?? chatLimits.offlineNotifyDelayMs;
  const startAfterSeconds = Math.ceil(delayMs / 1000);
  // A job this instance queued tells everything up to the moment it runs, so messages of the same chat until
  // shortly before then need none of their own: a busy chat costs the queue one insert per window, not one per
  // message. (The queue's singleton key still makes one job of what several instances queue.)
  const coveredUntil = new Map<string, number>();
  const margin = Math.min(5_000, delayMs / 2);
  return async ({ chatId }) => {
    const now = Date.now();
    if ((coveredUntil.get(chatId) ?? 0) > now) {
      return;
    }
    if (coveredUntil.size > 10_000) {
      for (const [id, until] of coveredUntil) {
        if (until <= now) {
          coveredUntil.delete(id);
        }
      }
    }
    await deps.jobs.send<OfflineNotifyJobData>(
      offlineNotifyQueue,
      { chatId },
      { singletonKey: chatId, startAfterSeconds },
    );
    coveredUntil.set(chatId, now + delayMs - margin);
  };
}

/**
 * Records the chat's news for its members who have not read it, inside the caller's transaction; answers what
 * the notifier delivers after commit. Safe to run again: what an item told of is not told again.
 */
export async function notifyOfflineMembers(tx: DbOrTx, chatId: string): Promise<RecordedNotification[]> {
  const news = await chatNewsOf(tx, chatId);
  if (!news) {
    return [];
  }
  const members = await unreadMembersOf(tx, { id: chatId, kind: news.kind, lastSeq: news.lastSeq });
  const key = chatCollapseKey(chatId);
  const told = await newestDataByCollapseKey(
    tx,
    key,
    members.map((member) => member.profileId),
  );
  // One event per number of new messages: people who read up to different points count differently.
  const byCount = new Map<number, string[]>();
  for (const member of members) {
    const toldSeq = Number(told.get(member.profileId)?.lastSeq ?? 0) || 0;
    const count = news.lastSeq - Math.max(member.lastReadSeq, toldSeq);
    if (count > 0) {
      const recipients = byCount.get(count) ?? [];
      recipients.push(member.profileId);
      byCount.set(count, recipients);
    }
  }
  const data = {
    chatId,
    chatKind: news.kind,
    chatName: news.name,
    excerpt: excerptOf(news.text),
    lastSeq: String(news.lastSeq),
  };
  const events: NotificationEvent[] = [...byCount].map(([count, recipients]) => ({
    appId: news.appId,
    type: 'chat_message',
    recipients,
    actorProfileId: news.authorProfileId,
    collapseKey: key,
    count,
    data,
  }));
  return recordNotifications(tx, events);
}

export function offlineNotifyJob(deps: {
  db: Db;
  notifier: Pick<Notifier, 'deliver'>;
}): JobDefinition<OfflineNotifyJobData> {
  return {
    name: offlineNotifyQueue,
    handler: async (data) => {
      const recorded = await deps.db.transaction((tx) => notifyOfflineMembers(tx, data.chatId));
      await deps.notifier.deliver(recorded);
    },
  };
}

/**
 * A person read chats (or cleared them): the items that told of them are read too, so no mail follows for what
 * they saw, and their badge moves. Never throws: the read itself is stored already.
 */
export function chatNotificationsRead(deps: {
  db: Db;
  notifier: Pick<Notifier, 'badge'>;
  logger: Pick<Logger, 'warn'>;
}): (profileId: string, chatIds: readonly string[]) => Promise<void> {
  return async (profileId, chatIds) => {
    try {
      const unread = await markCollapsedRead(deps.db, profileId, chatIds.map(chatCollapseKey));
      if (unread !== null) {
        deps.notifier.badge(profileId, unread);
      }
    } catch (error) {
      deps.logger.warn({ err: error, profileId }, 'chat: notifications of read chats not marked read');
    }
  };
}
