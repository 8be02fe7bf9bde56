import type { FastifyRequest } from 'fastify';
import type { ChatAbility } from '../../../contracts/chat.ts';
import { chatSettingsOf } from '../../../contracts/chat-settings.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import {
  isAppManager,
  loadAppAccess,
  paramOf,
  type AppAccess,
  type AppAbility,
} from '../workspace/public.ts';
import {
  chatAbilities,
  chatMessageAbilities,
  type ChatActor,
  type ChatMessageAbility,
} from './chat.policy.ts';
import { findChatWithStanding, findMember, isBlocking, type ChatMemberRow } from './chat-members.repo.ts';
import { findLiveChats, partnerIdOf, type ChatRow } from './chats.repo.ts';
import { findMessage, type ChatMessageRow } from './messages.repo.ts';

/*
 * The chat's route scopes (issue 17). Every chat route speaks for the caller's live profile in the chat's app:
 * without one the app's chats are invisible (404). The platform checks the route's declared ability against
 * what a scope grants (403); services receive the resolved access.
 */

const prefixed = (subject: string, names: readonly string[]) => names.map((name) => `${subject}:${name}`);

/** Chat creation writes in the caller's name: never while masquerading (that only reads as the member). */
const creationAbilities: readonly AppAbility[] = [
  'create_private_chat',
  'create_group_chat',
  'create_public_group_chat',
];

export type ChatAppAccess = { app: AppAccess; actor: ChatActor; appId: string };

export type ChatAccess = ChatAppAccess & {
  chat: ChatRow;
  member: ChatMemberRow | null;
  /** The other person of a private chat. */
  partnerId: string | null;
  isBlockedByMe: boolean;
  can: ChatAbility[];
};

export type ChatMessageAccess = ChatAccess & {
  message: ChatMessageRow;
  messageCan: ChatMessageAbility[];
};

export type ChatListAccess = { chats: ChatAccess[] };

function actorOf(app: AppAccess): ChatActor {
  if (!app.profile) {
    throw notFound();
  }
  const appCan = app.masquerade ? app.can.filter((ability) => !creationAbilities.includes(ability)) : app.can;
  return {
    profileId: app.profile.id,
    appCan,
    isManager: isAppManager(app),
    mayWrite: app.masquerade === null && app.sanction !== 'punished' && app.can.includes('view_chats'),
    settings: chatSettingsOf(app.app.serviceSettings.chat),
  };
}

async function chatAppAccess(db: DbOrTx, actor: Actor, appId: string): Promise<ChatAppAccess> {
  const app = await loadAppAccess(db, actor, appId);
  return { app, actor: actorOf(app), appId: app.app.id };
}

/** The caller's access to a chat they may see (else 404). */
export async function loadChatAccess(
  db: DbOrTx,
  actor: Actor,
  chat: ChatRow,
  known?: ChatAppAccess,
): Promise<ChatAccess> {
  const base = known ?? (await chatAppAccess(db, actor, chat.appId));
  const member = (await findMember(db, chat.id, base.actor.profileId)) ?? null;
  const partnerId = chat.kind === 'private' ? partnerIdOf(chat, base.actor.profileId) : null;
  const isBlockedByMe = partnerId ? await isBlocking(db, base.actor.profileId, partnerId) : false;
  const can = chatAbilities(base.actor, {
    kind: chat.kind,
    isPublic: chat.isPublic,
    isMemberAllowToChat: chat.isMemberAllowToChat,
    role: member?.role ?? null,
    isBlockedByMe,
    membersCount: chat.membersCount,
    hideMembers: chat.hideMembers,
  });
  if (can.length === 0) {
    throw notFound();
  }
  return { ...base, chat, member, partnerId, isBlockedByMe, can };
}

/**
 * The caller's access to the chat of `chatId`, in two round trips: the chat with the caller's standing in it,
 * then the app access (both named statements). The standing is read for the profile the app access speaks for;
 * should the two differ (a masquerade the app refuses answers 403 there first), the standing is read again.
 */
