import type { ChatMessageContent } from '../../../../../contracts/chat';
import type { ChatGif, ChatMessage, ChatMessageCreateBody } from '../../../../../contracts/chat-messages';

/**
 * What a message carries besides its text (issue 17 attachments): files of the cloud library, a voice
 * recording, a GIF or a poll. A voice message is one audio file; the list names a message without text by it.
 */
export function contentOf(
  message: Pick<ChatMessage, 'attachments' | 'isVoice' | 'gif' | 'vote' | 'isDeleted'>,
): ChatMessageContent | null {
  if (message.isDeleted) {
    return null;
  }
  if (message.isVoice) {
    return 'voice';
  }
  if (message.gif) {
    return 'gif';
  }
  if (message.vote) {
    return 'vote';
  }
  return message.attachments.length > 0 ? 'attachment' : null;
}

/** The i18n key naming a message without text in the list and in quotes ("📎 Anhang", "🎤 Sprachnachricht"). */

/**
 * The room's copy of a message (`chat:update`, `chat:message`) carries its poll without the reader's own
 * choice and with everyone's permissions (contracts/chat.ts): a copy keeps the choice and the permissions the
 * member's own read already had.
 */
export function keepOwnVote(previous: ChatMessage, next: ChatMessage): ChatMessage {
  if (!next.vote || !previous.vote) {
    return next;
  }
  const answeredOptionIds =
    next.vote.answeredOptionIds.length > 0 ? next.vote.answeredOptionIds : previous.vote.answeredOptionIds;
  return { ...next, vote: { ...next.vote, answeredOptionIds, permissions: previous.vote.permissions } };
}

/** What a message on its way carries besides its text; the pending bubble shows it until the server has it. */
export type MessageExtras = {
  attachments: { id: string; name: string }[];
  isVoice: boolean;
  gif: ChatGif | null;
  vote: { id: string; question: string } | null;
};

export const noExtras: MessageExtras = { attachments: [], isVoice: false, gif: null, vote: null };

export const hasExtras = (extras: MessageExtras) =>
  extras.attachments.length > 0 || extras.gif !== null || extras.vote !== null;

/** The create body's fields for the extras (`attachmentIds`, `isVoice`, `gifId`, `voteId`). */
export function extrasBody(
  extras: MessageExtras,
): Pick<ChatMessageCreateBody, 'attachmentIds' | 'isVoice' | 'gifId' | 'voteId'> {
  return {
    attachmentIds: extras.attachments.map((file) => file.id),
    isVoice: extras.isVoice,
    ...(extras.gif ? { gifId: extras.gif.id } : {}),
    ...(extras.vote ? { voteId: extras.vote.id } : {}),
  };
}
