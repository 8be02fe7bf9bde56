import { chatLimits } from '../../../contracts/chat.ts';
import type {
  ChatMessage,
  ChatMessageCreateBody,
  ChatMessageList,
  ChatMessageListQuery,
} from '../../../contracts/chat-messages.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { extractMentions, richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import { ownLiveFileIds, type UrlSign } from '../cloud/public.ts';
import { servicesOf } from '../apps/public.ts';
import { answerVote, isFreeVote } from '../community/public.ts';
import { chargeMessageFee } from '../gamification/public.ts';
import type { GifLookup } from '../gifs/public.ts';
import type { Notifier } from '../notifications/public.ts';
import type { ChatEvents } from './chat.events.ts';
import { assertChatLevel } from './chat-level.ts';
import { recordMessageMentions } from './message-mentions.ts';
import type { MessageSent } from './message-sent.ts';
import { presentPerson } from './chat.presenter.ts';
import { presentMessages, roomCopy } from './message-presentation.ts';
import { isBlocking, personOf } from './chat-members.repo.ts';
import {
  countMessages,
  findMessage,
  findMessageByClientId,
  isUniqueViolation,
  listMessages,
  markMessageDeleted,
  messagePage,
  messageViewOf,
  sendMessage,
  updateMessageBody,
  type MessageWindow,
} from './messages.repo.ts';
import type { MessageView } from './message-view.ts';
import type { ChatAccess, ChatMessageAccess } from './chat.scopes.ts';
import type { TypingThrottle } from './typing-throttle.ts';

/*
 * Messages (issue 17): stored with the chat's next sequence in one transaction (the chat row is locked while
 * it takes one, so sequences have no gaps and concurrent sends queue), then emitted after commit. Sending is
 * idempotent by the client's id: a retry answers the stored message and emits nothing again.
 */

