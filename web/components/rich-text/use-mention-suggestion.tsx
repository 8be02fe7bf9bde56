import { Avatar, Paper, Portal, Text, UnstyledButton } from '@mantine/core';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MentionSuggestion } from './editor-extensions';
import type { MentionCandidate } from './editor-types';
import classes from './rich-text-editor.module.css';

type MenuState = {
  items: MentionCandidate[];
  rect: DOMRect | null;
  select: (item: MentionCandidate) => void;
};

/** Index after a move through `count` items, wrapping at both ends. */
function step(index: number, delta: number, count: number): number {
  return count === 0 ? 0 : (index + delta + count) % count;
}

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
      activeRef.current = step(activeRef.current, delta, menuRef.current?.items.length ?? 0);
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

function MentionMenu({
  menu,
  active,
  onHover,
}: {
  menu: MenuState;
  active: number;
  onHover: (index: number) => void;
}) {
  const { t } = useTranslation();
  const style = menu.rect ? { top: menu.rect.bottom + 6, left: menu.rect.left } : undefined;
  return (
    <Portal>
      <Paper className={classes.mentionMenu} style={style} shadow="md" withBorder data-testid="mention-menu">
        {menu.items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            {t('richText.mentions.empty')}
          </Text>
        ) : (
          <div role="listbox" aria-label={t('richText.mentions.label')}>
            {menu.items.map((item, index) => (
              <UnstyledButton
                key={item.id}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={classes.mentionOption}
                // Keep the editor's selection: a click must not move the focus out of the text first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => onHover(index)}
                onClick={() => menu.select(item)}
              >
                <Avatar src={item.avatarUrl ?? null} name={item.label} size={26} radius="xl" />
                <span className={classes.mentionText}>
                  <Text size="sm" fw={600} truncate>
                    {item.label}
                  </Text>
                  {item.description ? (
                    <Text size="xs" c="dimmed" truncate>
                      {item.description}
                    </Text>
                  ) : null}
                </span>
              </UnstyledButton>
            ))}
          </div>
        )}
      </Paper>
    </Portal>
  );
}
