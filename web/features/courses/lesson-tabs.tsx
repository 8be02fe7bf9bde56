import { useEffect, useRef, useState } from 'react';
import { Avatar, Checkbox, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconExternalLink, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { courseLimits } from '../../../contracts/courses';
import type { Lesson } from '../../../contracts/courses-lessons';
import type { LessonTab } from '../../../contracts/enums';
import { LessonComments } from './lesson-comments';
import { RichText } from '../../components/rich-text';
import { useFormat } from '../../kernel/format';
import { useLessonToolMutations } from './lesson-api';
import { PlaylistPanel } from './playlist-panel';
import classes from './courses.module.css';

function InfoPanel({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {lesson.body ? (
        <RichText html={lesson.body} className={classes.body} testId="lesson-body" />
      ) : (
        <Text c="dimmed">{t('courses.tabs.noInfo')}</Text>
      )}
      {lesson.speakers.length > 0 || lesson.speakersNote ? (
        <section aria-labelledby="lesson-speakers">
          <Text component="h3" fw={700} id="lesson-speakers" mb="xs">
            {t('courses.speakers')}
          </Text>
          <ul className={classes.speakers}>
            {lesson.speakers.map((speaker) => (
              <li key={speaker.id} className={classes.speaker}>
                <Avatar src={speaker.avatarUrl} name={speaker.name} color="initials" radius="xl" size={32} />
                <Text size="sm" fw={600}>
                  {speaker.name}
                </Text>
              </li>
            ))}
          </ul>
          {lesson.speakersNote ? (
            <Text size="sm" className={classes.note} mt="xs">
              {lesson.speakersNote}
            </Text>
          ) : null}
        </section>
      ) : null}
    </Stack>
  );
}

function DownloadsPanel({ lesson }: { lesson: Lesson }) {
  const format = useFormat();
  return (
    <ul className={classes.files}>
      {lesson.attachments.map((file) => (
        <li key={file.id}>
          <a href={file.url ?? undefined} download={file.name} className={classes.file}>
            <IconPaperclip size={18} stroke={1.8} aria-hidden="true" />
            <span className={classes.fileName}>{file.name}</span>
            <Text span size="xs" c="dimmed">
              {format.bytes(file.size)}
            </Text>
          </a>
        </li>
      ))}
    </ul>
  );
}

function LinksPanel({ lesson }: { lesson: Lesson }) {
  return (
    <ul className={classes.files}>
      {lesson.links.map((link) => (
        <li key={`${link.url} ${link.title}`}>
          <a href={link.url} target="_blank" rel="noopener noreferrer" className={classes.file}>
            <IconExternalLink size={18} stroke={1.8} aria-hidden="true" />
            <span className={classes.fileName}>{link.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The member's private note: saved a second after they stop typing, and when they leave. */
function NotesPanel({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const { note } = useLessonToolMutations();
  const [text, setText] = useState(lesson.note);
  const saved = useRef(lesson.note);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const save = (body: string) => {
    if (body === saved.current) {
      return;
    }
    setState('saving');
    note.mutate(
      { id: lesson.id, body },
      {
        onSuccess: () => {
          saved.current = body;
          setState('saved');
        },
        onError: () => setState('failed'),
      },
    );
  };
  const saveSoon = useDebouncedCallback(save, 1000);
  const pending = useRef({ text, save });
  pending.current = { text, save };
  useEffect(() => () => pending.current.save(pending.current.text), []);
  return (
    <Stack gap={4}>
      <Textarea
        label={t('courses.notes.label')}
        description={t('courses.notes.hint')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          saveSoon(event.currentTarget.value);
        }}
        onBlur={() => save(text)}
        autosize
        minRows={5}
        maxLength={courseLimits.noteBody}
        data-testid="lesson-note"
      />
      <Text
        size="xs"
        c={state === 'failed' ? 'red' : 'dimmed'}
        aria-live="polite"
        data-testid="lesson-note-state"
      >
        {state === 'idle' ? '' : t(`courses.notes.${state}`)}
      </Text>
    </Stack>
  );
}

function TodosPanel({ lesson, canTick }: { lesson: Lesson; canTick: boolean }) {
  const { t } = useTranslation();
  const { todo } = useLessonToolMutations();
  const [done, setDone] = useState(() => new Map(lesson.todoList.map((item) => [item.id, item.done])));
  return (
    <Stack gap="sm" role="group" aria-label={t('courses.tabs.todos')}>
      {lesson.todoList.map((item) => (
        <Checkbox
          key={item.id}
          label={item.text}
          checked={done.get(item.id) ?? false}
          disabled={!canTick}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setDone((current) => new Map(current).set(item.id, checked));
            todo.mutate(
              { id: lesson.id, todoId: item.id, done: checked },
              { onError: () => setDone((current) => new Map(current).set(item.id, !checked)) },
            );
          }}
          data-testid="lesson-todo"
        />
      ))}
    </Stack>
  );
}

/** The tabs below the player (comments only where the lesson is open to the reader). */
export function LessonTabs({ lesson, signedIn }: { lesson: Lesson; signedIn: boolean }) {
  const { t } = useTranslation();
  const can = lesson.permissions.can;
  const isOpen = lesson.lessonAction.action === 'continue' || lesson.lessonAction.action === 'completed';
  const tabs: LessonTab[] = [
    'info',
    ...(lesson.attachments.length > 0 ? (['downloads'] as const) : []),
    ...(lesson.links.length > 0 ? (['links'] as const) : []),
    ...(signedIn ? (['notes'] as const) : []),
    ...(lesson.todoList.length > 0 ? (['todos'] as const) : []),
    ...(isOpen ? (['comments'] as const) : []),
    ...(signedIn ? (['playlist'] as const) : []),
  ];
  return (
    <Tabs defaultValue="info" className={classes.tabs} keepMounted={false}>
      <Tabs.List className={classes.filterTabs}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} data-testid={`lesson-tab-${tab}`}>
            {t(`courses.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="info" pt="lg">
        <InfoPanel lesson={lesson} />
      </Tabs.Panel>
      <Tabs.Panel value="downloads" pt="lg">
        <DownloadsPanel lesson={lesson} />
      </Tabs.Panel>
      <Tabs.Panel value="links" pt="lg">
        <LinksPanel lesson={lesson} />
      </Tabs.Panel>
      <Tabs.Panel value="notes" pt="lg">
        <NotesPanel lesson={lesson} />
      </Tabs.Panel>
      <Tabs.Panel value="todos" pt="lg">
        <TodosPanel lesson={lesson} canTick={can.includes('todo')} />
      </Tabs.Panel>
      <Tabs.Panel value="comments" pt="lg">
        <LessonComments lesson={lesson} />
      </Tabs.Panel>
      <Tabs.Panel value="playlist" pt="lg">
        <PlaylistPanel lesson={lesson} />
      </Tabs.Panel>
    </Tabs>
  );
}
