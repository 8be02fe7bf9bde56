import { chatLimits, type Chat } from '../../../contracts/chat.ts';
import type { ChatReadMark } from '../../../contracts/chat-read-marks.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { ChatEvents } from './chat.events.ts';
import {
  addMembers,
  block as insertBlock,
  countMembers,
  listMembers,
  liveProfileIdsOf,
  personOf,
  removeMember,
  unblock as deleteBlock,
} from './chat-members.repo.ts';
import { listReadMarks, markRead, unreadTotal } from './chat-reads.repo.ts';
import { tellReadMarks } from './chat-reads.service.ts';
import { presentPerson } from './chat.presenter.ts';
import type { ChatAccess, ChatAppAccess } from './chat.scopes.ts';
import { createChatViews } from './chat-views.ts';
import { lockChat } from './chats.repo.ts';
import { assertChatLevel } from './chat-level.ts';

/*
 * A chat's people (issue 17): the member list, joining and leaving, moderators adding people and taking members
 * out, blocking the partner of a private chat, and who has read how far (read markers, where the app shows them
 * and the chat is small). The scopes decide the route's ability; the events go out after commit.
 */

/** The people a request names: live profiles of the app (else 400 naming the field), without the caller. */
export async function peopleOf(
  db: DbOrTx,
  access: ChatAppAccess,
  ids: readonly string[],
  field: string,
): Promise<string[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== access.actor.profileId);
  const live = await liveProfileIdsOf(db, access.appId, wanted);
  if (wanted.some((id) => !live.has(id))) {
    throw badRequest({ [field]: validationKeys.invalidValue });
  }
  return wanted;
}

export function createChatMemberService(deps: { db: Db; sign: UrlSign; events: ChatEvents }) {
  const { db, sign, events } = deps;
  const { chatOf, announce } = createChatViews(deps);

  return {
    /** The members, in the order they came; a chat that hides them shows them to its moderators and managers only. */
    async members(access: ChatAccess, query: { page: number; search?: string }) {
      if (access.chat.hideMembers && access.member?.role !== 'moderator' && !access.actor.isManager) {
        throw forbidden();
      }
      const { page, search } = query;
      const size = chatLimits.membersPageSize;
      const found = await listMembers(db, access.chat.id, { limit: size, offset: (page - 1) * size, search });
      const total = search ? await countMembers(db, access.chat.id, search) : access.chat.membersCount;
      return {
        data: found.map((person) => ({
          ...presentPerson(sign, person),
          role: person.role,
          joinedAt: person.joinedAt.toISOString(),
        })),
        meta: { page, pages: Math.ceil(total / size), total },
      };
    },

    /** A public group chat: the caller becomes a member. */
    async join(access: ChatAccess): Promise<Chat> {
      const profileId = access.actor.profileId;
      await assertChatLevel(db, access);
      await db.transaction(async (tx) => {
        const locked = await lockChat(tx, access.chat.id);
        if (!locked) {
          throw notFound();
        }
        await addMembers(tx, { id: access.chat.id, appId: access.appId, lastSeq: locked.lastSeq }, [
          { profileId, role: 'member' },
        ]);
      });
      const chat = await chatOf(access.actor, access.chat.id);
      const person = await personOf(db, profileId);
      if (person) {
        events.entered(chat, presentPerson(sign, person));
      }
      return chat;
    },

    /** A moderator adds people of the app (those already in stay as they are). */
    async addProfiles(access: ChatAccess, profileIds: readonly string[]): Promise<Chat> {
      const people = await peopleOf(db, access, profileIds, 'profileIds');
      const added = await db.transaction(async (tx) => {
        const locked = await lockChat(tx, access.chat.id);
        if (!locked) {
          throw notFound();
        }
        return addMembers(
          tx,
          { id: access.chat.id, appId: access.appId, lastSeq: locked.lastSeq },
          people.map((profileId) => ({ profileId, role: 'member' as const })),
        );
      });
      await announce(access.chat.id, added, access.actor.settings, { enter: true });
      return chatOf(access.actor, access.chat.id);
    },

    async leave(access: ChatAccess): Promise<void> {
      const profileId = access.actor.profileId;
      const left = await db.transaction(async (tx) => {
        await lockChat(tx, access.chat.id);
        return removeMember(tx, access.chat.id, profileId);
      });
      if (left) {
        events.left(access.chat.id, profileId);
        events.counter(profileId, null, 0, await unreadTotal(db, profileId, access.appId));
      }
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
        await lockChat(tx, access.chat.id);
        return removeMember(tx, access.chat.id, profileId);
      });
      if (!removed) {
        throw notFound();
      }
      events.removed(access.chat.id, profileId);
      events.counter(profileId, null, 0, await unreadTotal(db, profileId, access.appId));
    },

    /** Private chats: the caller blocks the partner (who can no longer write there) and reads what is there. */
    async block(access: ChatAccess): Promise<Chat> {
      if (!access.partnerId) {
        throw forbidden();
      }
      const me = access.actor.profileId;
      await db.transaction(async (tx) => {
        await insertBlock(tx, access.appId, me, access.partnerId!);
        await markRead(tx, me, [access.chat.id]);
      });
      events.counter(me, access.chat.id, 0, await unreadTotal(db, me, access.appId));
      await tellReadMarks(db, events, [access], me);
      return chatOf(access.actor, access.chat.id);
    },

    async unblock(access: ChatAccess): Promise<Chat> {
      if (!access.partnerId) {
        throw forbidden();
      }
      await deleteBlock(db, access.actor.profileId, access.partnerId);
      return chatOf(access.actor, access.chat.id);
    },

    /** Every member's read mark (at most 50: the policy grants `read_marks` in small chats only). */
    async readMarks(access: ChatAccess): Promise<ChatReadMark[]> {
      const marks = await listReadMarks(db, access.chat.id);
      return marks.map((mark) => ({ ...presentPerson(sign, mark), lastReadSeq: mark.lastReadSeq }));
    },
  };
}

export type ChatMemberService = ReturnType<typeof createChatMemberService>;
