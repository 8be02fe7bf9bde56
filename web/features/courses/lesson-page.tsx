import { Anchor, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconChevronRight,
  IconEdit,
  IconLock,
  IconLogin,
  IconRotate,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Lesson } from '../../../contracts/courses-lessons';
import { LoadFailedState } from '../../components/empty-state';
import { useCurrentApp } from '../../kernel/current-app';
import { useHostPaths } from '../../kernel/host-context';
import { useIsAuthenticated } from '../../kernel/session/account-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { lessonBySlugQuery } from './courses-api';
import { coursesLinks } from './courses-links';
import { useLessonToolMutations } from './lesson-api';
import { LessonPlayer } from './lesson-player';
import { isLessonClosed, isLessonDone, useLockText } from './lesson-state';
import { LessonTabs } from './lesson-tabs';
import classes from './courses.module.css';

/** A lesson the member cannot open yet: why, until when, and the way in when signing in would open it. */
function LockScreen({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { auth } = useHostPaths();
  const lockText = useLockText();
  const state = lesson.lessonAction;
  const login = state.action === 'denied' && state.reason === 'login';
  return (
    <div className={classes.lockScreen} data-testid="lesson-lock">
      <span className={classes.lockIcon} aria-hidden="true">
        {login ? <IconLogin size={30} stroke={1.6} /> : <IconLock size={30} stroke={1.6} />}
      </span>
      <Title order={2} size="h3">
        {t(login ? 'courses.lock.loginTitle' : 'courses.lock.title')}
      </Title>
      <Text c="dimmed" ta="center" data-testid="lesson-lock-reason">
        {lockText(state)}
      </Text>
      {login ? (
        <Button component={Link} to={auth} leftSection={<IconLogin size={18} stroke={1.8} />}>
          {t('courses.lock.signIn')}
        </Button>
      ) : (
        <Button variant="default" component={Link} to={coursesLinks.course(app.slug, lesson.course.slug)}>
          {t('courses.lock.toCourse')}
        </Button>
      )}
    </div>
  );
}

function CompleteButton({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const { action } = useLessonToolMutations();
  const done = isLessonDone(lesson.lessonAction, lesson.progress);
  if (!lesson.permissions.can.includes('complete')) {
    return null;
  }
  return done ? (
    <Group gap="xs">
      <Text span c="teal" fw={600} className={classes.state} data-testid="lesson-done">
        <IconCheck size={18} stroke={2} aria-hidden="true" />
        {t('courses.lesson.completed')}
      </Text>
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        leftSection={<IconRotate size={15} stroke={1.8} />}
        loading={action.isPending}
        onClick={() => action.mutate({ id: lesson.id, action: 'incomplete' })}
        data-testid="lesson-undo"
      >
        {t('courses.lesson.undo')}
      </Button>
    </Group>
  ) : (
    <Button
      color="teal"
      leftSection={<IconCheck size={18} stroke={1.8} />}
      loading={action.isPending}
      onClick={() => action.mutate({ id: lesson.id, action: 'completed' })}
      data-testid="lesson-complete"
    >
      {t('courses.lesson.markDone')}
    </Button>
  );
}

function LessonSteps({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  return (
    <nav aria-label={t('courses.lesson.steps')} className={classes.steps}>
      {lesson.previousLessonSlug ? (
        <Button
          variant="default"
          component={Link}
          to={coursesLinks.lesson(app.slug, lesson.previousLessonSlug)}
          leftSection={<IconArrowLeft size={16} stroke={1.8} />}
          data-testid="lesson-previous"
        >
          {t('courses.lesson.previous')}
        </Button>
      ) : (
        <span />
      )}
      {lesson.nextLessonSlug ? (
        <Button
          variant="default"
          component={Link}
          to={coursesLinks.lesson(app.slug, lesson.nextLessonSlug)}
          rightSection={<IconArrowRight size={16} stroke={1.8} />}
          data-testid="lesson-next"
        >
          {t('courses.lesson.next')}
        </Button>
      ) : null}
    </nav>
  );
}

/** `/{appSlug}/courses/l/{lessonSlug}`: the player, the member's tools and the way through the course. */
export function LessonPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const signedIn = useIsAuthenticated();
  const { lessonSlug = '' } = useParams();
  const answer = useQuery(lessonBySlugQuery(app.id, lessonSlug));
  usePageTitle(answer.data?.name ?? t('courses.title'));
  if (answer.isError) {
    return (
      <LoadFailedState
        error={answer.error}
        title={t('courses.lessonError')}
        onRetry={() => void answer.refetch()}
      />
    );
  }
  if (answer.isPending) {
    return <Skeleton height={520} radius="lg" className={classes.page} />;
  }
  const lesson = answer.data;
  const closed = isLessonClosed(lesson.lessonAction);
  return (
    <article className={classes.page} data-testid="lesson-page">
      <nav aria-label={t('courses.breadcrumbs')} className={classes.crumbs}>
        <Anchor component={Link} to={coursesLinks.catalogue(app.slug)} size="sm" c="dimmed" fw={600}>
          {t('courses.title')}
        </Anchor>
        <IconChevronRight size={14} stroke={1.8} aria-hidden="true" />
        <Anchor
          component={Link}
          to={coursesLinks.course(app.slug, lesson.course.slug)}
          size="sm"
          c="dimmed"
          fw={600}
          truncate
        >
          {lesson.course.name}
        </Anchor>
        <IconChevronRight size={14} stroke={1.8} aria-hidden="true" />
        <Text span size="sm" c="dimmed" fw={600} truncate>
          {lesson.module.name}
        </Text>
      </nav>
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Title order={1} className={classes.courseTitle}>
          {lesson.name}
        </Title>
        {lesson.permissions.can.includes('update') ? (
          <Button
            variant="default"
            component={Link}
            to={coursesLinks.editLesson(app.slug, lesson.slug)}
            leftSection={<IconEdit size={18} stroke={1.8} />}
            data-testid="lesson-edit"
          >
            {t('courses.lesson.edit')}
          </Button>
        ) : null}
      </Group>
      {closed ? (
        <LockScreen lesson={lesson} />
      ) : (
        <>
          <LessonPlayer key={lesson.id} lesson={lesson} canSave={signedIn} />
          <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
            <CompleteButton lesson={lesson} />
          </Group>
          <LessonTabs key={lesson.id} lesson={lesson} signedIn={signedIn} />
        </>
      )}
      <LessonSteps lesson={lesson} />
    </article>
  );
}
