import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  courseCategoryListSchema,
  courseListSchema,
  courseResponseSchema,
  type CourseCreateBody,
  type CoursePatchBody,
} from '../../../contracts/courses';
import {
  courseDetailResponseSchema,
  courseModuleResponseSchema,
  lessonResponseSchema,
  type LessonPatchBody,
  type ModuleBody,
} from '../../../contracts/courses-lessons';
import { playlistListSchema } from '../../../contracts/courses-progress';
import { api } from '../../api/client';
import { useCurrentApp } from '../../kernel/current-app';

/** Every call of the courses' screens (server/features/courses, COURSES-01…25), in one map. */
export const coursesApiPaths = {
  courses: (appId: string) => `/apps/${appId}/courses`,
  bySlug: (appId: string, slug: string) => `/apps/${appId}/courses/c/${encodeURIComponent(slug)}`,
  course: (id: string) => `/courses/${id}`,
  favorite: (id: string) => `/courses/${id}/favorite`,
  modules: (courseId: string) => `/courses/${courseId}/modules`,
  module: (id: string) => `/modules/${id}`,
  moveModule: (id: string) => `/modules/${id}/move`,
  lessons: (moduleId: string) => `/modules/${moduleId}/lessons`,
  lessonBySlug: (appId: string, slug: string) => `/apps/${appId}/courses/l/${encodeURIComponent(slug)}`,
  lesson: (id: string) => `/lessons/${id}`,
  moveLesson: (id: string) => `/lessons/${id}/move`,
  activeLesson: (id: string) => `/lessons/${id}/active`,
  lessonAction: (id: string) => `/lessons/${id}/action`,
  note: (id: string) => `/lessons/${id}/note`,
  todo: (id: string, todoId: string) => `/lessons/${id}/todos/${encodeURIComponent(todoId)}`,
  categories: (appId: string) => `/apps/${appId}/categories`,
  playlists: (appId: string) => `/apps/${appId}/playlists`,
  playlist: (id: string) => `/playlists/${id}`,
  playlistLessons: (id: string) => `/playlists/${id}/lessons`,
  playlistLesson: (id: string, lessonId: string) => `/playlists/${id}/lessons/${lessonId}`,
} as const;

export type CourseListFilter = 'all' | 'published' | 'drafts' | 'favorites' | 'started';
export type CourseListParams = { filter: CourseListFilter; categoryId: string | null; search: string };

/** Everything the courses cache for one app: a write invalidates below `all`. */
export const coursesKeys = {
  all: (appId: string) => ['courses', appId] as const,
  list: (appId: string, params: CourseListParams) => [...coursesKeys.all(appId), 'list', params] as const,
  course: (appId: string, slug: string) => [...coursesKeys.all(appId), 'course', slug] as const,
  lesson: (appId: string, slug: string) => [...coursesKeys.all(appId), 'lesson', slug] as const,
  categories: (appId: string) => [...coursesKeys.all(appId), 'categories'] as const,
  playlists: (appId: string) => [...coursesKeys.all(appId), 'playlists'] as const,
};

// ---------- reads ----------

