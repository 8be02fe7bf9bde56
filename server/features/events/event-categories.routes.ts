import { z } from 'zod';
import {
  eventAppParamsSchema,
  eventCategoryBodySchema,
  eventCategoryDropdownQuerySchema,
  eventCategoryDropdownSchema,
  eventCategoryListQuerySchema,
  eventCategoryListSchema,
  eventCategoryMoveBodySchema,
  eventCategoryResponseSchema,
  eventIdParamsSchema,
} from '../../../contracts/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineRoute, type RouteScope } from '../../platform/routes.ts';
import { paramOf, type AccessScopes } from '../workspace/public.ts';
import {
  loadEventCategoryAccess,
  type EventCategoryAccess,
  type EventCategoryService,
} from './event-categories.service.ts';

const tags = ['events'];

/** The category of `:id` in its app: the app's abilities decide (categories are the app's event settings). */
function eventCategoryScope(db: DbOrTx, param = 'id'): RouteScope<EventCategoryAccess> {
  return {
    label: `event-category(:${param})`,
    subjects: ['app'],
    resolve: (request) => loadEventCategoryAccess(db, request.actor, paramOf(request, param)),
    abilities: (access) => access.app.can.map((name) => `app:${name}`),
  };
}

/** Event categories (EVENTS-01…06): read by whoever sees the events, changed with the app's `edit` (settings/events). */
export function eventCategoryRoutes(deps: {
  db: DbOrTx;
  categories: EventCategoryService;
  scopes: AccessScopes;
}) {
  const { categories, scopes } = deps;
  const app = scopes.app();
  const category = eventCategoryScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/events/categories',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'The event categories in order, with their live events (100 per page)',
      tags,
      schema: {
        params: eventAppParamsSchema,
        querystring: eventCategoryListQuerySchema,
        response: { 200: eventCategoryListSchema },
      },
      handler: async (request) => categories.list(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/events/categories/dropdown',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'Event categories for a picker: names containing `search` (15 per page)',
      tags,
      schema: {
        params: eventAppParamsSchema,
        querystring: eventCategoryDropdownQuerySchema,
        response: { 200: eventCategoryDropdownSchema },
      },
      handler: async (request) => categories.dropdown(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/events/categories',
      auth: 'session',
      scope: app,
      ability: 'app:edit',
      summary: 'Add an event category at the end',
      tags,
      schema: {
        params: eventAppParamsSchema,
        body: eventCategoryBodySchema,
        response: { 201: eventCategoryResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await categories.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/events/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'app:edit',
      summary: 'Rename an event category',
      tags,
      schema: {
        params: eventIdParamsSchema,
        body: eventCategoryBodySchema,
        response: { 200: eventCategoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.rename(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/events/categories/:id',
      auth: 'session',
      scope: category,
      ability: 'app:edit',
      summary: 'Delete an event category; its events stay, without a category',
      tags,
      schema: { params: eventIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await categories.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/events/categories/:id/move',
      auth: 'session',
      scope: category,
      ability: 'app:edit',
      summary: 'Move an event category right after `prevId` (null: to the top)',
      tags,
      schema: {
        params: eventIdParamsSchema,
        body: eventCategoryMoveBodySchema,
        response: { 200: eventCategoryResponseSchema },
      },
      handler: async (request) => ({ data: await categories.move(request.access, request.body.prevId) }),
    }),
  ];
}
