import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Switch, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconClock, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CourseDetail, CourseModule, LessonSummary } from '../../../contracts/courses';
import { ConfirmActions } from '../../components/confirm-actions';
import { useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { useLessonMutations, useModuleMutations } from './courses-api';
import { coursesLinks } from './courses-links';
import { LessonStateLine } from './lesson-state';
import { AddLessonDialog, ModuleDialog } from './module-dialogs';
import classes from './courses.module.css';

/** `prevId` for moving the item at `index` one place up or down in `items` (the server places after prevId). */
export function prevIdForMove(items: readonly { id: string }[], index: number, step: -1 | 1): string | null {
  return step === -1 ? (items[index - 2]?.id ?? null) : (items[index + 1]?.id ?? null);
}

/** Up and down, for keyboard and pointer alike; the first cannot go up, the last not down. */
function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('courses.manage.moveUp', { name })}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} stroke={1.8} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('courses.manage.moveDown', { name })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} stroke={1.8} />
      </ActionIcon>
    </>
  );
}

function LessonRow({
  lesson,
  index,
  lessons,
  canManage,
}: {
  lesson: LessonSummary;
  index: number;
  lessons: LessonSummary[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { move, active } = useLessonMutations();
  return (
    <li className={classes.lessonRow} data-testid="lesson-row" data-active={lesson.isActive || undefined}>
      <span className={classes.lessonNumber} aria-hidden="true">
        {index + 1}
      </span>
      <div className={classes.lessonMain}>
        <Link to={coursesLinks.lesson(app.slug, lesson.slug)} className={classes.lessonLink}>
          {lesson.name}
        </Link>
        <Group gap="sm">
          <LessonStateLine state={lesson.lessonAction} progress={lesson.progress} />
          {canManage && !lesson.isActive ? (
            <Text span size="xs" c="orange">
              {t('courses.manage.inactive')}
            </Text>
          ) : null}
        </Group>
      </div>
      {canManage ? (
        <Group gap={4} wrap="nowrap" className={classes.rowTools}>
          <Switch
            size="xs"
            checked={lesson.isActive}
            onChange={(event) => active.mutate({ id: lesson.id, on: event.currentTarget.checked })}
            label={t('courses.manage.active')}
            aria-label={t('courses.manage.activeOf', { name: lesson.name })}
          />
          <MoveButtons
            name={lesson.name}
            index={index}
            count={lessons.length}
            onMove={(step) =>
              move.mutate({
                id: lesson.id,
                moduleId: lesson.moduleId,
                prevId: prevIdForMove(lessons, index, step),
              })
            }
          />
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
    </li>
  );
}

function ModuleSection({
  course,
  module,
  index,
}: {
  course: CourseDetail;
  module: CourseModule;
  index: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const can = course.permissions.can;
  const canManage = can.includes('update');
  const { move, remove } = useModuleMutations();
  const [dialog, setDialog] = useState<'edit' | 'lesson' | 'delete' | null>(null);
  const headingId = `module-${module.id}`;
  const drip = module.dripDate
    ? t('courses.drip.onDate', { date: format.longDate(`${module.dripDate}T12:00:00`) })
    : module.dripDays !== null
      ? t('courses.drip.afterDays', { count: module.dripDays })
      : null;
  return (
    <section className={classes.module} aria-labelledby={headingId} data-testid="course-module">
      <Group justify="space-between" gap="sm" wrap="wrap" className={classes.moduleHeader}>
        <div>
          <Title order={3} size="h4" id={headingId}>
            {module.name}
          </Title>
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {t('courses.lessonsCount', { count: module.lessons.length })}
            </Text>
            {drip && canManage ? (
              <Text span size="sm" c="dimmed" className={classes.state}>
                <IconClock size={14} stroke={1.8} aria-hidden="true" />
                {drip}
              </Text>
            ) : null}
          </Group>
        </div>
        {canManage ? (
          <Group gap={4} wrap="nowrap">
            <MoveButtons
              name={module.name}
              index={index}
              count={course.modules.length}
              onMove={(step) =>
                move.mutate({ id: module.id, prevId: prevIdForMove(course.modules, index, step) })
              }
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('courses.module.editOf', { name: module.name })}
              onClick={() => setDialog('edit')}
            >
              <IconEdit size={16} stroke={1.8} />
            </ActionIcon>
            {can.includes('delete') ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('courses.module.deleteOf', { name: module.name })}
                onClick={() => setDialog('delete')}
              >
                <IconTrash size={16} stroke={1.8} />
              </ActionIcon>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {module.lessons.length > 0 ? (
        <ol className={classes.lessons}>
          {module.lessons.map((lesson, lessonIndex) => (
            <LessonRow
              key={lesson.id}
              lesson={lesson}
              index={lessonIndex}
              lessons={module.lessons}
              canManage={canManage}
            />
          ))}
        </ol>
      ) : (
        <Text size="sm" c="dimmed" py="sm">
          {t('courses.module.empty')}
        </Text>
      )}
      {can.includes('create_lesson') ? (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={15} stroke={1.8} />}
          onClick={() => setDialog('lesson')}
          data-testid="lesson-add"
        >
          {t('courses.lesson.add')}
        </Button>
      ) : null}
      {dialog === 'edit' ? (
        <ModuleDialog courseId={course.id} module={module} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'lesson' ? <AddLessonDialog module={module} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? (
        <Modal opened onClose={() => setDialog(null)} title={t('courses.module.deleteTitle')}>
          <Text size="sm">{t('courses.module.deleteText', { name: module.name })}</Text>
          <ConfirmActions
            onCancel={() => setDialog(null)}
            onConfirm={() => remove.mutate(module.id, { onSuccess: () => setDialog(null) })}
            confirmLabel={t('courses.module.delete')}
            confirmIcon={<IconTrash size={16} stroke={1.8} />}
            loading={remove.isPending}
          />
        </Modal>
      ) : null}
    </section>
  );
}

/** The course's modules in order, each with its lessons and, for the course's team, their tools. */
export function CourseModules({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <section className={classes.modules} aria-labelledby="course-modules">
      <Title order={2} size="h3" id="course-modules">
        {course.modulesName || t('courses.modules')}
      </Title>
      {course.modules.length === 0 ? (
        <Text c="dimmed" data-testid="course-no-modules">
          {t('courses.noModules')}
        </Text>
      ) : null}
      {course.modules.map((module, index) => (
        <ModuleSection key={module.id} course={course} module={module} index={index} />
      ))}
      {course.permissions.can.includes('create_module') ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} stroke={1.8} />}
          onClick={() => setAdding(true)}
          data-testid="module-add"
        >
          {t('courses.module.add')}
        </Button>
      ) : null}
      {adding ? <ModuleDialog courseId={course.id} module={null} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}
