import { z } from 'zod';
import {
  categoryCourseMoveBodySchema,
  categoryDropdownQuerySchema,
  categoryMoveBodySchema,
  courseAppParamsSchema,
  courseCategoryBodySchema,
  courseCategoryListQuerySchema,
  courseCategoryListSchema,
  courseCategoryResponseSchema,
  courseDropdownQuerySchema,
  courseIdParamsSchema,
  dropdownSchema,
} from '../../../contracts/courses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineRoute, type RouteScope } from '../../platform/routes.ts';
import { paramOf } from '../workspace/public.ts';
import {
  createCourseCategoryService,
  loadCourseCategoryAccess,
  type CourseCategoryAccess,
} from './course-categories.service.ts';
import { courseDropdown } from './courses-dropdown.service.ts';
import type { CourseDeps } from './index.ts';

const tags = ['courses'];

/** The category of `:id` in its app: the app's abilities decide (categories are the app's, not a course's). */
function courseCategoryScope(db: DbOrTx, param = 'id'): RouteScope<CourseCategoryAccess> {
  return {
    label: `course-category(:${param})`,
    subjects: ['app'],
    resolve: (request) => loadCourseCategoryAccess(db, request.actor, paramOf(request, param)),
    abilities: (access) => access.app.can.map((name) => `app:${name}`),
  };
}

/** Course categories (COURSES-06…11, 13) and the courses' picker (COURSES-12). */
export function courseCategoryRoutes(deps: CourseDeps) {
  const { db, scopes } = deps;
  const categories = createCourseCategoryService({ db });
  const app = scopes.app();
  const category = courseCategoryScope(db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/categories',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'The course categories in order, with the courses in each the caller sees (100 per page)',
      tags,
      schema: {
        params: courseAppParamsSchema,
        querystring: courseCategoryListQuerySchema,
        response: { 200: courseCategoryListSchema },
      },
      handler: async (request) => categories.list(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/categories/dropdown',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'Course categories for a picker: names containing `search` (15 per page)',
      tags,
      schema: {
        params: courseAppParamsSchema,
        querystring: categoryDropdownQuerySchema,
        response: { 200: dropdownSchema },
      },
      handler: async (request) => categories.dropdown(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/categories',
      auth: 'session',
      scope: app,
      ability: 'app:create_category',
      summary: 'Add a course category at the end',
      tags,
      schema: {
        params: courseAppParamsSchema,
        body: courseCategoryBodySchema,
        response: { 201: courseCategoryResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await categories.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/categories/move',
      auth: 'session',
      scope: app,
      ability: 'app:create_category',
      summary: 'Move the course category `id` right after `prevId` (null: to the top)',
      tags,
      schema: {
        params: courseAppParamsSchema,
        body: categoryMoveBodySchema,
        response: { 200: courseCategoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.move(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'app:create_category',
      summary: 'Rename a course category',
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: courseCategoryBodySchema,
        response: { 200: courseCategoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.rename(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'app:create_category',
      summary: 'Delete a course category; its courses stay, out of it',
      tags,
      schema: { params: courseIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await categories.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/categories/:id/courses/move',
      auth: 'session',
      scope: category,
      ability: 'app:create_category',
      summary: "Move a category's course right after `prevId` (null: to the top)",
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: categoryCourseMoveBodySchema,
        response: { 204: z.null() },
      },
      handler: async (request, reply) => {
        await categories.moveCourse(request.access, request.body);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/courses/dropdown',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary:
        'Courses for a picker, newest first: the given `courseIds`, else names containing `search` (15 per page)',
      tags,
      schema: {
        params: courseAppParamsSchema,
        querystring: courseDropdownQuerySchema,
        response: { 200: dropdownSchema },
      },
      handler: async (request) => courseDropdown(db, request.access, request.query),
    }),
  ];
}
