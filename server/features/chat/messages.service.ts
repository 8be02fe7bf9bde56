import {
  chatLimits,
  type ChatMessage,
  type ChatMessageCreateBody,
  type ChatMessageList,
  type ChatMessageListQuery,
} from '../../../contracts/chat.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { ChatEvents } from './chat.events.ts';
import { presentMessage, presentPerson } from './chat.presenter.ts';
import * as repo from './chat.repo.ts';
import { messageAbilitiesOf, type ChatAccess, type ChatMessageAccess } from './chat.scopes.ts';
import type { TypingThrottle } from './typing-throttle.ts';

/*
 * Messages (issue 17): stored with the chat's next sequence in one transaction (the chat row is locked while
 * it takes one, so sequences have no gaps and concurrent sends queue), then emitted after commit. Sending is
 * idempotent by the client's id: a retry answers the stored message and emits nothing again.
 */

/** Which messages a member sees: after their clear mark; in a private chat, nothing of a person they blocked. */
const windowOf = (access: ChatAccess, afterSeq = 0): repo.MessageWindow => ({
  chatId: access.chat.id,
  afterSeq: Math.max(afterSeq, access.member?.clearedSeq ?? 0),
  hiddenAuthorId: access.isBlockedByMe ? access.partnerId : null,
});

export function createMessageService(deps: {
  db: Db;
  sign: UrlSign;
  events: ChatEvents;
  imageOrigins: readonly string[];
  typing: TypingThrottle;
}) {
  const { db, sign, events } = deps;

  const present = (access: ChatAccess, view: repo.MessageView): ChatMessage =>
    presentMessage(view, { sign, can: messageAbilitiesOf(access, view) });

  /** The sanitized body and its text; 400 when nothing is left to show. */
  function cleanBody(html: string): { html: string; text: string } {
    const clean = sanitizeRichText(html, { imageOrigins: deps.imageOrigins, field: 'body' });
    const text = richTextToPlainText(clean);
    if (text === '' && !/<(img|iframe)[\s>]/.test(clean)) {
      throw badRequest({ body: validationKeys.required });
    }
    return { html: clean, text };
  }

  /** A private chat with a block either way takes no messages, with a code that says which way. */
  async function assertNotBlocked(access: ChatAccess): Promise<void> {
    if (!access.partnerId) {
      return;
    }
    if (access.isBlockedByMe) {
      throw new AppError(403, errorCodes.chatPartnerBlocked);
    }
    if (await repo.isBlocking(db, access.partnerId, access.actor.profileId)) {
      throw new AppError(403, errorCodes.chatBlocked);
    }
  }

  const messageOf = async (access: ChatAccess, id: string): Promise<ChatMessage> => {
    const view = await repo.messageViewOf(db, id);
    if (!view) {
      throw notFound();
    }
    return present(access, view);
  };

  return {
    /**
     * Newest first, 30 per page; with `afterSeq` the messages after it, oldest first, at most 100 (a
     * reconnecting client's catch-up: `meta.pages` > 1 says more are waiting, asked for with the last seq).
     */
    async list(access: ChatAccess, query: ChatMessageListQuery): Promise<ChatMessageList> {
      const lastSeq = access.chat.lastSeq;
      if (query.afterSeq !== undefined) {
        const window = windowOf(access, query.afterSeq);
        const size = chatLimits.catchUpPageSize;
        const [views, total] = await Promise.all([
          repo.listMessages(db, window, { order: 'oldest', limit: size, offset: 0 }),
          repo.countMessages(db, window, lastSeq),
        ]);
        return {
          data: views.map((view) => present(access, view)),
          meta: { page: 1, pages: Math.ceil(total / size), total },
        };
      }
      const window = windowOf(access);
      const size = chatLimits.messagesPageSize;
      const [views, total] = window.hiddenAuthorId
        ? await Promise.all([
            repo.listMessages(db, window, { order: 'newest', limit: size, offset: (query.page - 1) * size }),
            repo.countMessages(db, window, lastSeq),
          ])
        : [
            await repo.messagePage(
              db,
              window.chatId,
              { afterSeq: window.afterSeq, lastSeq },
              { page: query.page, size },
            ),
            Math.max(0, lastSeq - window.afterSeq),
          ];
      return {
        data: views.map((view) => present(access, view)),
        meta: { page: query.page, pages: Math.ceil(total / size), total },
      };
    },

    /** Stores and emits a message; a repeated client id answers the stored one (`created: false`). */
    async send(
      access: ChatAccess,
      body: ChatMessageCreateBody,
    ): Promise<{ message: ChatMessage; created: boolean }> {
      const me = access.actor.profileId;
      const stored = async () => {
        const known = await repo.findMessageByClientId(db, access.chat.id, me, body.clientId);
        return known ? { message: await messageOf(access, known.id), created: false } : undefined;
      };
      try {
        await assertNotBlocked(access);
      } catch (error) {
        // A retry of a message that went through before the block still answers it.
        const found = await stored();
        if (found) {
          return found;
        }
        throw error;
      }
      const clean = cleanBody(body.body);
      const replyToId = body.replyToMessageId ?? null;
      if (replyToId) {
        const target = await repo.findMessage(db, replyToId);
        const window = windowOf(access);
        if (
          !target ||
          target.chatId !== access.chat.id ||
          target.seq <= window.afterSeq ||
          (window.hiddenAuthorId !== null && target.authorProfileId === window.hiddenAuthorId)
        ) {
          throw badRequest({ replyToMessageId: validationKeys.invalidValue });
        }
      }
      let view: repo.MessageView | undefined;
      try {
        view = await repo.sendMessage(db, {
          id: newId(),
          chatId: access.chat.id,
          authorProfileId: me,
          clientId: body.clientId,
          bodyHtml: clean.html,
          bodyText: clean.text,
          replyToId,
        });
      } catch (error) {
        // A retry (the client's id is taken): the stored message, nothing emitted again.
        const found = repo.isUniqueViolation(error, 'chat_messages_client_idx') ? await stored() : undefined;
        if (found) {
          return found;
        }
        throw error;
      }
      if (!view) {
        throw notFound();
      }
      const message = present(access, view);
      // The room's copy carries no one's permissions: each reader's own read has theirs.
      events.message({ ...message, permissions: { can: [] } });
      return { message, created: true };
    },

    async edit(access: ChatMessageAccess, html: string): Promise<ChatMessage> {
      const clean = cleanBody(html);
      await repo.updateMessageBody(db, access.message.id, clean.html, clean.text);
      const message = await messageOf(access, access.message.id);
      events.update({ ...message, permissions: { can: [] } });
      return message;
    },

    async remove(access: ChatMessageAccess): Promise<void> {
      await repo.markMessageDeleted(db, access.message.id);
      events.messageDeleted(access.chat.id, access.message.id);
    },

    /** Tells the chat that the caller types: at most once per interval, never in chats over 100 members. */
    async typing(access: ChatAccess): Promise<void> {
      if (access.chat.membersCount > chatLimits.typingMaxMembers) {
        return;
      }
      // Nobody is told that someone types where they could not send.
      const blocked = await assertNotBlocked(access).then(
        () => false,
        () => true,
      );
      if (blocked) {
        return;
      }
      if (!(await deps.typing.admit(access.actor.profileId, access.chat.id))) {
        return;
      }
      const person = await repo.personOf(db, access.actor.profileId);
      if (person) {
        events.typing(access.chat.id, presentPerson(sign, person));
      }
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
