import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ChatList, ChatListQuery } from '../../../contracts/chat.ts';
import type { ChatMessageList, ChatMessageListQuery } from '../../../contracts/chat-messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createKeptAnswers } from '../../platform/kept-answers.ts';
import { listStamp } from './chat-list.repo.ts';
import type { ChatActor } from './chat.policy.ts';
import type { ChatAccess, ChatAppAccess } from './chat.scopes.ts';

/*
 * The chat's two hot reads, kept as their serialized answers (server/platform/kept-answers.ts) per reader:
 * - a page of a chat's history, under the chat's version (raised by every change of the chat, of its messages
 *   and of its members' roles: triggers of migration 0019) and the reader's standing in it; pages with a poll
 *   are not kept (a vote changes the poll, not the chat);
 * - the reader's list of their chats, under a stamp of their memberships' versions, read and clear marks and
 *   blocks (`listStamp`: one small statement instead of the list's).
 * Both also carry what the reader may do (their abilities and the app's chat settings). People's names and
 * pictures shown beside the messages are not in the stamps: a kept answer shows a rename within 30 seconds.
 */

export const keptChatAnswerTtlMs = 30_000;

/** What a reader may do and what the app's settings decide, as a short key part. */
const actorKey = (actor: ChatActor) =>
  createHash('sha1')
    .update(JSON.stringify([actor.profileId, actor.appCan, actor.isManager, actor.mayWrite, actor.settings]))
    .digest('base64url');

export function createKeptChatAnswers(db: DbOrTx) {
  const kept = createKeptAnswers({ maxBytes: 32 * 1024 * 1024, ttlMs: keptChatAnswerTtlMs });
  return {
    async chatList(
      reply: FastifyReply,
      access: ChatAppAccess,
      query: ChatListQuery,
      produce: () => Promise<ChatList>,
    ): Promise<FastifyReply> {
      const stamp = await listStamp(db, access.actor.profileId, access.appId);
      const key = ['chats', access.appId, actorKey(access.actor), query.page, query.search ?? '', stamp];
      return kept.send(reply, key.join('\n'), produce);
    },

    history(
      reply: FastifyReply,
      access: ChatAccess,
      query: ChatMessageListQuery,
      produce: () => Promise<ChatMessageList>,
    ): Promise<FastifyReply> {
      const { chat, member } = access;
      const key = [
        'messages',
        chat.id,
        chat.version,
        actorKey(access.actor),
        member ? `${member.role}:${member.clearedSeq}` : '-',
        access.isBlockedByMe,
        access.can.join(','),
        query.page,
        query.afterSeq ?? '',
      ];
      return kept.send(reply, key.join('\n'), produce, (answer) =>
        answer.data.every((message) => message.vote === null),
      );
    },
  };
}

export type KeptChatAnswers = ReturnType<typeof createKeptChatAnswers>;
