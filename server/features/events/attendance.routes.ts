import { z } from 'zod';
import {
  eventAttendeeListSchema,
  eventAttendeesQuerySchema,
  eventIdParamsSchema,
  eventJoinBodySchema,
  eventJoinResponseSchema,
  eventLeaveQuerySchema,
} from '../../../contracts/events.ts';
import type { FeatureContext } from '../../platform/features.ts';
import { defineRoute } from '../../platform/routes.ts';
import { createAttendanceService, type AttendanceService, type EventDelivery } from './attendance.service.ts';
import { createEventScopes, type EventScopes } from './events.access.ts';

const tags = ['events'];

/** Join and leave one occurrence (GAPS 15), its attendees and their export (EVENTS-12). */
export function attendanceRoutes(deps: { attendance: AttendanceService; scopes: EventScopes }) {
  const { attendance } = deps;
  const event = deps.scopes.event();
  return [
    defineRoute({
      method: 'POST',
      url: '/api/events/:id/join',
      auth: 'session',
      scope: event,
      ability: 'event:join',
      summary: 'Join an occurrence: a seat while one is free, else the waitlist (addition, GAPS 15)',
      tags,
      schema: {
        params: eventIdParamsSchema,
        body: eventJoinBodySchema,
        response: { 200: eventJoinResponseSchema },
      },
      handler: async (request) => attendance.join(request.access, request.body.occurrence),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/events/:id/join',
      auth: 'session',
      scope: event,
      ability: 'event:leave',
      summary: 'Leave an occurrence; the first on the waitlist moves up (addition, GAPS 15)',
      tags,
      schema: {
        params: eventIdParamsSchema,
        querystring: eventLeaveQuerySchema,
        response: { 200: eventJoinResponseSchema },
      },
      handler: async (request) => attendance.leave(request.access, request.query.occurrence),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/events/:id/attendees',
      auth: 'session',
      scope: event,
      ability: 'event:view',
      summary:
        "An occurrence's attendees, 20 per page (organizers: all; members: who is going); format=csv exports them (export_attendees)",
      tags,
      schema: {
        params: eventIdParamsSchema,
        querystring: eventAttendeesQuerySchema,
        response: { 200: z.union([eventAttendeeListSchema, z.instanceof(Buffer)]) },
      },
      handler: async (request, reply) => {
        const answer = await attendance.attendees(request.access, request.query);
        if (!('csv' in answer)) {
          return answer;
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${answer.filename}"`)
          .send(Buffer.from(answer.csv, 'utf8'));
      },
    }),
  ];
}

/** The attendance routes with their services, from what the process holds (the manifest's `routes`). */
export function attendanceRoutesOf(context: FeatureContext, delivery: EventDelivery) {
  const { db, urlSigner } = context;
  return attendanceRoutes({
    attendance: createAttendanceService({ db, ...delivery, sign: (path) => urlSigner.sign(path) }),
    scopes: createEventScopes(db),
  });
}
