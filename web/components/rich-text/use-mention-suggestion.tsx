import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MentionSuggestion } from './editor-extensions';
import type { MentionCandidate } from './editor-types';
import { MentionMenu, stepThrough, type MentionMenuState as MenuState } from './mention-menu';

/**
 * The `@` popup: Tiptap's suggestion plugin reports what was typed and where; the members come from `suggest`.
 * Arrow keys move, Enter or Tab inserts, Escape closes, like a combobox.
 */
export function useMentionSuggestion(suggest: ((query: string) => Promise<MentionCandidate[]>) | undefined) {
  const suggestRef = useRef(suggest);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [active, setActive] = useState(0);
  const menuRef = useRef<MenuState | null>(null);
  const activeRef = useRef(0);
  const enabled = suggest !== undefined;

  useEffect(() => {
    suggestRef.current = suggest;
  }, [suggest]);

  const suggestion = useMemo<MentionSuggestion | undefined>(() => {
    if (!enabled) {
      return undefined;
    }
    const show = (props: SuggestionProps<MentionCandidate, { id: string; label: string }>) => {
      const next: MenuState = {
        items: props.items,
        rect: props.clientRect?.() ?? null,
        select: (item) => props.command({ id: item.id, label: item.label }),
      };
      menuRef.current = next;
      activeRef.current = Math.min(activeRef.current, Math.max(0, next.items.length - 1));
      setMenu(next);
      setActive(activeRef.current);
    };
    const move = (delta: number) => {
      activeRef.current = stepThrough(activeRef.current, delta, menuRef.current?.items.length ?? 0);
      setActive(activeRef.current);
    };
    const close = () => {
      menuRef.current = null;
      activeRef.current = 0;
      setMenu(null);
      setActive(0);
    };
    return {
      char: '@',
      items: async ({ query }) => (await suggestRef.current?.(query)) ?? [],
      render: () => ({
        onStart: show,
        onUpdate: show,
        onExit: close,
        onKeyDown: ({ event }: SuggestionKeyDownProps) => {
          const current = menuRef.current;
          if (!current) {
            return false;
          }
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            move(event.key === 'ArrowDown' ? 1 : -1);
            return true;
          }
          if (event.key === 'Enter' || event.key === 'Tab') {
            const item = current.items[activeRef.current];
            if (item) {
              current.select(item);
            }
            return item !== undefined;
          }
          if (event.key === 'Escape') {
            close();
            return true;
          }
          return false;
        },
      }),
    };
  }, [enabled]);

  return { suggestion, menu: menu ? <MentionMenu menu={menu} active={active} onHover={setActive} /> : null };
}
