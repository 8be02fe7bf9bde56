import { queryOptions } from '@tanstack/react-query';
import {
  ticketAppListSchema,
  ticketDetailResponseSchema,
  ticketLimitsListSchema,
  ticketListSchema,
  ticketResponseSchema,
  ticketSettingsResponseSchema,
  type Ticket,
  type TicketContact,
  type TicketCreateBody,
  type TicketDetail,
  type TicketSatisfactionBody,
  type TicketSettings,
  type TicketSettingsPatch,
  type TicketStatus,
} from '../../../contracts/tickets';
import { api } from '../../api/client';

export type { Ticket, TicketContact, TicketDetail, TicketSettings, TicketStatus };

/** Every API address of the tickets (contracts/tickets.ts, rows TICKETS-01..05 and issue 20), one map. */
export const ticketPaths = {
  apps: (projectId: string) => `/projects/${projectId}/tickets/apps`,
  limits: (projectId: string) => `/projects/${projectId}/tickets/limits`,
  ofProject: (projectId: string) => `/projects/${projectId}/tickets`,
  ofApp: (appId: string) => `/apps/${appId}/tickets`,
  mine: (appId: string) => `/apps/${appId}/tickets/my`,
  settings: (appId: string) => `/apps/${appId}/tickets/settings`,
  ticket: (id: string) => `/tickets/${id}`,
  status: (id: string) => `/tickets/${id}/status`,
  join: (id: string) => `/tickets/${id}/join`,
  satisfaction: (id: string) => `/tickets/${id}/satisfaction`,
};

/** Everything of the tickets lies below `all`: a change anywhere refreshes the lists and the ticket. */
export const ticketKeys = {
  all: ['tickets'] as const,
  apps: (projectId: string) => ['tickets', 'apps', projectId] as const,
  list: (scope: string, params: { status: TicketStatus | null; page: number }) =>
    ['tickets', 'list', scope, params] as const,
  ticket: (id: string) => ['tickets', 'ticket', id] as const,
  settings: (appId: string) => ['tickets', 'settings', appId] as const,
};

export const ticketAppsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ticketKeys.apps(projectId),
    queryFn: ({ signal }) => api.get(ticketPaths.apps(projectId), { schema: ticketAppListSchema, signal }),
    select: (answer) => answer.data,
  });

export type TicketListScope =
  | { kind: 'project'; projectId: string; appId?: string }
  | { kind: 'app'; appId: string }
  | { kind: 'mine'; appId: string };

const pathOfScope = (scope: TicketListScope) =>
  scope.kind === 'project'
    ? ticketPaths.ofProject(scope.projectId)
    : scope.kind === 'app'
      ? ticketPaths.ofApp(scope.appId)
      : ticketPaths.mine(scope.appId);

export const ticketListQuery = (
  scope: TicketListScope,
  params: { status: TicketStatus | null; page: number },
) =>
  queryOptions({
    queryKey: ticketKeys.list(JSON.stringify(scope), params),
    queryFn: ({ signal }) =>
      api.get(pathOfScope(scope), {
        query: {
          page: params.page,
          status: params.status ?? undefined,
          appId: scope.kind === 'project' ? scope.appId : undefined,
        },
        schema: ticketListSchema,
        signal,
      }),
  });

export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.ticket(id),
    queryFn: ({ signal }) => api.get(ticketPaths.ticket(id), { schema: ticketDetailResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });

export const ticketSettingsQuery = (appId: string) =>
  queryOptions({
    queryKey: ticketKeys.settings(appId),
    queryFn: ({ signal }) =>
      api.get(ticketPaths.settings(appId), { schema: ticketSettingsResponseSchema, signal }),
    select: (answer) => answer.data,
  });

export const ticketLimitsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['tickets', 'limits', projectId] as const,
    queryFn: ({ signal }) =>
      api.get(ticketPaths.limits(projectId), { schema: ticketLimitsListSchema, signal }),
    select: (answer) => answer.data,
  });

export const ticketsApi = {
  open: (appId: string, body: TicketCreateBody): Promise<Ticket> =>
    api.post(ticketPaths.ofApp(appId), { body, schema: ticketResponseSchema }).then((answer) => answer.data),
  setStatus: (id: string, status: TicketStatus): Promise<Ticket> =>
    api.patch(ticketPaths.status(id), { body: { status }, schema: ticketResponseSchema }).then((a) => a.data),
  join: (id: string): Promise<Ticket> =>
    api.post(ticketPaths.join(id), { schema: ticketResponseSchema }).then((answer) => answer.data),
  rate: (id: string, body: TicketSatisfactionBody): Promise<Ticket> =>
    api.post(ticketPaths.satisfaction(id), { body, schema: ticketResponseSchema }).then((a) => a.data),
  editSettings: (appId: string, body: TicketSettingsPatch): Promise<TicketSettings> =>
    api
      .patch(ticketPaths.settings(appId), { body, schema: ticketSettingsResponseSchema })
      .then((answer) => answer.data),
};

/** A ticket's new state in the caches of its detail (the lists refresh from the server). */
export function mergeTicket(previous: TicketDetail | undefined, ticket: Ticket): TicketDetail | undefined {
  return previous ? { ...previous, ...ticket, contact: previous.contact } : previous;
}
