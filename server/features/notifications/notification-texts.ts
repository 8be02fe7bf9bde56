import type { Language } from '../../../contracts/language.ts';
import { startsIn } from '../../platform/mail/templates/event-attendance.ts';

/*
 * The sentence of a notification in mails and push messages (the web app words its list itself, in the same
 * way). Collapsed items name the latest actor and count the others: "Anna Schmidt und 4 weitere …".
 */

export type NotificationFacts = {
  type: string;
  count: number;
  actorsCount: number;
  /** The latest actor's name, when there is one. */
  actorName: string | null;
  /** The post's title ('' when it has none or is gone); an announced article's name. */
  postName: string;
  reason: string;
  /** A chat's news: its kind and name ('' for a private chat) and the newest message's excerpt. */
  chatKind: string;
  chatName: string;
  excerpt: string;
  /** An event reminder: seconds before the start (0: it starts now). */
  offsetSeconds?: number;
};

const quoted = (language: Language, text: string) =>
  text === '' ? '' : language === 'de' ? ` „${text}“` : ` “${text}”`;

function actorsDe(facts: NotificationFacts): { who: string; many: boolean } {
  const name = facts.actorName ?? 'Jemand';
  const others = Math.max(0, facts.actorsCount - 1);
  if (others === 0) {
    return { who: name, many: false };
  }
  return { who: others === 1 ? `${name} und 1 weitere Person` : `${name} und ${others} weitere`, many: true };
}

function actorsEn(facts: NotificationFacts): { who: string; many: boolean } {
  const name = facts.actorName ?? 'Someone';
  const others = Math.max(0, facts.actorsCount - 1);
  if (others === 0) {
    return { who: name, many: false };
  }
  return { who: `${name} and ${others} ${others === 1 ? 'other' : 'others'}`, many: true };
}

/** New messages in a chat: the latest writer by name, the messages counted. */
function chatSentence(facts: NotificationFacts, language: Language): string {
  const chat = quoted(language, facts.chatName);
  const count = Math.max(1, facts.count);
  const isPrivate = facts.chatKind === 'private';
  if (language === 'de') {
    const name = facts.actorName ?? 'Jemand';
    if (isPrivate) {
      return count === 1
        ? `${name} hat Ihnen eine Nachricht geschrieben`
        : `${name} hat Ihnen ${count} Nachrichten geschrieben`;
    }
    return count === 1
      ? `${name} hat in${chat || ' einem Chat'} geschrieben`
      : `${count} neue Nachrichten in${chat || ' einem Chat'}, zuletzt von ${name}`;
  }
  const name = facts.actorName ?? 'Someone';
  if (isPrivate) {
    return count === 1 ? `${name} sent you a message` : `${name} sent you ${count} messages`;
  }
  return count === 1
    ? `${name} wrote in${chat || ' a chat'}`
    : `${count} new messages in${chat || ' a chat'}, the latest from ${name}`;
}

/** An event's reminder, its start, or a seat from the waitlist. */
function eventSentence(facts: NotificationFacts, language: Language): string {
  const event = quoted(language, facts.postName);
  const de = language === 'de';
  if (facts.type === 'event_seat_granted') {
    return de
      ? `Sie sind von der Warteliste nachgerückt:${event || ' Veranstaltung'}`
      : `You moved up from the waitlist:${event || ' event'}`;
  }
  const offset = facts.offsetSeconds ?? 0;
  if (offset <= 0) {
    return de ? `Jetzt beginnt${event || ' Ihre Veranstaltung'}` : `Starting now:${event || ' your event'}`;
  }
  return de
    ? `${(event || ' Ihre Veranstaltung').trimStart()} beginnt ${startsIn(offset, language)}`
    : `${(event || ' Your event').trimStart()} starts ${startsIn(offset, language)}`;
}

/** A course's news: a lesson that drip opened, access that ends soon (`postName`: the lesson or course). */
function courseSentence(facts: NotificationFacts, language: Language): string {
  const name = quoted(language, facts.postName);
  const de = language === 'de';
  if (facts.type === 'lesson_unlocked') {
    return de
      ? `Neue Lektion freigeschaltet:${name || ' in Ihrem Kurs'}`
      : `New lesson unlocked:${name || ' in your course'}`;
  }
  return de
    ? `Ihr Zugang zu${name || ' Ihrem Kurs'} endet bald`
    : `Your access to${name || ' your course'} ends soon`;
}

