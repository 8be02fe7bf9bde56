import type { ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { courseLimits } from '../../../contracts/courses';
import { FieldBox, RemoveButton } from './lesson-editor-fields';
import type { LinkItem, TodoItem } from './lesson-form';
import classes from './courses.module.css';

/* The lesson's lists typed in by hand: its links and its to-dos. */

/** Adds an empty entry at the end of a list (disabled once the list is full). */
function AddButton({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <div>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={15} stroke={1.8} />}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </Button>
    </div>
  );
}

/** Links (title and address) shown in the lesson's links tab. */
export function LinksField({
  value,
  onChange,
  error,
}: {
  value: LinkItem[];
  onChange: (links: LinkItem[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const replace = (index: number, link: LinkItem) =>
    onChange(value.map((item, at) => (at === index ? link : item)));
  return (
    <FieldBox label={t('courses.editor.links')} error={error}>
      {value.map((link, index) => (
        <Group key={index} gap="xs" wrap="wrap" align="flex-end">
          <TextInput
            className={classes.grow}
            label={t('courses.editor.linkTitle', { number: index + 1 })}
            value={link.title}
            onChange={(event) => replace(index, { ...link, title: event.currentTarget.value })}
            maxLength={courseLimits.linkTitle}
          />
          <TextInput
            className={classes.grow}
            type="url"
            label={t('courses.editor.linkUrl', { number: index + 1 })}
            value={link.url}
            onChange={(event) => replace(index, { ...link, url: event.currentTarget.value })}
            maxLength={courseLimits.url}
          />
          <RemoveButton
            label={t('courses.editor.removeLink', { number: index + 1 })}
            onClick={() => onChange(value.filter((_, at) => at !== index))}
          />
        </Group>
      ))}
      <AddButton
        disabled={value.length >= courseLimits.links}
        onClick={() => onChange([...value, { title: '', url: '' }])}
      >
        {t('courses.editor.addLink')}
      </AddButton>
    </FieldBox>
  );
}

/** The to-do list members tick off; kept items keep their id so the ticks stay. */
export function TodosField({
  value,
  onChange,
  error,
}: {
  value: TodoItem[];
  onChange: (todos: TodoItem[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <FieldBox label={t('courses.editor.todos')} error={error}>
      {value.map((todo, index) => (
        <Group key={todo.id ?? `new-${index}`} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            className={classes.grow}
            label={t('courses.editor.todo', { number: index + 1 })}
            value={todo.text}
            onChange={(event) =>
              onChange(
                value.map((item, at) => (at === index ? { ...item, text: event.currentTarget.value } : item)),
              )
            }
            maxLength={courseLimits.todoText}
          />
          <RemoveButton
            label={t('courses.editor.removeTodo', { number: index + 1 })}
            onClick={() => onChange(value.filter((_, at) => at !== index))}
          />
        </Group>
      ))}
      <AddButton
        disabled={value.length >= courseLimits.todos}
        onClick={() => onChange([...value, { text: '' }])}
      >
        {t('courses.editor.addTodo')}
      </AddButton>
    </FieldBox>
  );
}