/** The catalogue: a page of courses at a time, appended as the member asks for more. */
export const courseListQuery = (appId: string, params: CourseListParams) =>
  infiniteQueryOptions({
    queryKey: coursesKeys.list(appId, params),
    queryFn: ({ signal, pageParam }) =>
      api.get(coursesApiPaths.courses(appId), {
        schema: courseListSchema,
        query: {
          page: pageParam,
          filter: params.filter,
          categoryId: params.categoryId,
          search: params.search || undefined,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
    meta: { silent: true },
  });

export const courseCategoriesQuery = (appId: string) =>
  queryOptions({
    queryKey: coursesKeys.categories(appId),
    queryFn: ({ signal }) =>
      api.get(coursesApiPaths.categories(appId), { schema: courseCategoryListSchema, signal }),
    meta: { silent: true },
  });

/** The course page `/{appSlug}/courses/c/{slug}`: the course, its modules and every lesson's state. */
export const courseBySlugQuery = (appId: string, slug: string) =>
  queryOptions({
    queryKey: coursesKeys.course(appId, slug),
    queryFn: ({ signal }) =>
      api
        .get(coursesApiPaths.bySlug(appId, slug), { schema: courseDetailResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

/** The lesson page `/{appSlug}/courses/l/{slug}`; a locked lesson comes without its content. */
export const lessonBySlugQuery = (appId: string, slug: string) =>
  queryOptions({
    queryKey: coursesKeys.lesson(appId, slug),
    queryFn: ({ signal }) =>
      api
        .get(coursesApiPaths.lessonBySlug(appId, slug), { schema: lessonResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

export const playlistsQuery = (appId: string) =>
  queryOptions({
    queryKey: coursesKeys.playlists(appId),
    queryFn: ({ signal }) =>
      api
        .get(coursesApiPaths.playlists(appId), { schema: playlistListSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

// ---------- writes ----------

/** The forms say the server's field errors at their fields, not again as a notice. */
const fieldErrorsInline = { inlineFieldErrors: true };

/** Every write invalidates the app's courses (catalogue, course and lesson pages, playlists). */
export function useInvalidateCourses() {
  const client = useQueryClient();
  const app = useCurrentApp();
  return () => client.invalidateQueries({ queryKey: coursesKeys.all(app.id) });
}

/**
 * Marks the app's courses out of date without reading the open ones again: the player's saved position changes
 * the course page ("Fortsetzen", "Begonnen"), which then reloads when the member goes back to it.
 */
export function useMarkCoursesStale() {
  const client = useQueryClient();
  const app = useCurrentApp();
  return () => client.invalidateQueries({ queryKey: coursesKeys.all(app.id), refetchType: 'none' });
}

export type Move = { id: string; prevId: string | null };

export function useCourseMutations() {
  const app = useCurrentApp();
  const onSuccess = useInvalidateCourses();
  return {
    create: useMutation({
      mutationFn: (body: CourseCreateBody) =>
        api.post(coursesApiPaths.courses(app.id), { body, schema: courseResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: CoursePatchBody & { id: string }) =>
        api.patch(coursesApiPaths.course(id), { body, schema: courseResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(coursesApiPaths.course(id)), onSuccess }),
    favorite: useMutation({
      mutationFn: ({ id, on }: { id: string; on: boolean }) =>
        on ? api.post(coursesApiPaths.favorite(id)) : api.delete(coursesApiPaths.favorite(id)),
      onSuccess,
    }),
  };
}

export function useModuleMutations() {
  const onSuccess = useInvalidateCourses();
  return {
    create: useMutation({
      mutationFn: ({ courseId, ...body }: ModuleBody & { courseId: string; name: string }) =>
        api.post(coursesApiPaths.modules(courseId), { body, schema: courseModuleResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: ModuleBody & { id: string }) =>
        api.patch(coursesApiPaths.module(id), { body }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(coursesApiPaths.module(id)), onSuccess }),
    move: useMutation({
      mutationFn: ({ id, prevId }: Move) => api.patch(coursesApiPaths.moveModule(id), { body: { prevId } }),
      onSuccess,
    }),
  };
}

export function useLessonMutations() {
  const onSuccess = useInvalidateCourses();
  return {
    create: useMutation({
      mutationFn: ({ moduleId, name }: { moduleId: string; name: string }) =>
        api.post(coursesApiPaths.lessons(moduleId), { body: { name }, schema: lessonResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: LessonPatchBody & { id: string }) =>
        api.patch(coursesApiPaths.lesson(id), { body, schema: lessonResponseSchema }),
      onSuccess,
      meta: fieldErrorsInline,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(coursesApiPaths.lesson(id)), onSuccess }),
    move: useMutation({
      mutationFn: ({ id, moduleId, prevId }: Move & { moduleId: string }) =>
        api.patch(coursesApiPaths.moveLesson(id), { body: { moduleId, prevId } }),
      onSuccess,
    }),
    active: useMutation({
      mutationFn: ({ id, on }: { id: string; on: boolean }) =>
        on ? api.post(coursesApiPaths.activeLesson(id)) : api.delete(coursesApiPaths.activeLesson(id)),
      onSuccess,
    }),
  };
}
