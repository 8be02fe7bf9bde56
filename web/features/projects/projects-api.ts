import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { cloudStorageSchema } from '../../../contracts/cloud-storage';
import type { Language } from '../../../contracts/language';
import {
  teamInvitationAcceptedSchema,
  teamInvitationListSchema,
  type TeamInvitation,
} from '../../../contracts/team';
import { appListSchema, appResponseSchema, type App } from '../../../contracts/apps';
import { projectListSchema, projectResponseSchema, type Project } from '../../../contracts/projects';
import { projectUsageSchema, tariffListSchema, type Tariff } from '../../../contracts/tariffs';
import { api } from '../../api/client';

export type { App, Project, Tariff, TeamInvitation };

/** Query keys of the workspace: one root per resource, so a change invalidates exactly what it touched. */
export const workspaceKeys = {
  projects: ['projects'] as const,
  projectList: (isArchive: boolean, page: number) => ['projects', 'list', { isArchive, page }] as const,
  project: (projectId: string) => ['projects', 'one', projectId] as const,
  usage: (projectId: string) => ['projects', 'usage', projectId] as const,
  storage: (projectId: string) => ['projects', 'storage', projectId] as const,
  apps: (projectId: string) => ['apps', projectId] as const,
  appList: (projectId: string, isArchive: boolean, page: number) =>
    ['apps', projectId, { isArchive, page }] as const,
  tariffs: (projectId: string) => ['tariffs', projectId] as const,
  invitations: ['team-invitations'] as const,
};

/** `GET /projects?page&isArchive`: the caller's projects, owned or as an active team member. */
export const projectListQuery = (isArchive: boolean, page = 1) =>
  queryOptions({
    queryKey: workspaceKeys.projectList(isArchive, page),
    queryFn: ({ signal }) =>
      api.get('/projects', { query: { page, isArchive }, schema: projectListSchema, signal }),
  });

/** Which list an address of the projects page shows: `?tab=archived` and `?page=`. */
export function projectListPosition(params: URLSearchParams): { archived: boolean; page: number } {
  return { archived: params.get('tab') === 'archived', page: Math.max(1, Number(params.get('page')) || 1) };
}

/** `GET /projects/{id}`: 404 when the caller may not see it. */
export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: workspaceKeys.project(projectId),
    queryFn: ({ signal }) => api.get(`/projects/${projectId}`, { schema: projectResponseSchema, signal }),
    select: (answer) => answer.data,
    // The project layout shows a not-found state itself.
    meta: { silent: true },
  });

/** `GET /projects/{id}/usage`: the counted limits in spec §9's display order. */
export const usageQuery = (projectId: string) =>
  queryOptions({
    queryKey: workspaceKeys.usage(projectId),
    queryFn: ({ signal }) => api.get(`/projects/${projectId}/usage`, { schema: projectUsageSchema, signal }),
    select: (answer) => answer.data,
  });

/** `GET /projects/{id}/cloud/storage` on the service host: the project's files against the tariff's quota. */
export const projectStorageQuery = (projectId: string) =>
  queryOptions({
    queryKey: workspaceKeys.storage(projectId),
    queryFn: ({ signal }) =>
      api.get(`/projects/${projectId}/cloud/storage`, { schema: cloudStorageSchema, signal }),
    select: (answer) => ({ usedBytes: answer.data.usedBytes, limitBytes: answer.data.limitBytes }),
    // The bar is left out when it cannot be read; the counts above it still show.
    meta: { silent: true },
  });

/** `GET /projects/{projectId}/apps?isArchive`: the project's apps (active or archived tab). */
export const appListQuery = (projectId: string, isArchive: boolean, page = 1) =>
  queryOptions({
    queryKey: workspaceKeys.appList(projectId, isArchive, page),
    queryFn: ({ signal }) =>
      api.get(`/projects/${projectId}/apps`, { query: { page, isArchive }, schema: appListSchema, signal }),
  });

/** `GET /tariffs?projectId`: the catalogue and the project's current tariff. */
export const tariffsQuery = (projectId: string) =>
  queryOptions({
    queryKey: workspaceKeys.tariffs(projectId),
    queryFn: ({ signal }) => api.get('/tariffs', { query: { projectId }, schema: tariffListSchema, signal }),
    staleTime: 10 * 60_000,
  });

/** `GET /teams/invitations`: pending invitations of the signed-in person to other people's projects. */
export const teamInvitationsQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.invitations,
    queryFn: ({ signal }) => api.get('/teams/invitations', { schema: teamInvitationListSchema, signal }),
    select: (answer) => answer.data,
  });

const unwrapProject = (answer: z.infer<typeof projectResponseSchema>): Project => answer.data;
const unwrapApp = (answer: z.infer<typeof appResponseSchema>): App => answer.data;

export type AppCreateInput = { name: string; slug?: string; language: Language };

/** The workspace calls of spec §7 "Projects, members", typed from contracts/projects.ts, apps.ts and tariffs.ts. */
export const projectsApi = {
  create: (name: string): Promise<Project> =>
    api.post('/projects', { body: { name }, schema: projectResponseSchema }).then(unwrapProject),
  rename: (projectId: string, name: string): Promise<Project> =>
    api
      .patch(`/projects/${projectId}`, { body: { name }, schema: projectResponseSchema })
      .then(unwrapProject),
  // The lists are fetched again afterwards (spec §4), so the answers' bodies are not needed.
  archive: (projectId: string): Promise<unknown> => api.patch(`/projects/${projectId}/archive`),
  restore: (projectId: string): Promise<unknown> => api.patch(`/projects/${projectId}/restore`),
  leave: (projectId: string): Promise<unknown> => api.delete(`/projects/${projectId}/leave`),

  createApp: (projectId: string, input: AppCreateInput): Promise<App> =>
    api.post(`/projects/${projectId}/apps`, { body: input, schema: appResponseSchema }).then(unwrapApp),
  /** GAPS 22: apps archive with PATCH and restore with DELETE on the same address. */
  archiveApp: (appId: string): Promise<unknown> => api.patch(`/apps/${appId}/archive`),
  restoreApp: (appId: string): Promise<unknown> => api.delete(`/apps/${appId}/archive`),

  acceptInvitation: (invitationId: string) =>
    api
      .post(`/teams/${invitationId}/accept`, { schema: teamInvitationAcceptedSchema })
      .then((answer) => answer.data),
  declineInvitation: (invitationId: string): Promise<unknown> => api.post(`/teams/${invitationId}/decline`),
};

/** Spec §4: after archive or restore, lists move and usage refreshes. */
export function refreshWorkspace(queryClient: QueryClient, projectId?: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.projects }),
    projectId ? queryClient.invalidateQueries({ queryKey: workspaceKeys.apps(projectId) }) : null,
  ]).then(() => undefined);
}
