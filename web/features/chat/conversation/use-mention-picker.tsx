import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Chat } from '../../../../contracts/chat';
import { MentionMenu, stepThrough, type MentionCandidate } from '../../../components/rich-text';
import { mentionCandidatesQuery } from '../chat-api';
import { insertMention, mentionQueryAt, mentionsOfBody, type TextMention } from './message-text';

type Typed = { start: number; caret: number; query: string };

/** Whether the caller may pick people to mention: groups and channels whose members they may see. */
export const offersMentions = (chat: Chat) =>
  chat.kind !== 'private' && chat.role !== null && (!chat.hideMembers || chat.role === 'moderator');

/**
 * `@` in the chat's plain composer: typing `@` and a few letters lists the chat's members (the server searches
 * them, 300 ms after the last key); arrow keys move, Enter or Tab puts `@Name ` into the text, Escape closes.
 * The field keeps the focus throughout (`aria-activedescendant` names the highlighted person). Picked people
 * are kept while their `@Name` stands in the text, and go out as mentions with the message.
 */
export function useMentionPicker(options: {
  chat: Chat;
  viewerId: string | null;
  field: RefObject<HTMLTextAreaElement | null>;
  text: string;
  setText: (text: string) => void;
}) {
  const { chat, viewerId, field, text, setText } = options;
  const enabled = offersMentions(chat);
  const listId = useId();
  const [typed, setTyped] = useState<Typed | null>(null);
  const [active, setActive] = useState(0);
  const [mentions, setMentions] = useState<TextMention[]>([]);
  const [query] = useDebouncedValue(typed?.query ?? null, 300);
  const found = useQuery({
    ...mentionCandidatesQuery(chat.id, query ?? ''),
    enabled: enabled && typed !== null && query !== null,
  });
  const items: MentionCandidate[] = (found.data ?? [])
    .filter((person) => person.profileId !== viewerId)
    .map((person) => ({ id: person.profileId, label: person.name, avatarUrl: person.avatarUrl }));
  const open = typed !== null && found.data !== undefined;

  /** What the person typed up to the caret: an `@…` opens (or narrows) the list, anything else closes it. */
  const follow = (value: string, caret: number) => {
    if (!enabled) {
      return;
    }
    const at = mentionQueryAt(value, caret);
    setTyped(at ? { ...at, caret } : null);
    if (at?.query !== typed?.query) {
      setActive(0);
    }
  };

  const pick = (item: MentionCandidate) => {
    if (!typed) {
      return;
    }
    const next = insertMention(text, typed.start, typed.caret, item.label);
    setText(next.text);
    setMentions((kept) => [
      ...kept.filter((mention) => mention.id !== item.id),
      { id: item.id, label: item.label },
    ]);
    setTyped(null);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  /** The list's keys; true when the key was the list's (the composer then does nothing else with it). */
  const handleKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) {
      return false;
    }
    if (event.key === 'Escape') {
      setTyped(null);
      return true;
    }
    if (items.length === 0) {
      return false;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setActive((index) => stepThrough(index, event.key === 'ArrowDown' ? 1 : -1, items.length));
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      pick(items[Math.min(active, items.length - 1)]!);
      return true;
    }
    return false;
  };

  return {
    follow,
    handleKey,
    /** The mentions whose names still stand in the text. */
    mentions: mentions.filter((mention) => text.includes(`@${mention.label}`)),
    /** Editing a message: its mentions come back with its text. */
    startFrom: (body: string) => setMentions(mentionsOfBody(body)),
    reset: () => {
      setMentions([]);
      setTyped(null);
    },
    fieldProps: open
      ? {
          'aria-controls': listId,
          'aria-activedescendant':
            items.length > 0 ? `${listId}-${Math.min(active, items.length - 1)}` : undefined,
        }
      : {},
    menu: open ? (
      <MentionMenu
        id={listId}
        placement="above"
        menu={{ items, rect: null, select: pick }}
        active={Math.min(active, Math.max(0, items.length - 1))}
        onHover={setActive}
      />
    ) : null,
  };
}
