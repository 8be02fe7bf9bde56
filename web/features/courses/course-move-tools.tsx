import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconFolderShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CourseModule, LessonSummary } from '../../../contracts/courses-lessons';
import classes from './courses.module.css';

/**
 * Up and down beside the drag handle, for those who would rather click than drag; the first cannot go up, the
 * last not down. Phones show the handle alone (it answers touch and keyboard alike).
 */
export function MoveButtons({
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
    <div className={classes.moves}>
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
    </div>
  );
}

/** Moves a lesson to the end of another module of the course: the way across modules by keyboard and touch. */
export function MoveToModuleMenu({
  lesson,
  modules,
  onMove,
}: {
  lesson: LessonSummary;
  modules: readonly CourseModule[];
  onMove: (target: CourseModule) => void;
}) {
  const { t } = useTranslation();
  const others = modules.filter((module) => module.id !== lesson.moduleId);
  if (others.length === 0) {
    return null;
  }
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('courses.manage.moveToModule', { name: lesson.name })}
          data-testid="lesson-move-module"
        >
          <IconFolderShare size={16} stroke={1.8} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('courses.manage.moveTo')}</Menu.Label>
        {others.map((module) => (
          <Menu.Item key={module.id} onClick={() => onMove(module)}>
            {module.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
