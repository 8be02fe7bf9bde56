import { z } from 'zod';
import {
  courseAppParamsSchema,
  courseCreateBodySchema,
  courseDashboardQuerySchema,
  courseDashboardSchema,
  courseIdParamsSchema,
  courseListQuerySchema,
  courseListSchema,
  coursePatchBodySchema,
  courseResponseSchema,
  courseSlugParamsSchema,
} from '../../../contracts/courses.ts';
import { courseDetailResponseSchema } from '../../../contracts/courses-lessons.ts';
import { projectIdParamsSchema } from '../../../contracts/workspace.ts';
import { defineRoute } from '../../platform/routes.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { createCourseService } from './courses.service.ts';
import type { CourseDeps } from './index.ts';

const tags = ['courses'];

/** Courses (COURSES-01…05), the course page by address, and the service host's dashboard (ROUTE-57). */
export function courseRoutes(deps: CourseDeps) {
  const { db, scopes } = deps;
  const courses = createCourseService(deps);
  const app = scopes.app();
  const course = scopes.course();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/courses',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary:
        "The app's courses the caller sees, newest first (in a category: its order), with their progress",
      tags,
      schema: {
        params: courseAppParamsSchema,
        querystring: courseListQuerySchema,
        response: { 200: courseListSchema },
      },
      handler: async (request) => courses.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/courses',
      auth: 'session',
      scope: app,
      ability: 'app:create_course',
      summary: 'Create a course',
      tags,
      schema: {
        params: courseAppParamsSchema,
        body: courseCreateBodySchema,
        response: { 201: courseResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await courses.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/courses/c/:courseSlug',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'The course page by its address: modules and every lesson with its action for the caller',
      tags,
      schema: {
        params: courseSlugParamsSchema,
        response: { 200: courseDetailResponseSchema },
      },
      handler: async (request, reply) =>
        courses.sendDetailBySlug(reply, request.actor, request.params.appId, request.params.courseSlug),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/courses/:id',
      auth: 'optional',
      scope: course,
      ability: 'course:view',
      summary: 'The course with its modules and every lesson with its action for the caller',
      tags,
      schema: { params: courseIdParamsSchema, response: { 200: courseDetailResponseSchema } },
      handler: async (request, reply) => courses.sendDetail(reply, request.access),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/courses/:id',
      auth: 'session',
      scope: course,
      ability: 'course:update',
      summary: 'Change a course',
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: coursePatchBodySchema,
        response: { 200: courseResponseSchema },
      },
      handler: async (request) => ({ data: await courses.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/courses/:id',
      auth: 'session',
      scope: course,
      ability: 'course:delete',
      summary: 'Delete a course (members keep nothing of it in lists)',
      tags,
      schema: { params: courseIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await courses.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/courses',
      auth: 'session',
      scope: createAccessScopes(db).project('projectId'),
      ability: 'project:view_apps',
      summary:
        "The service host's courses dashboard: every app's courses with enrolments and completion rates",
      tags,
      schema: {
        params: projectIdParamsSchema,
        querystring: courseDashboardQuerySchema,
        response: { 200: courseDashboardSchema },
      },
      handler: async (request) => courses.dashboard(request.params.projectId, request.query),
    }),
  ];
}
