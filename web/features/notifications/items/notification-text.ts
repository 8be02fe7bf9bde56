import type { TFunction } from 'i18next';
import {
  notificationTypeValues,
  type Notification,
  type NotificationType,
} from '../../../../contracts/notifications';

/** One run of an item's sentence: plain words, the latest actor's name, or the post's title. */
export type SentencePart = { kind: 'text' | 'actor' | 'post'; text: string };

/** Types whose sentence names who did it (the others are news about the reader's own post or comment). */
const withActors = new Set<NotificationType>([
  'post_like',
  'comment_like',
  'new_comment',
  'comment_reply',
  'mention',
  'new_post',
]);

const isKnownType = (type: string): type is NotificationType =>
  (notificationTypeValues as readonly string[]).includes(type);

// The translations place `{{who}}` and `{{post}}`; markers stand in for them so the names can be set apart.
const marker = (name: string) => `\uE000${name}\uE000`;
const markerPattern = /\uE000(\w+)\uE000/;

/** Splits a translated text at its markers, each marker replaced by its parts (neighbouring words joined). */
function fill(text: string, slots: Record<string, SentencePart[]>): SentencePart[] {
  const parts: SentencePart[] = [];
  text.split(markerPattern).forEach((piece, index) => {
    const pieceParts: SentencePart[] =
      index % 2 === 1 ? (slots[piece] ?? []) : piece === '' ? [] : [{ kind: 'text', text: piece }];
    for (const part of pieceParts) {
      const last = parts.at(-1);
      if (last?.kind === 'text' && part.kind === 'text') {
        parts[parts.length - 1] = { kind: 'text', text: last.text + part.text };
      } else {
        parts.push(part);
      }
    }
  });
  return parts;
}

/** "Anna Schmidt", "Anna Schmidt und 1 weitere Person", "Anna Schmidt und 4 weitere". */
function whoOf(item: Notification, t: TFunction): SentencePart[] {
  const latest = item.actors[0];
  if (!latest) {
    return [{ kind: 'text', text: t('notifications.who.someone') }];
  }
  const name: SentencePart = { kind: 'actor', text: latest.name };
  const others = Math.max(0, item.actorsCount - 1);
  if (others === 0) {
    return [name];
  }
  return fill(t('notifications.who.others', { count: others, name: marker('name') }), { name: [name] });
}

/** The post's title as it was shown to the reader: the live post's, else the one fixed with the item. */
export function titleOf(item: Notification): string {
  return item.post?.name || item.data.title || '';
}

/** A chat item's parts: the latest writer by name and the chat's name set apart as a title ('' unnamed). */
function chatPartsOf(item: Notification, t: TFunction) {
  const latest = item.actors[0];
  const who: SentencePart[] = [
    latest ? { kind: 'actor', text: latest.name } : { kind: 'text', text: t('notifications.who.someone') },
  ];
  const name = item.data.chatName ?? '';
  const chat: SentencePart[] = name
    ? [{ kind: 'post', text: t('notifications.quoted', { title: name }) }]
    : [];
  return { who, chat, name };
}

/** New chat messages: the latest writer, the messages counted, the chat. */
function chatSentence(item: Notification, t: TFunction): SentencePart[] {
  const { who, chat, name } = chatPartsOf(item, t);
  const variant = item.data.chatKind === 'private' ? 'private' : name ? 'group' : 'untitled';
  const text = t(`notifications.sentence.chat_message.${variant}`, {
    count: Math.max(1, item.count),
    who: marker('who'),
    chat: marker('chat'),
  });
  return fill(text, { who, chat });
}

/** A chat message that mentions the reader: who, and in which chat. */
function chatMentionSentence(item: Notification, t: TFunction): SentencePart[] {
  const { who, chat, name } = chatPartsOf(item, t);
  const text = t(`notifications.sentence.chat_mention.${name ? 'titled' : 'untitled'}`, {
    who: marker('who'),
    chat: marker('chat'),
  });
  return fill(text, { who, chat });
}

/**
 * An item's sentence in the reader's language, collapsed items naming the latest actor and counting the rest
 * ("Anna Schmidt und 4 weitere gefällt Ihr Beitrag „Titel“"). A type this client does not know yet (a newer
 * server) reads neutrally (spec GAPS 40).
 */
export function notificationSentence(item: Notification, t: TFunction): SentencePart[] {
  if (!isKnownType(item.type)) {
    return [{ kind: 'text', text: t('notifications.sentence.unknown') }];
  }
  if (item.type === 'chat_message') {
    return chatSentence(item, t);
  }
  if (item.type === 'chat_mention') {
    return chatMentionSentence(item, t);
  }
  const title = titleOf(item);
  const variant = title ? 'titled' : 'untitled';
  const post: SentencePart[] = title ? [{ kind: 'post', text: t('notifications.quoted', { title }) }] : [];
  if (!withActors.has(item.type)) {
    return fill(t(`notifications.sentence.${item.type}.${variant}`, { post: marker('post') }), { post });
  }
  const text = t(`notifications.sentence.${item.type}.${variant}`, {
    // The verb agrees with the people: "Anna hat …", "Anna und 2 weitere haben …".
    count: Math.max(1, item.actorsCount),
    who: marker('who'),
    post: marker('post'),
  });
  return fill(text, { who: whoOf(item, t), post });
}

/** The whole sentence as plain text (for labels and tests). */
export const sentenceText = (parts: readonly SentencePart[]) => parts.map((part) => part.text).join('');

/** The moderator's reason of a rejection, as the item's second line. */
export function reasonOf(item: Notification, t: TFunction): string | null {
  const reason = item.data.reason?.trim();
  return reason ? t('notifications.reason', { reason }) : null;
}

/** The item's second line: a rejection's reason, the newest chat message's excerpt, or a level's reward message. */
export function detailOf(item: Notification, t: TFunction): string | null {
  const excerpt =
    item.type === 'chat_message' || item.type === 'chat_mention' || item.type === 'level_reached'
      ? item.data.excerpt?.trim()
      : undefined;
  return reasonOf(item, t) ?? (excerpt ? t('notifications.quoted', { title: excerpt }) : null);
}
