import type { ChatReadMark } from '../../../contracts/chat.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { ChatEvents } from './chat.events.ts';
import { listReadMarks, readMarksOfProfile } from './chat-members.repo.ts';
import { presentPerson } from './chat.presenter.ts';
import * as repo from './chat.repo.ts';
import type { ChatAccess } from './chat.scopes.ts';

/*
 * A chat's people beyond joining and leaving (issue 17, second cut): who has read how far (read markers, where
 * the app shows them and the chat is small), and moderators taking members out. The scopes decide the route's
 * ability (`read_marks`, `delete_profile`); the events go out after commit.
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

export function createChatMemberService(deps: { db: Db; sign: UrlSign; events: ChatEvents }) {
  const { db, sign, events } = deps;

  return {
    /** Every member's read mark (at most 50: the policy grants `read_marks` in small chats only). */
    async readMarks(access: ChatAccess): Promise<ChatReadMark[]> {
      const marks = await listReadMarks(db, access.chat.id);
      return marks.map((mark) => ({ ...presentPerson(sign, mark), lastReadSeq: mark.lastReadSeq }));
    },

    /**
     * A moderator takes a member (or another moderator) out of a group chat; themselves they leave instead. The
     * person's sockets leave the room, their devices hear `chat:leave`, their unread total follows.
     */
    async remove(access: ChatAccess, profileId: string): Promise<void> {
      if (access.chat.kind !== 'group') {
        throw forbidden();
      }
      if (profileId === access.actor.profileId) {
        throw badRequest({ profileId: validationKeys.invalidValue });
      }
      const removed = await db.transaction(async (tx) => {
        await repo.lockChat(tx, access.chat.id);
        return repo.removeMember(tx, access.chat.id, profileId);
      });
      if (!removed) {
        throw notFound();
      }
      events.removed(access.chat.id, profileId);
      events.counter(profileId, null, 0, await repo.unreadTotal(db, profileId, access.appId));
    },
  };
}

export type ChatMemberService = ReturnType<typeof createChatMemberService>;
