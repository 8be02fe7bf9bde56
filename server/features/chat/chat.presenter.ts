import type { Chat, ChatAbility, ChatPerson } from '../../../contracts/chat.ts';
import type { ChatAttachment, ChatMessage } from '../../../contracts/chat-messages.ts';
import type { RequiredLevel } from '../../../contracts/level-gates.ts';
import type { Vote } from '../../../contracts/community-posts.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { ChatMessageAbility } from './chat.policy.ts';
import type { ChatView } from './chat-list.repo.ts';
import type { Person } from './chat-sql.ts';
import type { MessageView } from './message-view.ts';

/** Plain-text excerpts of the list and of replies. */
const excerptLength = 200;

export const excerptOf = (text: string) =>
  text.length <= excerptLength ? text : `${text.slice(0, excerptLength - 1).trimEnd()}…`;

export function presentPerson(sign: UrlSign, person: Person): ChatPerson {
  return {
    profileId: person.profileId,
    name: `${person.firstName} ${person.lastName}`.trim(),
    avatarUrl: pictureUrl(sign, person.avatarId, 'tile'),
  };
}

/**
 * A chat as one person sees it: a private chat is named and pictured after the other person, a group by its own
 * name and picture (its tile, signed like every picture of the library); the caller's unread count is the chat's
 * sequence minus their read mark. `can` comes from the policy; a partner's block takes `messages` away here, so
 * the client hides the composer (sending answers CHAT_BLOCKED).
 */
export function presentChat(
  view: ChatView,
  options: {
    sign: UrlSign;
    can: readonly ChatAbility[];
    moderators: Person[];
    /** The level the chat asks for while it gates (level-gate.ts `requiredLevelsOf`). */
    requiredLevel: RequiredLevel | null;
  },
): Chat {
  const { sign } = options;
  const partner = view.partner ? presentPerson(sign, view.partner) : null;
  const can = options.can.filter(
    (ability) => ability !== 'messages' || !(view.isBlocked || view.isBlockedByPartner),
  );
  return {
    id: view.id,
    appId: view.appId,
    kind: view.kind,
    isSupport: view.kind === 'support',
    name: view.kind === 'private' ? (partner?.name ?? '') : view.name,
    avatarUrl:
      view.kind === 'private' ? (partner?.avatarUrl ?? null) : pictureUrl(sign, view.avatarId, 'tile'),
    partner,
    isPublic: view.isPublic,
    isMemberAllowToChat: view.isMemberAllowToChat,
    hideMembers: view.hideMembers,
    requiredStatusId: view.requiredStatusId,
    requiredLevel: options.requiredLevel,
    membersCount: view.membersCount,
    moderators: options.moderators.map((person) => presentPerson(sign, person)),
    role: view.role,
    newMessageCounter: view.role === null ? 0 : Math.max(0, view.lastSeq - view.lastReadSeq),
    lastSeq: view.lastSeq,
    lastReadSeq: view.role === null ? 0 : Math.min(view.lastReadSeq, view.lastSeq),
    isBlocked: view.isBlocked,
    isBlockedByPartner: view.isBlockedByPartner,
    lastMessage: view.lastMessage
      ? {
          id: view.lastMessage.id,
          excerpt: view.lastMessage.isDeleted ? '' : excerptOf(view.lastMessage.text),
          author: view.lastMessage.author ? presentPerson(sign, view.lastMessage.author) : null,
          content: view.lastMessage.content,
          isDeleted: view.lastMessage.isDeleted,
          createdAt: view.lastMessage.createdAt.toISOString(),
        }
      : null,
    permissions: { can: [...can] },
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

/** What a message carries besides its text, loaded for a page of messages at once (messages.service.ts). */
export type MessageExtras = { attachments: ChatAttachment[]; vote: Vote | null };

export function presentMessage(
  view: MessageView,
  options: { sign: UrlSign; can: readonly ChatMessageAbility[]; extras: MessageExtras },
): ChatMessage {
  const { sign } = options;
  return {
    id: view.id,
    chatId: view.chatId,
    seq: view.seq,
    clientId: view.clientId,
    author: view.author ? presentPerson(sign, view.author) : null,
    body: view.bodyHtml,
    replyTo: view.replyTo
      ? {
          id: view.replyTo.id,
          excerpt: excerptOf(view.replyTo.text),
          author: view.replyTo.author ? presentPerson(sign, view.replyTo.author) : null,
          isDeleted: view.replyTo.isDeleted,
        }
      : null,
    attachments: view.isDeleted ? [] : options.extras.attachments,
    isVoice: view.isVoice,
    gif: view.gif,
    vote: view.isDeleted ? null : options.extras.vote,
    isDeleted: view.isDeleted,
    createdAt: view.createdAt.toISOString(),
    editedAt: view.editedAt ? view.editedAt.toISOString() : null,
    permissions: { can: [...options.can] },
  };
}