async function chatAccessById(db: DbOrTx, actor: Actor, chatId: string): Promise<ChatAccess> {
  if (actor.kind === 'invalid-token') {
    throw notFound();
  }
  const accountId = actor.kind === 'account' ? actor.accountId : null;
  const masquerade = actor.kind === 'account' ? (actor.masqueradeProfileId ?? null) : null;
  const standing = await findChatWithStanding(db, chatId, accountId, masquerade);
  if (!standing) {
    throw notFound();
  }
  const base = await chatAppAccess(db, actor, standing.chat.appId);
  if (standing.viewerId !== base.actor.profileId) {
    return loadChatAccess(db, actor, standing.chat, base);
  }
  const { chat, member, isBlockedByMe } = standing;
  const partnerId = chat.kind === 'private' ? partnerIdOf(chat, base.actor.profileId) : null;
  const can = chatAbilities(base.actor, {
    kind: chat.kind,
    isPublic: chat.isPublic,
    isMemberAllowToChat: chat.isMemberAllowToChat,
    role: member?.role ?? null,
    isBlockedByMe,
    membersCount: chat.membersCount,
    hideMembers: chat.hideMembers,
  });
  if (can.length === 0) {
    throw notFound();
  }
  const memberRow = member
    ? { chatId: chat.id, profileId: base.actor.profileId, appId: chat.appId, ...member }
    : null;
  return { ...base, chat, member: memberRow, partnerId, isBlockedByMe, can };
}

/** A message's abilities for the caller, from the chat's access. */
export const messageAbilitiesOf = (
  access: ChatAccess,
  message: { authorProfileId: string | null; isDeleted: boolean; hasVote: boolean },
): ChatMessageAbility[] =>
  chatMessageAbilities(
    access.actor,
    { role: access.member?.role ?? null, canWrite: access.can.includes('messages') },
    message,
  );

/** The answer, or null where it is 404 (a bulk call leaves out what the caller cannot see). */
const orNullWhenNotFound = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) {
      return null;
    }
    throw error;
  });

function bodyChatIds(request: FastifyRequest): string[] {
  const body = request.body as { chatIds?: unknown } | undefined;
  return Array.isArray(body?.chatIds)
    ? [...new Set(body.chatIds.filter((id) => typeof id === 'string'))]
    : [];
}

export type ChatScopes = ReturnType<typeof createChatScopes>;

export function createChatScopes(db: DbOrTx) {
  return {
    /** The chats of the app of `:appId` as the caller's profile there (404 without a live profile). */
    app(param = 'appId'): RouteScope<ChatAppAccess> {
      return {
        label: `chats(:${param})`,
        subjects: ['app'],
        resolve: (request) => chatAppAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => prefixed('app', access.actor.appCan),
      };
    },

    chat(param = 'id'): RouteScope<ChatAccess> {
      return {
        label: `chat(:${param})`,
        subjects: ['chat'],
        resolve: (request) => chatAccessById(db, request.actor, paramOf(request, param)),
        abilities: (access) => prefixed('chat', access.can),
      };
    },

    /** A message by `:id`; a deleted one, or one the caller's view of the chat hides, is 404. */
    message(param = 'id'): RouteScope<ChatMessageAccess> {
      return {
        label: `chat-message(:${param})`,
        subjects: ['chat_message'],
        async resolve(request) {
          const message = await findMessage(db, paramOf(request, param));
          if (!message || message.deletedAt) {
            throw notFound();
          }
          const access = await chatAccessById(db, request.actor, message.chatId);
          const hidden =
            message.seq <= (access.member?.clearedSeq ?? 0) ||
            (access.isBlockedByMe && message.authorProfileId === access.partnerId);
          if (hidden) {
            throw notFound();
          }
          return {
            ...access,
            message,
            messageCan: messageAbilitiesOf(access, {
              authorProfileId: message.authorProfileId,
              isDeleted: false,
              hasVote: message.voteId !== null,
            }),
          };
        },
        abilities: (access) => prefixed('chat_message', access.messageCan),
      };
    },

    /**
     * The chats a body's `chatIds` name that the caller may see (`PATCH /chats`, `PATCH /chats/read`): the
     * others are left out, as if they did not exist; 404 when none is left.
     */
    bodyChats(): RouteScope<ChatListAccess> {
      return {
        label: 'chats(body chatIds)',
        subjects: ['chat'],
        async resolve(request) {
          const found = await findLiveChats(db, bodyChatIds(request));
          const byApp = new Map<string, ChatAppAccess | null>();
          const visible: ChatAccess[] = [];
          for (const chat of found) {
            if (!byApp.has(chat.appId)) {
              byApp.set(chat.appId, await orNullWhenNotFound(chatAppAccess(db, request.actor, chat.appId)));
            }
            const known = byApp.get(chat.appId);
            if (known) {
              const access = await orNullWhenNotFound(loadChatAccess(db, request.actor, chat, known));
              if (access) {
                visible.push(access);
              }
            }
          }
          if (visible.length === 0) {
            throw notFound();
          }
          return { chats: visible };
        },
        abilities: (access) => (access.chats.length > 0 ? ['chat:view'] : []),
      };
    },
  };
}
