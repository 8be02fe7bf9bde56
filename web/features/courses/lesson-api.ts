import { useMutation } from '@tanstack/react-query';
import { playlistResponseSchema, type LessonActionBody } from '../../../contracts/courses-progress';
import { api } from '../../api/client';
import { useCurrentApp } from '../../kernel/current-app';
import { coursesApiPaths, useInvalidateCourses } from './courses-api';

/** The player's position (COURSES-24 `continue`): sent quietly, never a notice when the network hiccups. */
export const saveLessonPosition = (id: string, positionSeconds: number, durationSeconds?: number) =>
  api.patch(coursesApiPaths.lessonAction(id), {
    body: {
      action: 'continue',
      positionSeconds,
      ...(durationSeconds ? { durationSeconds } : {}),
    } satisfies LessonActionBody,
  });

/** Marking done and taking it back, the note, the to-dos: the member's own tools on a lesson. */
export function useLessonToolMutations() {
  const onSuccess = useInvalidateCourses();
  return {
    action: useMutation({
      mutationFn: ({ id, action }: { id: string; action: 'completed' | 'incomplete' }) =>
        api.patch(coursesApiPaths.lessonAction(id), { body: { action } satisfies LessonActionBody }),
      onSuccess,
    }),
    /** The note saves itself while the member writes; the page keeps their text, so nothing is refetched. */
    note: useMutation({
      mutationFn: ({ id, body }: { id: string; body: string }) =>
        api.put(coursesApiPaths.note(id), { body: { body } }),
    }),
    todo: useMutation({
      mutationFn: ({ id, todoId, done }: { id: string; todoId: string; done: boolean }) =>
        api.put(coursesApiPaths.todo(id, todoId), { body: { done } }),
      onSuccess,
    }),
  };
}

export function usePlaylistMutations() {
  const app = useCurrentApp();
  const onSuccess = useInvalidateCourses();
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        api.post(coursesApiPaths.playlists(app.id), { body: { name }, schema: playlistResponseSchema }),
      onSuccess,
      meta: { inlineFieldErrors: true },
    }),
    add: useMutation({
      mutationFn: ({ id, lessonId }: { id: string; lessonId: string }) =>
        api.post(coursesApiPaths.playlistLessons(id), { body: { lessonId } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: ({ id, lessonId }: { id: string; lessonId: string }) =>
        api.delete(coursesApiPaths.playlistLesson(id, lessonId)),
      onSuccess,
    }),
  };
}
