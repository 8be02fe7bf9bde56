import { Text } from '@mantine/core';
import { IconCheck, IconLock, IconLogin, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CourseDetail } from '../../../contracts/courses-lessons';
import type { LessonActionState, LessonProgress } from '../../../contracts/courses-progress';
import { useFormat } from '../../kernel/format';
import classes from './courses.module.css';

/** Why a lesson cannot be opened, in words: the unlock date of a drip in the member's language and zone. */
export function useLockText() {
  const { t } = useTranslation();
  const format = useFormat();
  return (state: LessonActionState): string => {
    if (state.action === 'denied') {
      return t(state.reason === 'login' ? 'courses.lock.login' : 'courses.lock.denied');
    }
    if (state.action === 'buy') {
      return t('courses.lock.buy');
    }
    switch (state.reason) {
      case 'drip_content':
        return state.unlocksAt
          ? t('courses.lock.dripUntil', { date: format.longDate(state.unlocksAt) })
          : t('courses.lock.drip');
      case 'not_completed_previous_lessons':
        return t('courses.lock.previous');
      case 'access_limit_by_time':
        return t('courses.lock.expired');
      case 'level':
        return state.requiredLevel
          ? t('rewards.gate.locked', { level: state.requiredLevel.level, name: state.requiredLevel.name })
          : t('errors.LEVEL_REQUIRED');
      case 'denied':
      case 'login':
      case null:
        return t('courses.lock.locked');
    }
  };
}

export const isLessonDone = (state: LessonActionState, progress: LessonProgress | null) =>
  state.action === 'completed' || Boolean(progress?.completedAt);

export const isLessonClosed = (state: LessonActionState) =>
  state.action === 'locked' || state.action === 'denied' || state.action === 'buy';

/** The lesson "continue"/"start" leads to: the one the server names, else the first open, unfinished one. */
export function nextLessonSlugOf(course: CourseDetail): string | null {
  if (course.progress?.nextLessonSlug) {
    return course.progress.nextLessonSlug;
  }
  const lessons = course.modules.flatMap((module) => module.lessons);
  const open = lessons.filter((lesson) => !isLessonClosed(lesson.lessonAction));
  return (
    (open.find((lesson) => !isLessonDone(lesson.lessonAction, lesson.progress)) ?? open[0])?.slug ?? null
  );
}

const icons = { locked: IconLock, denied: IconLogin, buy: IconShoppingCart } as const;

/** A lesson row's state: done, or locked with the reason, or what signing in or buying would open. */
export function LessonStateLine({
  state,
  progress,
}: {
  state: LessonActionState;
  progress: LessonProgress | null;
}) {
  const { t } = useTranslation();
  const lockText = useLockText();
  if (isLessonDone(state, progress)) {
    return (
      <Text span size="sm" c="teal" className={classes.state} data-testid="lesson-state">
        <IconCheck size={16} stroke={2} aria-hidden="true" />
        {t('courses.lesson.completed')}
      </Text>
    );
  }
  if (state.action === 'locked' || state.action === 'denied' || state.action === 'buy') {
    const Icon = icons[state.action];
    return (
      <Text span size="sm" c="dimmed" className={classes.state} data-testid="lesson-state">
        <Icon size={16} stroke={1.8} aria-hidden="true" />
        {lockText(state)}
      </Text>
    );
  }
  if (progress && progress.positionSeconds > 0) {
    return (
      <Text span size="sm" c="dimmed" className={classes.state} data-testid="lesson-state">
        {t('courses.lesson.started')}
      </Text>
    );
  }
  return null;
}
