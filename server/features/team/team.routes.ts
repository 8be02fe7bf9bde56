import { z } from 'zod';
import {
  teamInvitationAcceptedSchema,
  teamInvitationListSchema,
  teamListQuerySchema,
  teamMemberCreateBodySchema,
  teamMemberListSchema,
  teamMemberParamsSchema,
  teamMemberPatchBodySchema,
  teamMemberResponseSchema,
  teamProjectParamsSchema,
  teamSettingsPatchBodySchema,
  teamSettingsResponseSchema,
} from '../../../contracts/team.ts';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import { teamMemberScope } from './team.scopes.ts';
import type { TeamService } from './team.service.ts';

const tags = ['team'];

export function teamRoutes(deps: { team: TeamService; scopes: AccessScopes; db: Db }) {
  const { team } = deps;
  const project = deps.scopes.project('projectId');
  const teamMember = teamMemberScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/teams',
      auth: 'session',
      scope: project,
      ability: 'project:view',
      summary: 'The project’s team (pending, active, inactive) and its owner',
      tags,
      schema: {
        params: teamProjectParamsSchema,
        querystring: teamListQuerySchema,
        response: { 200: teamMemberListSchema },
      },
      handler: async (request) => team.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/projects/:projectId/teams',
      auth: 'session',
      scope: project,
      ability: 'project:team',
      summary: 'Invite an address to the team (pending until accepted; holds a seat of the team quota)',
      tags,
      schema: {
        params: teamProjectParamsSchema,
        body: teamMemberCreateBodySchema,
        response: { 201: teamMemberResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await team.invite(request.access, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/teams/settings',
      auth: 'session',
      scope: project,
      ability: 'project:team',
      summary: 'What active team members may do',
      tags,
      schema: { params: teamProjectParamsSchema, response: { 200: teamSettingsResponseSchema } },
      handler: async (request) => ({ data: team.settings(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/projects/:projectId/teams/settings',
      auth: 'session',
      scope: project,
      ability: 'project:team',
      summary: 'Change what active team members may do (only the settings sent)',
      tags,
      schema: {
        params: teamProjectParamsSchema,
        body: teamSettingsPatchBodySchema,
        response: { 200: teamSettingsResponseSchema },
      },
      handler: async (request) => ({
        data: await team.updateSettings(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/teams/invitations',
      auth: 'session',
      ability: 'authenticated',
      summary: 'The caller’s pending team invitations across projects (by the account’s address)',
      tags,
      schema: { querystring: teamListQuerySchema, response: { 200: teamInvitationListSchema } },
      handler: async (request) => team.invitations(request.actor, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/teams/:teamMemberId/accept',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Accept a team invitation sent to the caller’s address (404 for anyone else)',
      tags,
      schema: { params: teamMemberParamsSchema, response: { 200: teamInvitationAcceptedSchema } },
      handler: async (request) => ({ data: await team.accept(request.actor, request.params.teamMemberId) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/teams/:teamMemberId/decline',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Decline a team invitation sent to the caller’s address (404 for anyone else)',
      tags,
      schema: { params: teamMemberParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await team.decline(request.actor, request.params.teamMemberId);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/teams/:teamMemberId',
      auth: 'session',
      scope: teamMember,
      ability: 'team_member:edit',
      summary: 'Pause (inactive) or resume (active) an accepted team member',
      tags,
      schema: {
        params: teamMemberParamsSchema,
        body: teamMemberPatchBodySchema,
        response: { 200: teamMemberResponseSchema },
      },
      handler: async (request) => ({
        data: await team.setStatus(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/teams/:teamMemberId',
      auth: 'session',
      scope: teamMember,
      ability: 'team_member:delete',
      summary: 'Remove a team member or withdraw an invitation',
      tags,
      schema: { params: teamMemberParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await team.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
