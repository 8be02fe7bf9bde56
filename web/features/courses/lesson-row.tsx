import type { ReactNode } from 'react';
import { ActionIcon, Group, Switch, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CourseModule, LessonSummary } from '../../../contracts/courses-lessons';
import { useCurrentApp } from '../../kernel/current-app';
import { MoveButtons, MoveToModuleMenu } from './course-move-tools';
import { useLessonMutations } from './courses-api';
import { coursesLinks } from './courses-links';
import { LessonStateLine } from './lesson-state';
import classes from './courses.module.css';

/** The course team's tools of a lesson row: its drag handle and the ways to move it without dragging. */
export type LessonTools = {
  handle: ReactNode;
  modules: readonly CourseModule[];
  onStep: (step: -1 | 1) => void;
  onMoveTo: (target: CourseModule) => void;
};

/** Where focus goes when a lesson moved to another module (its row is drawn anew there). */
export const lessonLinkId = (lessonId: string) => `lesson-link-${lessonId}`;

/** One lesson of a module: its number, name and state, and for the course's team its tools (`tools`). */
export function LessonRow({
  lesson,
  index,
  count,
  tools,
}: {
  lesson: LessonSummary;
  index: number;
  count: number;
  tools: LessonTools | null;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { active } = useLessonMutations();
  return (
    <div className={classes.lessonRow} data-testid="lesson-row" data-active={lesson.isActive || undefined}>
      {tools?.handle}
      <span className={classes.lessonNumber} aria-hidden="true">
        {index + 1}
      </span>
      <div className={classes.lessonMain}>
        <Link
          to={coursesLinks.lesson(app.slug, lesson.slug)}
          className={classes.lessonLink}
          id={lessonLinkId(lesson.id)}
        >
          {lesson.name}
        </Link>
        <Group gap="sm">
          <LessonStateLine state={lesson.lessonAction} progress={lesson.progress} />
          {tools && !lesson.isActive ? (
            <Text span size="xs" c="orange">
              {t('courses.manage.inactive')}
            </Text>
          ) : null}
        </Group>
      </div>
      {tools ? (
        <Group gap={4} wrap="nowrap" className={classes.rowTools}>
          <Switch
            size="xs"
            checked={lesson.isActive}
            onChange={(event) => active.mutate({ id: lesson.id, on: event.currentTarget.checked })}
            label={t('courses.manage.active')}
            aria-label={t('courses.manage.activeOf', { name: lesson.name })}
          />
          <MoveButtons name={lesson.name} index={index} count={count} onMove={tools.onStep} />
          <MoveToModuleMenu lesson={lesson} modules={tools.modules} onMove={tools.onMoveTo} />
          <ActionIcon
            variant="subtle"
            color="gray"
            component={Link}
            to={coursesLinks.editLesson(app.slug, lesson.slug)}
            aria-label={t('courses.manage.editLesson', { name: lesson.name })}
          >
            <IconEdit size={16} stroke={1.8} />
          </ActionIcon>
        </Group>
      ) : null}
    </div>
  );
}
