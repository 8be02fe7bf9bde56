import {
  chatLimits,
  type Chat,
  type ChatCreateBody,
  type ChatGroupPatchBody,
  type ChatList,
  type ChatListQuery,
} from '../../../contracts/chat.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pictureFieldErrors, type UrlSign } from '../cloud/public.ts';
import { levelFieldErrors } from '../gamification/public.ts';
import type { ChatEvents } from './chat.events.ts';
import { listChatViews, type ChatFilter } from './chat-list.repo.ts';
import { addMembers, memberIdsOf, setModerators } from './chat-members.repo.ts';
import { peopleOf } from './chat-members.service.ts';
import type { ChatAccess, ChatAppAccess, ChatListAccess } from './chat.scopes.ts';
import { createChatViews } from './chat-views.ts';
import { insertChat, insertPrivateChatOnce, privateKeyOf, softDeleteChat, updateChat } from './chats.repo.ts';

/*
 * Chats (issue 17): creating private and group chats, the lists, one chat, moderators' settings, deleting.
 * Visibility and the route's ability are decided by the scopes; here are the rules that depend on the request
 * (who is added, who moderates, the group's picture) and the events after commit. Joining, leaving and blocking
 * are the members' service (chat-members.service.ts), reading and clearing the reads' (chat-reads.service.ts).
 */

const pagesOf = (total: number, size: number) => Math.ceil(total / size);

export function createChatService(deps: { db: Db; sign: UrlSign; events: ChatEvents }) {
  const { db, events } = deps;
  const { present, chatOf, announce } = createChatViews(deps);

  /** A group's picture is one of the caller's own live images of the app's project (else 400 naming it). */
  async function checkPicture(access: ChatAppAccess, avatarId: string | null | undefined) {
    const errors = await pictureFieldErrors(
      db,
      access.app.app.projectId,
      { avatarId },
      access.app.profile!.accountId,
    );
    if (Object.keys(errors).length > 0) {
      throw badRequest(errors);
    }
  }

  /** A group's level (issue 21): a level of the app. */
  async function checkLevel(access: ChatAppAccess, statusId: string | null | undefined) {
    const errors = await levelFieldErrors(db, access.appId, statusId);
    if (Object.keys(errors).length > 0) {
      throw badRequest(errors);
    }
  }

  async function list(
    access: ChatAppAccess,
    filter: ChatFilter,
    page: number,
    size: number,
  ): Promise<ChatList> {
    const found = await listChatViews(db, access.actor.profileId, filter, {
      limit: size,
      offset: (page - 1) * size,
    });
    return {
      data: await present(access.actor, found.rows),
      meta: { page, pages: pagesOf(found.total, size), total: found.total },
    };
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
      const filter: ChatFilter = query.chatIds
        ? { kind: 'ids', ids: query.chatIds }
        : { kind: 'mine', appId: access.appId, search: query.search };
      const found = await listChatViews(db, access.actor.profileId, filter, {
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
        const [partner] = await peopleOf(db, access, [body.profileId], 'profileId');
        const outcome = await db.transaction(async (tx) => {
          const chat = await insertPrivateChatOnce(tx, {
            id: newId(),
            appId: access.appId,
            privateKey: privateKeyOf(me, partner!),
            createdByProfileId: me,
          });
          if (chat.created) {
            await addMembers(tx, { id: chat.id, appId: access.appId, lastSeq: 0 }, [
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
      await checkPicture(access, body.avatarId);
      await checkLevel(access, body.requiredStatusId);
      const people = await peopleOf(db, access, body.profileIds, 'profileIds');
      const id = newId();
      await db.transaction(async (tx) => {
        await insertChat(tx, {
          id,
          appId: access.appId,
          kind: 'group',
          name: body.name,
          isPublic: body.isPublic,
          isMemberAllowToChat: body.isMemberAllowToChat,
          hideMembers: body.hideMembers,
          avatarId: body.avatarId,
          requiredStatusId: body.requiredStatusId ?? null,
          createdByProfileId: me,
        });
        await addMembers(tx, { id, appId: access.appId, lastSeq: 0 }, [
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

    async remove(access: ChatAccess): Promise<void> {
      await softDeleteChat(db, access.chat.id);
      events.chatDeleted(access.chat.id);
    },

    /** Route chat edit: name, picture, flags, moderators (`profileIds`: members of the chat, at least 1). */
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
      await checkPicture(access, body.avatarId);
      await checkLevel(access, body.requiredStatusId);
      await db.transaction(async (tx) => {
        if (body.profileIds) {
          const moderators = [...new Set(body.profileIds)];
          const members = new Set(await memberIdsOf(tx, access.chat.id));
          if (moderators.length === 0 || moderators.some((id) => !members.has(id))) {
            throw badRequest({ profileIds: validationKeys.invalidValue });
          }
          await setModerators(tx, access.chat.id, moderators);
        }
        const values = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.avatarId !== undefined ? { avatarId: body.avatarId } : {}),
          ...(body.hideMembers !== undefined ? { hideMembers: body.hideMembers } : {}),
          ...(body.isMemberAllowToChat !== undefined
            ? { isMemberAllowToChat: body.isMemberAllowToChat }
            : {}),
          ...(body.isPublic !== undefined ? { isPublic: body.isPublic } : {}),
          ...(body.requiredStatusId !== undefined ? { requiredStatusId: body.requiredStatusId } : {}),
        };
        if (Object.keys(values).length > 0) {
          await updateChat(tx, access.chat.id, values);
        }
      });
      const chat = await chatOf(access.actor, access.chat.id);
      // The room's headers follow at once (`chat:settings`); a member whose standing changed reads the chat again.
      events.groupChanged(chat);
      return chat;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