/** Which messages a member sees: after their clear mark; in a private chat, nothing of a person they blocked. */
const windowOf = (access: ChatAccess, afterSeq = 0): MessageWindow => ({
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
  gifs: GifLookup;
  /** Delivers the notifications of mentioned members after commit. */
  notifier: Pick<Notifier, 'deliver'>;
  /** Told of every new message after commit (message-sent.ts: offline notifications, later fees). */
  messageSent?: (event: MessageSent) => void;
}) {
  const { db, sign, events } = deps;

  const present = async (access: ChatAccess, view: MessageView): Promise<ChatMessage> =>
    (await presentMessages(db, sign, access, [view]))[0]!;
  const presentAll = (access: ChatAccess, views: readonly MessageView[]) =>
    presentMessages(db, sign, access, views);

  /** The sanitized body and its text; 400 when nothing is left to show and nothing else is carried. */
  function cleanBody(html: string, carriesMore: boolean): { html: string; text: string } {
    const clean = sanitizeRichText(html, { imageOrigins: deps.imageOrigins, field: 'body' });
    const text = richTextToPlainText(clean);
    if (text === '' && !/<(img|iframe)[\s>]/.test(clean)) {
      if (!carriesMore) {
        throw badRequest({ body: validationKeys.required });
      }
      return { html: '', text: '' };
    }
    return { html: clean, text };
  }

  /**
   * What a new message carries besides its text, checked: the sender's own live files of the app's project; a
   * voice message (with the ability) is exactly one audio file; the GIF as the GIF service knows it; a poll of
   * the sender that nothing carries yet, in a group chat only.
   */
  async function contentOf(access: ChatAccess, body: ChatMessageCreateBody) {
    const errors: Record<string, string> = {};
    const attachmentIds = body.attachmentIds;
    const duplicate = attachmentIds.findIndex((id, index) => attachmentIds.indexOf(id) !== index);
    if (duplicate !== -1) {
      errors[`attachmentIds.${duplicate}`] = validationKeys.unique;
    }
    const files = await ownLiveFileIds(
      db,
      access.app.app.projectId,
      access.app.profile!.accountId,
      attachmentIds,
    );
    attachmentIds.forEach((id, index) => {
      if (!files.has(id)) {
        errors[`attachmentIds.${index}`] = validationKeys.invalidValue;
      }
    });
    if (body.isVoice) {
      if (!access.can.includes('voice_messages')) {
        throw new AppError(403, errorCodes.forbidden);
      }
      const only = attachmentIds.length === 1 ? files.get(attachmentIds[0]!) : undefined;
      if (attachmentIds.length !== 1 || (only && only.type !== 'audio')) {
        errors.attachmentIds = validationKeys.invalidValue;
      }
    }
    if (body.voteId !== undefined) {
      const allowed =
        access.chat.kind === 'group' &&
        (await isFreeVote(db, body.voteId, access.appId, access.actor.profileId));
      if (!allowed) {
        errors.voteId = validationKeys.invalidValue;
      }
    }
    let gif: MessageView['gif'] = null;
    if (body.gifId !== undefined) {
      const found = await deps.gifs.byId(body.gifId);
      if (found) {
        gif = { id: found.id, title: found.title, url: found.url, width: found.width, height: found.height };
      } else {
        errors.gifId = validationKeys.invalidValue;
      }
    }
    if (Object.keys(errors).length > 0) {
      throw badRequest(errors);
    }
    return { attachmentIds, isVoice: body.isVoice, gif, voteId: body.voteId ?? null };
  }

  /** A private chat with a block either way takes no messages, with a code that says which way. */
  async function assertNotBlocked(access: ChatAccess): Promise<void> {
    if (!access.partnerId) {
      return;
    }
    if (access.isBlockedByMe) {
      throw new AppError(403, errorCodes.chatPartnerBlocked);
    }
    if (await isBlocking(db, access.partnerId, access.actor.profileId)) {
      throw new AppError(403, errorCodes.chatBlocked);
    }
  }

  const messageOf = async (access: ChatAccess, id: string): Promise<ChatMessage> => {
    const view = await messageViewOf(db, id);
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
          listMessages(db, window, { order: 'oldest', limit: size, offset: 0 }),
          countMessages(db, window, lastSeq),
        ]);
        return {
          data: await presentAll(access, views),
          meta: { page: 1, pages: Math.ceil(total / size), total },
        };
      }
      const window = windowOf(access);
      const size = chatLimits.messagesPageSize;
      const [views, total] = window.hiddenAuthorId
        ? await Promise.all([
            listMessages(db, window, { order: 'newest', limit: size, offset: (query.page - 1) * size }),
            countMessages(db, window, lastSeq),
          ])
        : [
            await messagePage(
              db,
              window.chatId,
              { afterSeq: window.afterSeq, lastSeq },
              { page: query.page, size },
            ),
            Math.max(0, lastSeq - window.afterSeq),
          ];
      return {
        data: await presentAll(access, views),
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
        const known = await findMessageByClientId(db, access.chat.id, me, body.clientId);
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
      // A group's level gate (issue 21): below it nothing is written.
      await assertChatLevel(db, access);
      const content = await contentOf(access, body);
      const clean = cleanBody(
        body.body,
        content.attachmentIds.length > 0 || content.gif !== null || content.voteId !== null,
      );
      const replyToId = body.replyToMessageId ?? null;
      if (replyToId) {
        const target = await findMessage(db, replyToId);
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
      let view: MessageView | undefined;
      let told: Awaited<ReturnType<typeof recordMessageMentions>> = [];
      const values = {
        id: newId(),
        chatId: access.chat.id,
        authorProfileId: me,
        clientId: body.clientId,
        bodyHtml: clean.html,
        bodyText: clean.text,
        replyToId,
        ...content,
      };
      // The message fee of the rewards (issue 21): charged in the send's transaction, before the message is
      // written; a balance that does not cover it refuses the message (409 POINTS_TOO_LOW). Support chats are free.
      const paid = access.chat.kind !== 'support' && servicesOf(access.app.app.options).rewards;
      const fee = { appId: access.chat.appId, profileId: me, sourceKey: `message:${values.id}` };
      try {
        // A plain message is one statement; one that mentions people (or pays a fee) is one transaction.
        view =
          extractMentions(clean.html).length === 0 && !paid
            ? await sendMessage(db, values)
            : await db.transaction(async (tx) => {
                if (paid) {
                  await chargeMessageFee(tx, fee);
                }
                const sent = await sendMessage(tx, values);
                if (!sent) {
                  // The chat went meanwhile: nothing is written, nothing is charged.
                  throw notFound();
                }
                if (extractMentions(clean.html).length > 0) {
                  told = await recordMessageMentions(tx, {
                    chat: access.chat,
                    authorProfileId: me,
                    ...clean,
                  });
                }
                return sent;
              });
      } catch (error) {
        // A retry (the client's id is taken): the stored message, nothing emitted again.
        const found = isUniqueViolation(error, 'chat_messages_client_idx') ? await stored() : undefined;
        if (found) {
          return found;
        }
        throw error;
      }
      if (!view) {
        throw notFound();
      }
      const message = await present(access, view);
      // The room's copy carries no one's permissions: each reader's own read has theirs.
      events.message(roomCopy(message));
      await deps.notifier.deliver(told);
      deps.messageSent?.({
        appId: access.chat.appId,
        chatId: access.chat.id,
        chatKind: access.chat.kind,
        messageId: message.id,
        authorProfileId: me,
      });
      return { message, created: true };
    },

    async edit(access: ChatMessageAccess, html: string): Promise<ChatMessage> {
      const { message: row } = access;
      const before = await messageViewOf(db, row.id);
      const carriesMore =
        before !== undefined &&
        (before.gif !== null || before.voteId !== null || before.attachmentIds.length > 0);
      const clean = cleanBody(html, carriesMore);
      // Whom the new text mentions for the first time hears of it; the others heard already.
      const told = await db.transaction(async (tx) => {
        await updateMessageBody(tx, row.id, clean.html, clean.text);
        return recordMessageMentions(tx, {
          chat: access.chat,
          authorProfileId: access.actor.profileId,
          previousHtml: row.bodyHtml,
          ...clean,
        });
      });
      const message = await messageOf(access, row.id);
      events.update(roomCopy(message));
      await deps.notifier.deliver(told);
      return message;
    },

    /** The caller's whole choice in the message's poll; the room hears the new counts. */
    async answer(access: ChatMessageAccess, optionIds: readonly string[]): Promise<ChatMessage> {
      if (!access.message.voteId) {
        throw notFound();
      }
      await answerVote(db, access.message.voteId, access.actor.profileId, optionIds);
      const message = await messageOf(access, access.message.id);
      events.update(roomCopy(message));
      return message;
    },

    async remove(access: ChatMessageAccess): Promise<void> {
      await markMessageDeleted(db, access.message.id);
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
      const person = await personOf(db, access.actor.profileId);
      if (person) {
        events.typing(access.chat.id, presentPerson(sign, person));
      }
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
