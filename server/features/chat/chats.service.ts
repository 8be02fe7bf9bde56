import {
  chatLimits,
  type Chat,
  type ChatCreateBody,
  type ChatGroupPatchBody,
  type ChatList,
  type ChatListQuery,
  type MessageCounter,
} from '../../../contracts/chat.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { ChatEvents } from './chat.events.ts';
import { chatAbilities, type ChatActor } from './chat.policy.ts';
import { presentChat, presentPerson } from './chat.presenter.ts';
import * as repo from './chat.repo.ts';
import type { ChatAccess, ChatAppAccess, ChatListAccess } from './chat.scopes.ts';
import { tellReadMarks } from './chat-members.service.ts';

/*
 * Chats (issue 17): creating private and group chats, the lists, joining and leaving, moderators' settings,
 * clearing, blocking, deleting. Visibility and the route's ability are decided by the scopes; here are the
 * rules that depend on the request (who is added, who moderates) and the events after commit.
 */

const pagesOf = (total: number, size: number) => Math.ceil(total / size);

/**
 * How a chat looks to someone the request does not speak for (the `chat:create` event to the other people):
 * a plain member of the app. Their own reads carry their exact abilities.
 */
const plainMember = (profileId: string, settings: ChatActor['settings']): ChatActor => ({
  profileId,
  appCan: ['view_chats'],
  isManager: false,
  mayWrite: true,
  settings,
});

