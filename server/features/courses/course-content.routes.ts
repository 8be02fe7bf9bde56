import { z } from 'zod';
import { courseIdParamsSchema, lessonSlugParamsSchema, moveBodySchema } from '../../../contracts/courses.ts';
import {
  courseModuleResponseSchema,
  lessonCreateBodySchema,
  lessonListSchema,
  lessonMoveBodySchema,
  lessonPatchBodySchema,
  lessonResponseSchema,
  moduleBodySchema,
  modulePatchBodySchema,
} from '../../../contracts/courses-lessons.ts';
import { lessonActionBodySchema, lessonActionResponseSchema } from '../../../contracts/courses-progress.ts';
import { defineRoute } from '../../platform/routes.ts';
import { createCourseContentService } from './course-content.service.ts';
import type { CourseDeps } from './index.ts';
import { createLessonPageService } from './lesson-page.service.ts';
import { createProgressService } from './progress.service.ts';

const tags = ['courses'];

/**
 * Modules and lessons (COURSES-14…24): the managers' structure (add, change, order, move, delete, the active
 * toggle), the lesson page by address, and each member's action on a lesson (read it; complete it, take that
 * back, or save the player's position).
 */
export function courseContentRoutes(deps: CourseDeps) {
  const { scopes } = deps;
  const content = createCourseContentService(deps);
  const pages = createLessonPageService(deps);
  const progress = createProgressService(deps);
  const course = scopes.course();
  const module = scopes.module();
  const lesson = scopes.lesson();
  const lessonAnswer = async (access: Parameters<typeof pages.page>[0]) => ({
    data: await pages.page(access),
  });
  return [
    defineRoute({
      method: 'POST',
      url: '/api/courses/:id/modules',
      auth: 'session',
      scope: course,
      ability: 'course:create_module',
      summary: 'Add a module at the end of the course',
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: moduleBodySchema,
        response: { 201: courseModuleResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await content.createModule(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/modules/:id',
      auth: 'session',
      scope: module,
      ability: 'module:update',
      summary: "Change a module's name, cover or drip schedule",
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: modulePatchBodySchema,
        response: { 200: courseModuleResponseSchema },
      },
      handler: async (request) => ({ data: await content.updateModule(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/modules/:id/move',
      auth: 'session',
      scope: module,
      ability: 'module:update',
      summary: 'Move a module right after `prevId` (null: first)',
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: moveBodySchema,
        response: { 200: courseModuleResponseSchema },
      },
      handler: async (request) => ({ data: await content.moveModule(request.access, request.body.prevId) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/modules/:id',
      auth: 'session',
      scope: module,
      ability: 'module:delete',
      summary: 'Delete a module with its lessons',
      tags,
      schema: { params: courseIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await content.deleteModule(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/modules/:id/lessons',
      auth: 'optional',
      scope: module,
      ability: 'module:view',
      summary: "The module's lessons in order, each with its action for the caller",
      tags,
      schema: { params: courseIdParamsSchema, response: { 200: lessonListSchema } },
      handler: async (request) => ({ data: await content.lessons(request.access) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/modules/:id/lessons',
      auth: 'session',
      scope: module,
      ability: 'module:create_lesson',
      summary: 'Add a lesson at the end of the module',
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: lessonCreateBodySchema,
        response: { 201: lessonResponseSchema },
      },
      handler: async (request, reply) => {
        const made = await content.createLesson(request.access, request.body);
        return reply.status(201).send(await lessonAnswer({ ...request.access, lesson: made }));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/courses/l/:lessonSlug',
      auth: 'optional',
      scope: scopes.app(),
      ability: 'app:view',
      summary:
        'The lesson page by its address: content when the lesson is open to the caller, else its action',
      tags,
      schema: { params: lessonSlugParamsSchema, response: { 200: lessonResponseSchema } },
      handler: async (request) => ({
        data: await pages.pageBySlug(request.actor, request.params.appId, request.params.lessonSlug),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/lessons/:id',
      auth: 'session',
      scope: lesson,
      ability: 'lesson:update',
      summary: 'Change a lesson',
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: lessonPatchBodySchema,
        response: { 200: lessonResponseSchema },
      },
      handler: async (request) => {
        const changed = await content.updateLesson(request.access, request.body);
        return lessonAnswer({ ...request.access, lesson: changed });
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/lessons/:id/move',
      auth: 'session',
      scope: lesson,
      ability: 'lesson:update',
      summary: 'Move a lesson right after `prevId` in `moduleId` (null: first), also into another module',
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: lessonMoveBodySchema,
        response: { 200: lessonResponseSchema },
      },
      handler: async (request) => {
        const moved = await content.moveLesson(request.access, request.body);
        return lessonAnswer({ ...request.access, lesson: moved });
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/lessons/:id',
      auth: 'session',
      scope: lesson,
      ability: 'lesson:delete',
      summary: "Delete a lesson (the members' progress counters follow)",
      tags,
      schema: { params: courseIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await content.deleteLesson(request.access);
        return reply.status(204).send(null);
      },
    }),
    ...(
      [
        ['POST', true],
        ['DELETE', false],
      ] as const
    ).map(([method, isActive]) =>
      defineRoute({
        method,
        url: '/api/lessons/:id/active',
        auth: 'session',
        scope: lesson,
        ability: 'lesson:update',
        summary: isActive
          ? 'Switch a lesson on for the members'
          : 'Switch a lesson off (members no longer see it)',
        tags,
        schema: { params: courseIdParamsSchema, response: { 200: lessonResponseSchema } },
        handler: async (request) => {
          const changed = await content.setActive(request.access, isActive);
          return lessonAnswer({ ...request.access, lesson: changed });
        },
      }),
    ),
    defineRoute({
      method: 'GET',
      url: '/api/lessons/:id/action',
      auth: 'optional',
      scope: lesson,
      ability: 'lesson:view',
      summary:
        "The lesson's action for the caller (locked with its reason and unlock date …) and their progress",
      tags,
      schema: { params: courseIdParamsSchema, response: { 200: lessonActionResponseSchema } },
      handler: async (request) => ({ data: await pages.action(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/lessons/:id/action',
      auth: 'session',
      scope: lesson,
      ability: 'lesson:complete',
      summary: "Complete a lesson, take that back, or save the player's position (every few seconds)",
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: lessonActionBodySchema,
        response: { 200: lessonActionResponseSchema },
      },
      handler: async (request) => ({ data: await progress.record(request.access, request.body) }),
    }),
  ];
}
