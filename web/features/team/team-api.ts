import { queryOptions } from '@tanstack/react-query';
import {
  teamMemberListSchema,
  teamMemberResponseSchema,
  teamSettingsResponseSchema,
  type TeamMember,
  type TeamMemberList,
  type TeamSettingsPatchBody,
} from '../../../contracts/team';
import type { TeamSettingsValues } from '../../../contracts/projects';
import { api } from '../../api/client';

export type { TeamMember, TeamMemberList, TeamSettingsValues };

export const teamKeys = {
  all: (projectId: string) => ['team', projectId] as const,
  list: (projectId: string, page: number) => ['team', projectId, 'list', page] as const,
  settings: (projectId: string) => ['team', projectId, 'settings'] as const,
};

/** `GET /projects/{id}/teams`: the owner and the team (pending, active, inactive). */
export const teamListQuery = (projectId: string, page = 1) =>
  queryOptions({
    queryKey: teamKeys.list(projectId, page),
    queryFn: ({ signal }) =>
      api.get(`/projects/${projectId}/teams`, { query: { page }, schema: teamMemberListSchema, signal }),
  });

/** `GET /projects/{id}/teams/settings`: what active team members may do. */
export const teamSettingsQuery = (projectId: string) =>
  queryOptions({
    queryKey: teamKeys.settings(projectId),
    queryFn: ({ signal }) =>
      api.get(`/projects/${projectId}/teams/settings`, { schema: teamSettingsResponseSchema, signal }),
    select: (answer) => answer.data,
  });

/** The team calls of spec §7 "Tags, team, weather", typed from contracts/team.ts. */
export const teamApi = {
  invite: (projectId: string, email: string): Promise<TeamMember> =>
    api
      .post(`/projects/${projectId}/teams`, { body: { email }, schema: teamMemberResponseSchema })
      .then((answer) => answer.data),
  setStatus: (teamMemberId: string, status: 'active' | 'inactive'): Promise<TeamMember> =>
    api
      .patch(`/teams/${teamMemberId}`, { body: { status }, schema: teamMemberResponseSchema })
      .then((answer) => answer.data),
  remove: (teamMemberId: string): Promise<unknown> => api.delete(`/teams/${teamMemberId}`),
  updateSettings: (projectId: string, changes: TeamSettingsPatchBody): Promise<TeamSettingsValues> =>
    api
      .patch(`/projects/${projectId}/teams/settings`, { body: changes, schema: teamSettingsResponseSchema })
      .then((answer) => answer.data),
};
