import {
  ticketAppListSchema,
  ticketAppParamsSchema,
  ticketCreateBodySchema,
  ticketDetailResponseSchema,
  ticketLimitsListSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketParamsSchema,
  ticketProjectListQuerySchema,
  ticketProjectParamsSchema,
  ticketResponseSchema,
  ticketSatisfactionBodySchema,
  ticketSettingsPatchSchema,
  ticketSettingsResponseSchema,
  ticketStatusBodySchema,
} from '../../../contracts/tickets.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { TicketScopes } from './tickets.scopes.ts';
import type { TicketService } from './tickets.service.ts';
import { createKeptTicketAnswers } from './tickets-kept.ts';

const tags = ['tickets'];

/** Support tickets (TICKETS-01..05 and the member's and app host's calls of issue 20). */
export function ticketRoutes(deps: {
  tickets: TicketService;
  scopes: AccessScopes;
  ticketScopes: TicketScopes;
}) {
  const { tickets, scopes, ticketScopes } = deps;
  const kept = createKeptTicketAnswers();
  const project = scopes.project('id');
  const app = scopes.app();
  const ticket = ticketScopes.ticket();
  return [
    // ---------- the service host (the project's team) ----------
    defineRoute({
      method: 'GET',
      url: '/api/projects/:id/tickets/apps',
      auth: 'session',
      scope: project,
      ability: 'project:apps',
      summary: "The project's apps with their tickets per status (route support)",
      tags,
      schema: { params: ticketProjectParamsSchema, response: { 200: ticketAppListSchema } },
      handler: async (request) => tickets.apps(request.access),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:id/tickets/limits',
      auth: 'session',
      scope: project,
      ability: 'project:apps',
      summary: 'The open-tickets limit and the targets of every app of the project',
      tags,
      schema: { params: ticketProjectParamsSchema, response: { 200: ticketLimitsListSchema } },
      handler: async (request) => tickets.limits(request.access),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:id/tickets',
      auth: 'session',
      scope: project,
      ability: 'project:apps',
      summary: "The project's tickets, most recently active first (20 per page; app and status filters)",
      tags,
      schema: {
        params: ticketProjectParamsSchema,
        querystring: ticketProjectListQuerySchema,
        response: { 200: ticketListSchema },
      },
      handler: async (request, reply) =>
        kept.send(reply, await tickets.ofProject(request.access, request.query)),
    }),
    // ---------- the app host ----------
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/tickets',
      auth: 'session',
      scope: app,
      ability: 'app:create_ticket',
      summary:
        'Open a ticket: a support chat with the first message (409 TICKET_LIMIT_REACHED over the limit)',
      tags,
      schema: {
        params: ticketAppParamsSchema,
        body: ticketCreateBodySchema,
        response: { 201: ticketResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await tickets.open(request.access, request.body) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/tickets/my',
      auth: 'session',
      scope: app,
      // Reading one's own requests stays open to a punished member (who opens none): the list is the caller's.
      ability: 'app:view',
      summary: "The caller's own tickets in the app (My requests; empty without a profile)",
      tags,
      schema: {
        params: ticketAppParamsSchema,
        querystring: ticketListQuerySchema,
        response: { 200: ticketListSchema },
      },
      handler: async (request) => tickets.mine(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/tickets',
      auth: 'session',
      scope: app,
      ability: 'app:tickets',
      summary: "The app's tickets for its team (status filter, 20 per page)",
      tags,
      schema: {
        params: ticketAppParamsSchema,
        querystring: ticketListQuerySchema,
        response: { 200: ticketListSchema },
      },
      handler: async (request, reply) => kept.send(reply, await tickets.ofApp(request.access, request.query)),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/tickets/settings',
      auth: 'session',
      scope: app,
      ability: 'app:tickets',
      summary: "The app's ticket settings: limit, targets, satisfaction question",
      tags,
      schema: { params: ticketAppParamsSchema, response: { 200: ticketSettingsResponseSchema } },
      handler: async (request) => ({ data: await tickets.settings(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/tickets/settings',
      auth: 'session',
      scope: app,
      ability: 'app:tickets',
      summary: "Change the app's ticket settings",
      tags,
      schema: {
        params: ticketAppParamsSchema,
        body: ticketSettingsPatchSchema,
        response: { 200: ticketSettingsResponseSchema },
      },
      handler: async (request) => ({ data: await tickets.editSettings(request.access, request.body) }),
    }),
    // ---------- one ticket (both hosts) ----------
    defineRoute({
      method: 'GET',
      url: '/api/tickets/:id',
      auth: 'session',
      scope: ticket,
      ability: 'ticket:view',
      summary: "A ticket with its clocks; for the team also the member's contact card",
      tags,
      schema: { params: ticketParamsSchema, response: { 200: ticketDetailResponseSchema } },
      handler: async (request) => ({ data: await tickets.get(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/tickets/:id/status',
      auth: 'session',
      scope: ticket,
      ability: 'ticket:status',
      summary: 'Change the status (new, work, on_pause, completed); both sides hear it',
      tags,
      schema: {
        params: ticketParamsSchema,
        body: ticketStatusBodySchema,
        response: { 200: ticketResponseSchema },
      },
      handler: async (request) => ({ data: await tickets.setStatus(request.access, request.body.status) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/tickets/:id/join',
      auth: 'session',
      scope: ticket,
      ability: 'ticket:join',
      summary: "A team member enters the ticket's support chat to answer there",
      tags,
      schema: { params: ticketParamsSchema, response: { 200: ticketResponseSchema } },
      handler: async (request) => ({ data: await tickets.join(request.access) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/tickets/:id/satisfaction',
      auth: 'session',
      scope: ticket,
      ability: 'ticket:rate',
      summary: 'The requester answers the satisfaction question (once, when completed)',
      tags,
      schema: {
        params: ticketParamsSchema,
        body: ticketSatisfactionBodySchema,
        response: { 200: ticketResponseSchema },
      },
      handler: async (request) => ({ data: await tickets.rate(request.access, request.body) }),
    }),
  ];
}
