import { Avatar, Paper, Portal, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MentionCandidate } from './editor-types';
import classes from './rich-text-editor.module.css';

/*
 * The `@` popup's list, shared by the rich-text editor (Tiptap's suggestion plugin) and the chat's plain
 * composer. It holds no focus: the field keeps it, and arrow keys move `active` there, like a combobox.
 */

export type MentionMenuState = {
  items: MentionCandidate[];
  /** Where the typed `@…` is: the list opens below it (a floating list; null: where the caller places it). */
  rect: DOMRect | null;
  select: (item: MentionCandidate) => void;
};

/** Index after a move through `count` items, wrapping at both ends. */
export function stepThrough(index: number, delta: number, count: number): number {
  return count === 0 ? 0 : (index + delta + count) % count;
}

export function MentionMenu({
  menu,
  active,
  onHover,
  id,
  placement = 'floating',
}: {
  menu: MentionMenuState;
  active: number;
  onHover: (index: number) => void;
  /** The listbox's id, for the field's `aria-controls`; its options are `${id}-${index}`. */
  id?: string;
  /**
   * `floating` (the editor): fixed below `rect`, in a portal. `above` (the chat's composer): in place, over the
   * element it is rendered in (which is positioned), so it stays inside the page's landmarks.
   */
  placement?: 'floating' | 'above';
}) {
  const { t } = useTranslation();
  const floating = placement === 'floating';
  const style = floating
    ? menu.rect
      ? { top: menu.rect.bottom + 6, left: menu.rect.left }
      : undefined
    : { position: 'absolute' as const, bottom: '100%', left: 12, marginBottom: 6 };
  const list = (
    <Paper className={classes.mentionMenu} style={style} shadow="md" withBorder data-testid="mention-menu">
      {menu.items.length === 0 ? (
        <Text size="sm" c="dimmed" px="sm" py={6}>
          {t('richText.mentions.empty')}
        </Text>
      ) : (
        <div role="listbox" id={id} aria-label={t('richText.mentions.label')}>
          {menu.items.map((item, index) => (
            <UnstyledButton
              key={item.id}
              id={id ? `${id}-${index}` : undefined}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={classes.mentionOption}
              // Keep the field's selection: a click must not move the focus out of the text first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => menu.select(item)}
            >
              <Avatar src={item.avatarUrl ?? null} name={item.label} size={26} radius="xl" aria-hidden />
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
  );
  return floating ? <Portal>{list}</Portal> : list;
}
