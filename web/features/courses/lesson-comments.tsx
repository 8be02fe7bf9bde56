import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Lesson } from '../../../contracts/courses-lessons';
import { useCurrentApp } from '../../kernel/current-app';
import { EntityCommentSection, type CommentHost } from '../community';
import { coursesKeys } from './courses-api';

/** Moves the lesson's comment count wherever its page is cached. */
function countOnLesson(client: QueryClient, appId: string, lesson: Lesson, delta: 1 | -1) {
  client.setQueryData<Lesson>(coursesKeys.lesson(appId, lesson.slug), (data) =>
    data ? { ...data, commentsCount: Math.max(0, data.commentsCount + delta) } : data,
  );
}

/** The lesson's conversation: the community's comments, written by whoever may `comment` on the course. */
export function LessonComments({ lesson }: { lesson: Lesson }) {
  const app = useCurrentApp();
  const host = useMemo<CommentHost>(
    () => ({
      entityType: 'lesson',
      id: lesson.id,
      onCount: (client, delta) => countOnLesson(client, app.id, lesson, delta),
    }),
    [app.id, lesson],
  );
  return (
    <EntityCommentSection
      host={host}
      count={lesson.commentsCount}
      canWrite={lesson.permissions.can.includes('comment')}
    />
  );
}