export function createChatService(deps: {
  db: Db;
  sign: UrlSign;
  events: ChatEvents;
  /** Told after a person's read mark moved (offline-notify.job.ts: the chats' notifications are read too). */
  chatsRead?: (profileId: string, chatIds: readonly string[]) => Promise<void>;
}) {
  const { db, sign, events } = deps;

  /** Chats of one viewer, presented with the viewer's abilities and the chats' moderators. */
  async function present(actor: ChatActor, views: repo.ChatView[], tx: DbOrTx = db): Promise<Chat[]> {
    const moderators = await repo.moderatorsOf(
      tx,
      views.filter((view) => view.kind === 'group').map((view) => view.id),
    );
    return views.map((view) =>
      presentChat(view, {
        sign,
        moderators: moderators.filter((person) => person.chatId === view.id),
        can: chatAbilities(actor, {
          kind: view.kind,
          isPublic: view.isPublic,
          isMemberAllowToChat: view.isMemberAllowToChat,
          role: view.role,
          isBlockedByMe: view.isBlocked,
          membersCount: view.membersCount,
          hideMembers: view.hideMembers,
        }),
      }),
    );
  }

  async function chatOf(actor: ChatActor, chatId: string, tx: DbOrTx = db): Promise<Chat> {
    const view = await repo.chatViewOf(tx, actor.profileId, chatId);
    if (!view) {
      throw notFound();
    }
    const [chat] = await present(actor, [view], tx);
    return chat!;
  }

  async function list(
    access: ChatAppAccess,
    filter: repo.ChatFilter,
    page: number,
    size: number,
  ): Promise<ChatList> {
    const found = await repo.listChatViews(db, access.actor.profileId, filter, {
      limit: size,
      offset: (page - 1) * size,
    });
    return {
      data: await present(access.actor, found.rows),
      meta: { page, pages: pagesOf(found.total, size), total: found.total },
    };
  }

  /** The people a request names: live profiles of the app (else 400 naming the field), without the caller. */
  async function peopleOf(access: ChatAppAccess, ids: readonly string[], field: string): Promise<string[]> {
    const wanted = [...new Set(ids)].filter((id) => id !== access.actor.profileId);
    const live = await repo.liveProfileIdsOf(db, access.appId, wanted);
    if (wanted.some((id) => !live.has(id))) {
      throw badRequest({ [field]: validationKeys.invalidValue });
    }
    return wanted;
  }

  /** Tells each new member (but the caller, who has the answer) of the chat, under the app's chat settings. */
  async function announce(
    chatId: string,
    profileIds: readonly string[],
    settings: ChatActor['settings'],
    person?: { enter: boolean },
  ) {
    for (const profileId of profileIds) {
      const chat = await chatOf(plainMember(profileId, settings), chatId).catch(() => null);
      if (!chat) {
        continue;
      }
      if (person?.enter) {
        const who = await repo.personOf(db, profileId);
        if (who) {
          events.entered(chat, presentPerson(sign, who));
        }
      } else {
        events.created(chat, profileId);
      }
    }
  }

  return {
    mine: (access: ChatAppAccess, query: ChatListQuery) =>
      list(
        access,
        { kind: 'mine', appId: access.appId, search: query.search },
        query.page,
        chatLimits.pageSize,
      ),

    publicChats: (access: ChatAppAccess, query: ChatListQuery) =>
      list(
        access,
        { kind: 'public', appId: access.appId, search: query.search },
        query.page,
        chatLimits.pageSize,
      ),

    async dropdown(
      access: ChatAppAccess,
      query: { page: number; limit: number; search?: string; chatIds?: string[] },
    ): Promise<Paginated<{ id: string; name: string; avatarUrl: string | null }>> {
      const filter: repo.ChatFilter = query.chatIds
        ? { kind: 'ids', ids: query.chatIds }
        : { kind: 'mine', appId: access.appId, search: query.search };
      const found = await repo.listChatViews(db, access.actor.profileId, filter, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const chats = await present(
        access.actor,
        found.rows.filter((view) => view.appId === access.appId),
      );
      return {
        data: chats.map((chat) => ({ id: chat.id, name: chat.name, avatarUrl: chat.avatarUrl })),
        meta: { page: query.page, pages: pagesOf(found.total, query.limit), total: found.total },
      };
    },

    async counter(access: ChatAppAccess): Promise<MessageCounter> {
      return { messages: await repo.unreadTotal(db, access.actor.profileId, access.appId) };
    },

    /**
     * A private chat with one person (the pair's existing one when there is one: `created: false`), or a group
     * chat whose creator moderates it. The kind needs its app ability (a public group its own).
     */
    async create(access: ChatAppAccess, body: ChatCreateBody): Promise<{ chat: Chat; created: boolean }> {
      const me = access.actor.profileId;
      const can = access.actor.appCan;
      if (body.kind === 'private') {
        if (!can.includes('create_private_chat')) {
          throw forbidden();
        }
        if (body.profileId === me) {
          throw badRequest({ profileId: validationKeys.invalidValue });
        }
        const [partner] = await peopleOf(access, [body.profileId], 'profileId');
        const outcome = await db.transaction(async (tx) => {
          const chat = await repo.insertPrivateChatOnce(tx, {
            id: newId(),
            appId: access.appId,
            privateKey: repo.privateKeyOf(me, partner!),
            createdByProfileId: me,
          });
          if (chat.created) {
            await repo.addMembers(tx, { id: chat.id, appId: access.appId, lastSeq: 0 }, [
              { profileId: me, role: 'member' },
              { profileId: partner!, role: 'member' },
            ]);
          }
          return chat;
        });
        const chat = await chatOf(access.actor, outcome.id);
        if (outcome.created) {
          events.created(chat, me);
          await announce(chat.id, [partner!], access.actor.settings);
        }
        return { chat, created: outcome.created };
      }
      if (
        !can.includes('create_group_chat') ||
        (body.isPublic && !can.includes('create_public_group_chat'))
      ) {
        throw forbidden();
      }
      const people = await peopleOf(access, body.profileIds, 'profileIds');
      const id = newId();
      await db.transaction(async (tx) => {
        await repo.insertChat(tx, {
          id,
          appId: access.appId,
          kind: 'group',
          name: body.name,
          isPublic: body.isPublic,
          isMemberAllowToChat: body.isMemberAllowToChat,
          hideMembers: body.hideMembers,
          createdByProfileId: me,
        });
        await repo.addMembers(tx, { id, appId: access.appId, lastSeq: 0 }, [
          { profileId: me, role: 'moderator' },
          ...people.map((profileId) => ({ profileId, role: 'member' as const })),
        ]);
      });
      const chat = await chatOf(access.actor, id);
      events.created(chat, me);
      await announce(id, people, access.actor.settings);
      return { chat, created: true };
    },

    get: (access: ChatAccess) => chatOf(access.actor, access.chat.id),

    /** GAPS 19: the current state of the listed chats the caller sees; nothing changes. */
    async states(access: ChatListAccess): Promise<Chat[]> {
      const result: Chat[] = [];
      for (const chat of access.chats) {
        result.push(await chatOf(chat.actor, chat.chat.id));
      }
      return result;
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
        const moved = await repo.markRead(db, profileId, chatIds);
        if (moved.length > 0) {
          const total = await repo.unreadTotal(db, profileId, appId);
          for (const chatId of moved) {
            events.counter(profileId, chatId, 0, total);
          }
          await deps.chatsRead?.(profileId, moved);
          const movedChats = access.chats.filter((chat) => moved.includes(chat.chat.id));
          await tellReadMarks(db, events, movedChats, profileId);
        }
      }
    },

    async remove(access: ChatAccess): Promise<void> {
      await repo.softDeleteChat(db, access.chat.id);
      events.chatDeleted(access.chat.id);
    },

    async clear(access: ChatAccess): Promise<void> {
      const profileId = access.actor.profileId;
      const clearedSeq = await repo.clearFor(db, access.chat.id, profileId);
      events.cleared(access.chat.id, profileId, clearedSeq);
      events.counter(profileId, access.chat.id, 0, await repo.unreadTotal(db, profileId, access.appId));
      await deps.chatsRead?.(profileId, [access.chat.id]);
      await tellReadMarks(db, events, [access], profileId);
    },

    /** Route chat edit: name, settings and who moderates (`profileIds`: members of the chat, at least one). */
    async editGroup(access: ChatAccess, body: ChatGroupPatchBody): Promise<Chat> {
      if (access.chat.kind !== 'group') {
        throw forbidden();
      }
      if (
        body.isPublic &&
        !access.chat.isPublic &&
        !access.actor.appCan.includes('create_public_group_chat')
      ) {
        throw forbidden();
      }
      await db.transaction(async (tx) => {
        if (body.profileIds) {
          const moderators = [...new Set(body.profileIds)];
          const members = new Set(await repo.memberIdsOf(tx, access.chat.id));
          if (moderators.length === 0 || moderators.some((id) => !members.has(id))) {
            throw badRequest({ profileIds: validationKeys.invalidValue });
          }
          await repo.setModerators(tx, access.chat.id, moderators);
        }
        const values = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.hideMembers !== undefined ? { hideMembers: body.hideMembers } : {}),
          ...(body.isMemberAllowToChat !== undefined
            ? { isMemberAllowToChat: body.isMemberAllowToChat }
            : {}),
          ...(body.isPublic !== undefined ? { isPublic: body.isPublic } : {}),
        };
        if (Object.keys(values).length > 0) {
          await repo.updateChat(tx, access.chat.id, values);
        }
      });
      const chat = await chatOf(access.actor, access.chat.id);
      // The room's headers follow at once (`chat:settings`); a member whose standing changed reads the chat again.
      events.groupChanged(chat);
      return chat;
    },

    /** A public group chat: the caller becomes a member. */
    async join(access: ChatAccess): Promise<Chat> {
      const profileId = access.actor.profileId;
      await db.transaction(async (tx) => {
        const locked = await repo.lockChat(tx, access.chat.id);
        if (!locked) {
          throw notFound();
        }
        await repo.addMembers(tx, { id: access.chat.id, appId: access.appId, lastSeq: locked.lastSeq }, [
          { profileId, role: 'member' },
        ]);
      });
      const chat = await chatOf(access.actor, access.chat.id);
      const person = await repo.personOf(db, profileId);
      if (person) {
        events.entered(chat, presentPerson(sign, person));
      }
      return chat;
    },

    /** A moderator adds people of the app (those already in stay as they are). */
    async addProfiles(access: ChatAccess, profileIds: readonly string[]): Promise<Chat> {
      const people = await peopleOf(access, profileIds, 'profileIds');
      const added = await db.transaction(async (tx) => {
        const locked = await repo.lockChat(tx, access.chat.id);
        if (!locked) {
          throw notFound();
        }
        return repo.addMembers(
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
        await repo.lockChat(tx, access.chat.id);
        return repo.removeMember(tx, access.chat.id, profileId);
      });
      if (left) {
        events.left(access.chat.id, profileId);
        events.counter(profileId, null, 0, await repo.unreadTotal(db, profileId, access.appId));
      }
    },

    /** The members, in the order they came; a chat that hides them shows them to its moderators and managers only. */
    async members(access: ChatAccess, page: number) {
      if (access.chat.hideMembers && access.member?.role !== 'moderator' && !access.actor.isManager) {
        throw forbidden();
      }
      const size = chatLimits.membersPageSize;
      const found = await repo.listMembers(db, access.chat.id, { limit: size, offset: (page - 1) * size });
      return {
        data: found.map((person) => ({
          ...presentPerson(sign, person),
          role: person.role,
          joinedAt: person.joinedAt.toISOString(),
        })),
        meta: { page, pages: pagesOf(access.chat.membersCount, size), total: access.chat.membersCount },
      };
    },

    /** Private chats: the caller blocks the partner (who can no longer write there) and reads what is there. */
    async block(access: ChatAccess): Promise<Chat> {
      if (!access.partnerId) {
        throw forbidden();
      }
      const me = access.actor.profileId;
      await db.transaction(async (tx) => {
        await repo.block(tx, access.appId, me, access.partnerId!);
        await repo.markRead(tx, me, [access.chat.id]);
      });
      events.counter(me, access.chat.id, 0, await repo.unreadTotal(db, me, access.appId));
      await tellReadMarks(db, events, [access], me);
      return chatOf(access.actor, access.chat.id);
    },

    async unblock(access: ChatAccess): Promise<Chat> {
      if (!access.partnerId) {
        throw forbidden();
      }
      await repo.unblock(db, access.actor.profileId, access.partnerId);
      return chatOf(access.actor, access.chat.id);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
