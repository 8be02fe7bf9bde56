import { Badge, Button, Group, Progress, Text } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconSchool, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Course } from '../../../contracts/courses';
import type { CourseAction } from '../../../contracts/enums';
import { useCurrentApp } from '../../kernel/current-app';
import { coursesLinks } from './courses-links';
import classes from './courses.module.css';

const actionIcons = {
  buy: IconShoppingCart,
  start: IconPlayerPlay,
  continue: IconPlayerPlay,
  completed: IconCheck,
} as const satisfies Record<CourseAction, unknown>;

/** Where a course's action leads: the lesson to go on with, else the course page. */
export function courseActionTarget(appSlug: string, course: Course): string {
  const next = course.progress?.nextLessonSlug;
  return next && (course.courseAction === 'continue' || course.courseAction === 'start')
    ? coursesLinks.lesson(appSlug, next)
    : coursesLinks.course(appSlug, course.slug);
}

/** One course in the catalogue: cover, type, name, lessons, the member's progress and their next step. */
export function CourseCard({ course }: { course: Course }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const cover = course.cover?.tileUrl ?? course.cover?.previewUrl ?? null;
  const Icon = actionIcons[course.courseAction];
  const label = t(`courses.action.${course.courseAction}`);
  const percent = course.progress?.percent ?? 0;
  return (
    <article className={classes.card} data-testid="course-card">
      <div className={classes.cardCover} aria-hidden="true">
        {cover ? <img src={cover} alt="" loading="lazy" /> : <IconSchool size={36} stroke={1.4} />}
      </div>
      <div className={classes.cardBody}>
        <Group gap={6}>
          <Badge variant="light" size="sm">
            {t(`courses.type.${course.type}`)}
          </Badge>
          {course.isPublished ? null : (
            <Badge variant="light" color="gray" size="sm">
              {t('courses.draft')}
            </Badge>
          )}
        </Group>
        <Text component="h3" className={classes.cardTitle}>
          <Link to={coursesLinks.course(app.slug, course.slug)} className={classes.cardLink}>
            {course.name}
          </Link>
        </Text>
        <Text size="sm" c="dimmed">
          {t('courses.lessonsCount', { count: course.lessonsCount })}
        </Text>
        {course.progress ? (
          <div className={classes.cardProgress}>
            <Progress
              value={percent}
              size="sm"
              aria-label={t('courses.progressOf', { name: course.name })}
              color={course.courseAction === 'completed' ? 'teal' : undefined}
            />
            <Text size="xs" c="dimmed" data-testid="course-card-percent">
              {t('courses.percent', { percent })}
            </Text>
          </div>
        ) : null}
        <Button
          component={Link}
          to={courseActionTarget(app.slug, course)}
          variant={course.courseAction === 'completed' ? 'light' : 'filled'}
          color={course.courseAction === 'completed' ? 'teal' : undefined}
          leftSection={<Icon size={16} stroke={1.8} />}
          aria-label={`${label}: ${course.name}`}
          className={classes.cardAction}
          data-testid="course-card-action"
        >
          {label}
        </Button>
      </div>
    </article>
  );
}
