import { z } from 'zod';
import { courseAppParamsSchema, courseIdParamsSchema } from '../../../contracts/courses.ts';
import {
  lessonNoteBodySchema,
  lessonNoteResponseSchema,
  lessonTodoBodySchema,
  lessonTodoListResponseSchema,
  lessonTodoParamsSchema,
  recentLessonListSchema,
} from '../../../contracts/courses-progress.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { CourseDeps } from './index.ts';
import { createMemberToolService } from './member-tools.service.ts';
import { playlistRoutes } from './playlists.routes.ts';

const tags = ['courses'];

/** A member's own tools in the courses: notes, to-dos, favourites, recent lessons (COURSES-25) and playlists. */
export function memberToolRoutes(deps: CourseDeps) {
  const tools = createMemberToolService(deps);
  const { scopes } = deps;
  const lesson = scopes.lesson();
  const course = scopes.course();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/lessons/:id/note',
      auth: 'session',
      scope: lesson,
      ability: 'lesson:todo',
      summary: "The caller's private note on the lesson (empty when none)",
      tags,
      schema: { params: courseIdParamsSchema, response: { 200: lessonNoteResponseSchema } },
      handler: async (request) => ({ data: await tools.note(request.access) }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/lessons/:id/note',
      auth: 'session',
      scope: lesson,
      ability: 'lesson:todo',
      summary: "Save the caller's private note on an open lesson (empty: delete it)",
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: lessonNoteBodySchema,
        response: { 200: lessonNoteResponseSchema },
      },
      handler: async (request) => ({ data: await tools.saveNote(request.access, request.body.body) }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/lessons/:id/todos/:todoId',
      auth: 'session',
      scope: lesson,
      ability: 'lesson:todo',
      summary: "Tick or untick one of an open lesson's to-dos; answers the list with the caller's ticks",
      tags,
      schema: {
        params: lessonTodoParamsSchema,
        body: lessonTodoBodySchema,
        response: { 200: lessonTodoListResponseSchema },
      },
      handler: async (request) => ({
        data: await tools.tickTodo(request.access, request.params.todoId, request.body.done),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/courses/:id/favorite',
      auth: 'session',
      scope: course,
      ability: 'course:favorite',
      summary: "Add the course to the caller's favourites (again: no change)",
      tags,
      schema: { params: courseIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await tools.setFavorite(request.access, true);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/courses/:id/favorite',
      auth: 'session',
      scope: course,
      ability: 'course:favorite',
      summary: "Take the course out of the caller's favourites (not there: no change)",
      tags,
      schema: { params: courseIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await tools.setFavorite(request.access, false);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/lessons/recent',
      auth: 'session',
      scope: scopes.app(),
      ability: 'app:view',
      summary: "The caller's ten lessons opened last in the app's courses they see, newest first",
      tags,
      schema: { params: courseAppParamsSchema, response: { 200: recentLessonListSchema } },
      handler: async (request) => ({ data: await tools.recent(request.access) }),
    }),
    ...playlistRoutes(deps),
  ];
}
