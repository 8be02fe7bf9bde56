import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  RingProgress,
  Skeleton,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconChevronRight,
  IconEdit,
  IconHeart,
  IconHeartFilled,
  IconPlayerPlay,
  IconShoppingCart,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { CourseDetail } from '../../../contracts/courses-lessons';
import { ConfirmActions } from '../../components/confirm-actions';
import { LoadFailedState } from '../../components/empty-state';
import { useCurrentApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';
import { CourseFormDialog } from './course-form';
import { CourseModules } from './course-modules';
import { courseBySlugQuery, useCourseMutations } from './courses-api';
import { coursesLinks } from './courses-links';
import { nextLessonSlugOf } from './lesson-state';
import classes from './courses.module.css';

/** The member's way on: start, continue or look again (to the next lesson), or buy. */
function CourseProgress({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const percent = course.progress?.percent ?? 0;
  const next = nextLessonSlugOf(course);
  const label = t(`courses.action.${course.courseAction}`);
  const done = course.courseAction === 'completed';
  return (
    <aside className={classes.progressBox} aria-label={t('courses.progress')} data-testid="course-progress">
      <RingProgress
        size={96}
        thickness={9}
        roundCaps
        // At 0 % the round caps alone would draw a dot.
        sections={
          percent > 0
            ? [{ value: percent, color: done ? 'teal' : 'var(--mantine-primary-color-filled)' }]
            : []
        }
        label={
          <Text ta="center" fw={700} size="sm" data-testid="course-percent">
            {t('courses.percent', { percent })}
          </Text>
        }
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('courses.progressOf', { name: course.name })}
      />
      <div>
        <Text size="sm" c="dimmed">
          {t('courses.completedLessons', {
            done: course.progress?.completedLessons ?? 0,
            count: course.lessonsCount,
          })}
        </Text>
        {course.courseAction === 'buy' ? (
          <Button mt="xs" leftSection={<IconShoppingCart size={18} stroke={1.8} />} disabled>
            {label}
          </Button>
        ) : next ? (
          <Button
            mt="xs"
            component={Link}
            to={coursesLinks.lesson(app.slug, next)}
            color={done ? 'teal' : undefined}
            variant={done ? 'light' : 'filled'}
            leftSection={
              done ? <IconCheck size={18} stroke={1.8} /> : <IconPlayerPlay size={18} stroke={1.8} />
            }
            data-testid="course-continue"
          >
            {label}
          </Button>
        ) : null}
      </div>
    </aside>
  );
}

function CourseTools({
  course,
  onEdit,
  onDelete,
}: {
  course: CourseDetail;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { favorite } = useCourseMutations();
  const can = course.permissions.can;
  const favoriteLabel = t(course.isFavorite ? 'courses.unfavorite' : 'courses.favorite');
  return (
    <Group gap="xs" wrap="nowrap">
      {can.includes('favorite') ? (
        <Tooltip label={favoriteLabel}>
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={favoriteLabel}
            aria-pressed={course.isFavorite}
            loading={favorite.isPending}
            onClick={() => favorite.mutate({ id: course.id, on: !course.isFavorite })}
            data-testid="course-favorite"
          >
            {course.isFavorite ? (
              <IconHeartFilled size={18} color="var(--mantine-color-red-6)" />
            ) : (
              <IconHeart size={18} stroke={1.8} />
            )}
          </ActionIcon>
        </Tooltip>
      ) : null}
      {can.includes('update') ? (
        <Button
          variant="default"
          leftSection={<IconEdit size={18} stroke={1.8} />}
          onClick={onEdit}
          data-testid="course-edit"
        >
          {t('courses.edit')}
        </Button>
      ) : null}
      {can.includes('delete') ? (
        <Tooltip label={t('courses.delete.title')}>
          <ActionIcon size="lg" variant="default" aria-label={t('courses.delete.title')} onClick={onDelete}>
            <IconTrash size={18} stroke={1.8} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** `/{appSlug}/courses/c/{courseSlug}`: the course, the member's progress, its modules and lessons. */
export function CoursePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const { courseSlug = '' } = useParams();
  const answer = useQuery(courseBySlugQuery(app.id, courseSlug));
  const { remove } = useCourseMutations();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  usePageTitle(answer.data?.name ?? t('courses.title'));
  if (answer.isError) {
    return (
      <LoadFailedState
        error={answer.error}
        title={t('courses.courseError')}
        onRetry={() => void answer.refetch()}
      />
    );
  }
  if (answer.isPending) {
    return <Skeleton height={520} radius="lg" className={classes.page} />;
  }
  const course = answer.data;
  const cover = course.cover?.previewUrl ?? course.cover?.tileUrl ?? null;
  return (
    <article className={classes.page} data-testid="course-page">
      <nav aria-label={t('courses.breadcrumbs')} className={classes.crumbs}>
        <Anchor component={Link} to={coursesLinks.catalogue(app.slug)} size="sm" c="dimmed" fw={600}>
          {t('courses.title')}
        </Anchor>
        <IconChevronRight size={14} stroke={1.8} aria-hidden="true" />
        <Text span size="sm" c="dimmed" fw={600} truncate>
          {course.name}
        </Text>
      </nav>
      {cover ? <img className={classes.hero} src={cover} alt="" /> : null}
      <div className={classes.courseHeader}>
        <div className={classes.courseIntro}>
          <Group gap={6} mb={6}>
            <Badge variant="light">{t(`courses.type.${course.type}`)}</Badge>
            {course.isPublished ? null : (
              <Badge variant="light" color="gray">
                {t('courses.draft')}
              </Badge>
            )}
          </Group>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} className={classes.courseTitle}>
              {course.name}
            </Title>
            <CourseTools
              course={course}
              onEdit={() => setDialog('edit')}
              onDelete={() => setDialog('delete')}
            />
          </Group>
          {course.note ? (
            <Text mt="sm" className={classes.note}>
              {course.note}
            </Text>
          ) : null}
          {course.isSpeakersShown && course.speakers.length > 0 ? (
            <ul className={classes.speakers} aria-label={t('courses.speakers')}>
              {course.speakers.map((speaker) => (
                <li key={speaker.id} className={classes.speaker}>
                  <Avatar
                    src={speaker.avatarUrl}
                    name={speaker.name}
                    color="initials"
                    radius="xl"
                    size={32}
                  />
                  <Text size="sm" fw={600}>
                    {speaker.name}
                  </Text>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <CourseProgress course={course} />
      </div>
      <CourseModules course={course} />
      {dialog === 'edit' ? <CourseFormDialog course={course} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? (
        <Modal opened onClose={() => setDialog(null)} title={t('courses.delete.title')}>
          <Text size="sm">{t('courses.delete.text', { name: course.name })}</Text>
          <ConfirmActions
            onCancel={() => setDialog(null)}
            onConfirm={() =>
              remove.mutate(course.id, {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: t('courses.delete.done', { name: course.name }),
                  });
                  void navigate(coursesLinks.catalogue(app.slug));
                },
              })
            }
            confirmLabel={t('courses.delete.confirm')}
            confirmIcon={<IconTrash size={16} stroke={1.8} />}
            loading={remove.isPending}
          />
        </Modal>
      ) : null}
    </article>
  );
}
