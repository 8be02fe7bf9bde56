import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Modal, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CourseDetail, CourseModule, LessonSummary } from '../../../contracts/courses-lessons';
import { ConfirmActions } from '../../components/confirm-actions';
import { useFormat } from '../../kernel/format';
import { moveItem } from '../community-settings';
import { CourseOutlineDnd } from './course-outline-dnd';
import { MoveButtons } from './course-move-tools';
import { useOrdering, type Ordering } from './course-moves';
import { useModuleMutations } from './courses-api';
import { LessonRow } from './lesson-row';
import { AddLessonDialog, ModuleDialog } from './module-dialogs';
import classes from './courses.module.css';

/** A module's lessons as members see them: a plain numbered list. */
function PlainLessons({ module }: { module: CourseModule }) {
  return (
    <ol className={classes.lessons}>
      {module.lessons.map((lesson, index) => (
        <li key={lesson.id}>
          <LessonRow lesson={lesson} index={index} count={module.lessons.length} tools={null} />
        </li>
      ))}
    </ol>
  );
}

function EmptyModuleText() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" py="sm">
      {t('courses.module.empty')}
    </Text>
  );
}

/** A lesson row with the team's tools: its handle, up and down within its module, and the move to another. */
function TeamLessonRow({
  course,
  module,
  lesson,
  index,
  handle,
  ordering,
}: {
  course: CourseDetail;
  module: CourseModule;
  lesson: LessonSummary;
  index: number;
  handle: ReactNode;
  ordering: Ordering;
}) {
  const step = (direction: -1 | 1) => {
    const reorder = moveItem(module.lessons, index, index + direction);
    if (reorder) {
      ordering.moves.moveLesson(reorder.moved, module.id, reorder.prevId);
    }
  };
  return (
    <LessonRow
      lesson={lesson}
      index={index}
      count={module.lessons.length}
      tools={{
        handle,
        modules: course.modules,
        onStep: step,
        onMoveTo: (target) => ordering.moveAcross(lesson, target),
      }}
    />
  );
}

function ModuleSection({
  course,
  module,
  index,
  handle,
  lessons,
  ordering,
}: {
  course: CourseDetail;
  module: CourseModule;
  index: number;
  handle: ReactNode;
  /** The module's lessons (or the word that it has none), as members or the team see them. */
  lessons: ReactNode;
  ordering: Ordering | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const can = course.permissions.can;
  const { remove } = useModuleMutations();
  const [dialog, setDialog] = useState<'edit' | 'lesson' | 'delete' | null>(null);
  const headingId = `module-${module.id}`;
  const drip = module.dripDate
    ? t('courses.drip.onDate', { date: format.longDate(`${module.dripDate}T12:00:00`) })
    : module.dripDays !== null
      ? t('courses.drip.afterDays', { count: module.dripDays })
      : null;
  const step = (direction: -1 | 1) => {
    const reorder = moveItem(course.modules, index, index + direction);
    if (reorder && ordering) {
      ordering.moves.moveModule(reorder);
    }
  };
  return (
    <section className={classes.module} aria-labelledby={headingId} data-testid="course-module">
      <Group justify="space-between" gap="sm" wrap="nowrap" className={classes.moduleHeader}>
        <Group gap={6} wrap="nowrap" align="flex-start" className={classes.moduleTitle}>
          {handle}
          <div>
            <Title order={3} size="h4" id={headingId}>
              {module.name}
            </Title>
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                {t('courses.lessonsCount', { count: module.lessons.length })}
              </Text>
              {drip && ordering ? (
                <Text span size="sm" c="dimmed" className={classes.state}>
                  <IconClock size={14} stroke={1.8} aria-hidden="true" />
                  {drip}
                </Text>
              ) : null}
            </Group>
          </div>
        </Group>
        {ordering ? (
          <Group gap={4} wrap="nowrap">
            <MoveButtons name={module.name} index={index} count={course.modules.length} onMove={step} />
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
      {lessons}
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
  const ordering = useOrdering(course);
  const canManage = course.permissions.can.includes('update');
  return (
    <section className={classes.modules} aria-labelledby="course-modules">
      <Title order={2} size="h3" id="course-modules">
        {course.modulesName || t('courses.modules')}
      </Title>
      {course.modules.length === 0 ? (
        <Text c="dimmed" data-testid="course-no-modules">
          {t('courses.noModules')}
        </Text>
      ) : canManage ? (
        <CourseOutlineDnd
          course={course}
          moves={ordering.moves}
          empty={<EmptyModuleText />}
          renderModule={(module, index, handle, lessons) => (
            <ModuleSection
              course={course}
              module={module}
              index={index}
              handle={handle}
              lessons={lessons}
              ordering={ordering}
            />
          )}
          renderLesson={(lesson, index, module, handle) => (
            <TeamLessonRow
              course={course}
              module={module}
              lesson={lesson}
              index={index}
              handle={handle}
              ordering={ordering}
            />
          )}
        />
      ) : (
        course.modules.map((module, index) => (
          <ModuleSection
            key={module.id}
            course={course}
            module={module}
            index={index}
            handle={null}
            lessons={module.lessons.length > 0 ? <PlainLessons module={module} /> : <EmptyModuleText />}
            ordering={null}
          />
        ))
      )}
      {canManage ? (
        <VisuallyHidden aria-live="polite" data-testid="course-moves-announcement">
          {ordering.announcement}
        </VisuallyHidden>
      ) : null}
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
