import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  eventAppParamsSchema,
  eventFeedResponseSchema,
  eventIdParamsSchema,
} from '../../../contracts/events.ts';
import { sendKeptBody, type KeptBody } from '../../platform/kept-answers.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { EventScopes } from './events.access.ts';
import type { FeedService } from './feeds.service.ts';

const tags = ['events'];
const calendarText = z.string();
const calendarType = 'text/calendar; charset=utf-8';

/** iCalendar text; private feeds and event files are the caller's own, the public feed may be kept by proxies. */
function sendCalendar(
  reply: FastifyReply,
  calendar: string | KeptBody,
  options: { filename: string; shared: boolean },
) {
  void reply
    .header('cache-control', `${options.shared ? 'public' : 'private'}, max-age=300`)
    .header('content-disposition', `inline; filename="${options.filename}"`)
    .header('x-robots-tag', 'noindex');
  // A kept feed goes out as kept, compressed once per encoding; a file made for this request as it is.
  return typeof calendar === 'string'
    ? reply.type(calendarType).send(calendar)
    : sendKeptBody(reply, calendar, calendarType);
}

/**
 * Calendar feeds (issue 18, additions): the caller's private feed URL (show, make or rotate, revoke), the feed
 * itself (the token in its path is the credential), the app's public feed and one event's file.
 */
export function feedRoutes(deps: { feeds: FeedService; scopes: AccessScopes; eventScopes: EventScopes }) {
  const { feeds } = deps;
  const app = deps.scopes.app();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/events/feed',
      auth: 'session',
      scope: app,
      ability: 'app:view_events',
      summary: "The caller's private calendar feed in this app (webcal and https), null when none",
      tags,
      schema: { params: eventAppParamsSchema, response: { 200: eventFeedResponseSchema } },
      handler: async (request) => ({ data: await feeds.show(request.access) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/events/feed',
      auth: 'session',
      scope: app,
      ability: 'app:view_events',
      summary: "Make the caller's private calendar feed URL, or a new one that ends the old",
      tags,
      schema: { params: eventAppParamsSchema, response: { 200: eventFeedResponseSchema } },
      handler: async (request) => ({ data: await feeds.rotate(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/apps/:appId/events/feed',
      auth: 'session',
      scope: app,
      ability: 'app:view_events',
      summary: "Revoke the caller's private calendar feed URL",
      tags,
      schema: { params: eventAppParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await feeds.revoke(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/calendar/:feedToken',
      auth: 'public',
      ability: 'public',
      summary: "A member's private calendar feed (`{profileId}.{mac}.ics`; 404 when forged or revoked)",
      tags,
      schema: {
        params: z.object({ feedToken: z.string().max(200) }),
        response: { 200: calendarText },
      },
      handler: async (request, reply) =>
        sendCalendar(reply, await feeds.memberFeed(request.params.feedToken), {
          filename: 'calendar.ics',
          shared: false,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/events/feed.ics',
      auth: 'public',
      ability: 'public',
      summary: "The app's public calendar feed: its free events",
      tags,
      schema: { params: eventAppParamsSchema, response: { 200: calendarText } },
      handler: async (request, reply) =>
        sendCalendar(reply, await feeds.publicFeed(request.params.appId), {
          filename: 'events.ics',
          shared: true,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/events/:id/calendar.ics',
      auth: 'optional',
      scope: deps.eventScopes.event(),
      ability: 'event:view',
      summary: "One event's calendar file (the whole series), for whoever may view it",
      tags,
      schema: { params: eventIdParamsSchema, response: { 200: calendarText } },
      handler: async (request, reply) =>
        sendCalendar(reply, await feeds.eventFile(request.access.app.app, request.access.event), {
          filename: `${request.access.event.slug}.ics`,
          shared: false,
        }),
    }),
  ];
}
