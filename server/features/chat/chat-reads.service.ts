import type { MessageCounter } from '../../../contracts/chat.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ChatEvents } from './chat.events.ts';
import { clearFor, markRead, readMarksOfProfile, unreadTotal } from './chat-reads.repo.ts';
import type { ChatAccess, ChatAppAccess, ChatListAccess } from './chat.scopes.ts';

/*
 * How far people have read (issue 17): the app's unread badge, marking chats read and clearing a chat for
 * oneself. Each moved mark sends the person's new counters, and the room's read markers where the chat shows
 * them; the chats' notifications are read with them.
 */

/**
 * Tells the rooms of the chats whose read marks someone just moved (a read, a clear, a block) where the mark now
 * stands: only chats with read markers (`read_marks` in the reader's abilities), one query for all of them.
 */
export async function tellReadMarks(
  db: DbOrTx,
  events: ChatEvents,
  chats: readonly ChatAccess[],
  profileId: string,
): Promise<void> {
  const shown = chats.filter((chat) => chat.can.includes('read_marks') && chat.member !== null);
  const marks = await readMarksOfProfile(
    db,
    profileId,
    shown.map((chat) => chat.chat.id),
  );
  for (const mark of marks) {
    events.read({ chatId: mark.chatId, profileId, lastReadSeq: mark.lastReadSeq });
  }
}

export function createChatReadService(deps: {
  db: Db;
  events: ChatEvents;
  /** Told after a person's read mark moved (offline-notify.job.ts: the chats' notifications are read too). */
  chatsRead?: (profileId: string, chatIds: readonly string[]) => Promise<void>;
}) {
  const { db, events } = deps;

  return {
    async counter(access: ChatAppAccess): Promise<MessageCounter> {
      return { messages: await unreadTotal(db, access.actor.profileId, access.appId) };
    },

    /** Marks the listed chats read for the caller; each moved mark sends the new counters to their room. */
    async read(access: ChatListAccess): Promise<void> {
      const byProfile = new Map<string, { appId: string; chatIds: string[] }>();
      for (const chat of access.chats.filter((entry) => entry.member)) {
        const entry = byProfile.get(chat.actor.profileId) ?? { appId: chat.appId, chatIds: [] };
        entry.chatIds.push(chat.chat.id);
        byProfile.set(chat.actor.profileId, entry);
      }
      for (const [profileId, { appId, chatIds }] of byProfile) {
        const moved = await markRead(db, profileId, chatIds);
        if (moved.length > 0) {
          const total = await unreadTotal(db, profileId, appId);
          for (const chatId of moved) {
            events.counter(profileId, chatId, 0, total);
          }
          await deps.chatsRead?.(profileId, moved);
          const movedChats = access.chats.filter((chat) => moved.includes(chat.chat.id));
          await tellReadMarks(db, events, movedChats, profileId);
        }
      }
    },

    /** Clears the chat for the caller (and reads it): their view starts after the newest message. */
    async clear(access: ChatAccess): Promise<void> {
      const profileId = access.actor.profileId;
      const clearedSeq = await clearFor(db, access.chat.id, profileId);
      events.cleared(access.chat.id, profileId, clearedSeq);
      events.counter(profileId, access.chat.id, 0, await unreadTotal(db, profileId, access.appId));
      await deps.chatsRead?.(profileId, [access.chat.id]);
      await tellReadMarks(db, events, [access], profileId);
    },
  };
}

export type ChatReadService = ReturnType<typeof createChatReadService>;
