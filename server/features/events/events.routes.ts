import { z } from 'zod';
import {
  eventAppParamsSchema,
  eventCalendarQuerySchema,
  eventCreateBodySchema,
  eventDeleteQuerySchema,
  eventDetailQuerySchema,
  eventIdParamsSchema,
  eventListQuerySchema,
  eventCalendarSchema,
  eventListSchema,
  eventPatchBodySchema,
  eventResponseSchema,
} from '../../../contracts/events.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { EventScopes } from './events.access.ts';
import type { EventEdits } from './events.edits.ts';
import type { KeptEventAnswers } from './events-kept.ts';
import type { EventService } from './events.service.ts';

const tags = ['events'];

const slugParamsSchema = eventAppParamsSchema.extend({ eventSlug: z.string().min(1).max(100) });

/** Events (EVENTS-07…11, GAPS 15 detail; the page's read by slug: an addition like the articles'). */
export function eventRoutes(deps: {
  events: EventService;
  edits: EventEdits;
  kept: KeptEventAnswers;
  scopes: AccessScopes;
  eventScopes: EventScopes;
}) {
  const { events, edits } = deps;
  const app = deps.scopes.app();
  const event = deps.eventScopes.event();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/events',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary:
        'Occurrences: upcoming | past | self | days | calendar, by category (needs view_events; guests: free)',
      tags,
      schema: {
        params: eventAppParamsSchema,
        querystring: eventListQuerySchema,
        response: { 200: eventListSchema },
      },
      handler: async (request, reply) =>
        deps.kept.send(reply, request.access, request.query, () =>
          events.list(request.access, request.query),
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/events/calendar',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'The occurrences of local dates from…to in a zone, 100 per page (needs view_events)',
      tags,
      schema: {
        params: eventAppParamsSchema,
        querystring: eventCalendarQuerySchema,
        response: { 200: eventCalendarSchema },
      },
      handler: async (request, reply) =>
        deps.kept.send(reply, request.access, { ...request.query, filter: 'calendar' }, () =>
          events.calendar(request.access, request.query),
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/events/by-slug/:eventSlug',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'An event by its slug (the page events/{slug}/view), about one occurrence',
      tags,
      schema: {
        params: slugParamsSchema,
        querystring: eventDetailQuerySchema,
        response: { 200: eventResponseSchema },
      },
      handler: async (request) => ({
        data: await events.bySlug(request.access, request.params.eventSlug, request.query.occurrence),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/events',
      auth: 'session',
      scope: deps.eventScopes.app(),
      ability: 'app:create_event',
      summary: "Create an event (the app's create_event, as the event settings' creators allow)",
      tags,
      schema: {
        params: eventAppParamsSchema,
        body: eventCreateBodySchema,
        response: { 201: eventResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await events.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/events/:id',
      auth: 'optional',
      scope: event,
      ability: 'event:view',
      summary: 'An event about one occurrence (default: the next not ended, else the last)',
      tags,
      schema: {
        params: eventIdParamsSchema,
        querystring: eventDetailQuerySchema,
        response: { 200: eventResponseSchema },
      },
      handler: async (request) => ({ data: await events.get(request.access, request.query.occurrence) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/events/:id',
      auth: 'session',
      scope: event,
      ability: 'event:edit',
      summary: 'Edit an event: scope this (override or cancel) | following (a new event) | all',
      tags,
      schema: {
        params: eventIdParamsSchema,
        body: eventPatchBodySchema,
        response: { 200: eventResponseSchema },
      },
      handler: async (request) => ({ data: await edits.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/events/:id',
      auth: 'session',
      scope: event,
      ability: 'event:delete',
      summary: 'Delete an event (all), one occurrence (this) or it and the rest (following)',
      tags,
      schema: {
        params: eventIdParamsSchema,
        querystring: eventDeleteQuerySchema,
        response: { 204: z.null() },
      },
      handler: async (request, reply) => {
        await edits.remove(request.access, request.query);
        return reply.status(204).send(null);
      },
    }),
  ];
}