/** A level the member reached (`postName`: the level's name). */
function levelSentence(facts: NotificationFacts, language: Language): string {
  const name = quoted(language, facts.postName);
  return language === 'de'
    ? `Sie haben eine neue Stufe erreicht:${name || ' Glückwunsch'}`
    : `You reached a new level:${name || ' congratulations'}`;
}

/** One sentence, e.g. "Anna Schmidt und 4 weitere haben „Willkommen“ kommentiert". */
export function notificationSentence(facts: NotificationFacts, language: Language): string {
  if (facts.type === 'lesson_unlocked' || facts.type === 'course_access_ending') {
    return courseSentence(facts, language);
  }
  if (facts.type === 'level_reached') {
    return levelSentence(facts, language);
  }
  if (facts.type === 'event_starts' || facts.type === 'event_seat_granted') {
    return eventSentence(facts, language);
  }
  if (facts.type === 'chat_message') {
    return chatSentence(facts, language);
  }
  if (facts.type === 'chat_mention') {
    const chat = quoted(language, facts.chatName);
    return language === 'de'
      ? `${facts.actorName ?? 'Jemand'} hat Sie in${chat || ' einem Chat'} erwähnt`
      : `${facts.actorName ?? 'Someone'} mentioned you in${chat || ' a chat'}`;
  }
  const post = quoted(language, facts.postName);
  if (language === 'de') {
    const { who, many } = actorsDe(facts);
    switch (facts.type) {
      case 'post_like':
        return `${who} gefällt Ihr Beitrag${post}`;
      case 'comment_like':
        return `${who} gefällt Ihr Kommentar zu${post || ' einem Beitrag'}`;
      case 'new_comment':
        return `${who} ${many ? 'haben' : 'hat'}${post || ' einen Beitrag'} kommentiert`;
      case 'comment_reply':
        return `${who} ${many ? 'haben' : 'hat'} auf Ihren Kommentar zu${post || ' einem Beitrag'} geantwortet`;
      case 'mention':
        return `${who} hat Sie in${post || ' einem Beitrag'} erwähnt`;
      case 'new_post':
        return `Neuer Beitrag von ${who}:${post || ' ohne Titel'}`;
      case 'post_approved':
        return `Ihr Beitrag${post} wurde freigegeben`;
      case 'post_rejected':
        return `Ihr Beitrag${post} wurde abgelehnt`;
      case 'comment_rejected':
        return `Ihr Kommentar zu${post || ' einem Beitrag'} wurde entfernt`;
      case 'comment_approved':
        return `Ihr Kommentar zu${post || ' einem Beitrag'} ist wieder sichtbar`;
      case 'article_announced':
        return post ? `Neuer Artikel:${post}` : 'Neuer Artikel';
      default:
        return 'Es gibt Neuigkeiten für Sie';
    }
  }
  const { who, many } = actorsEn(facts);
  switch (facts.type) {
    case 'post_like':
      return `${who} ${many ? 'like' : 'likes'} your post${post}`;
    case 'comment_like':
      return `${who} ${many ? 'like' : 'likes'} your comment on${post || ' a post'}`;
    case 'new_comment':
      return `${who} commented on${post || ' a post'}`;
    case 'comment_reply':
      return `${who} replied to your comment on${post || ' a post'}`;
    case 'mention':
      return `${who} mentioned you in${post || ' a post'}`;
    case 'new_post':
      return `New post by ${who}:${post || ' untitled'}`;
    case 'post_approved':
      return `Your post${post} was approved`;
    case 'post_rejected':
      return `Your post${post} was rejected`;
    case 'comment_rejected':
      return `Your comment on${post || ' a post'} was removed`;
    case 'comment_approved':
      return `Your comment on${post || ' a post'} is visible again`;
    case 'article_announced':
      return post ? `New article:${post}` : 'New article';
    default:
      return 'There is news for you';
  }
}

/** The second line, when the item carries one: the moderator's reason, or the newest chat message's excerpt. */
export function detailLine(facts: NotificationFacts, language: Language): string | null {
  if (facts.reason !== '') {
    return language === 'de' ? `Begründung: ${facts.reason}` : `Reason: ${facts.reason}`;
  }
  return facts.excerpt === '' ? null : quoted(language, facts.excerpt).trimStart();
}
