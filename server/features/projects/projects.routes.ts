import { z } from 'zod';
import {
  projectCreateBodySchema,
  projectListQuerySchema,
  projectListSchema,
  projectOptionsSchema,
  projectParamsSchema,
  projectPatchBodySchema,
  projectResponseSchema,
  projectUsageSchema,
  tariffListSchema,
  tariffsQuerySchema,
} from '../../../contracts/workspace.ts';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import { projectOwnerScope } from './projects.scopes.ts';
import type { ProjectService } from './projects.service.ts';

const tags = ['projects'];

export function projectRoutes(deps: { projects: ProjectService; scopes: AccessScopes; db: Db }) {
  const { projects } = deps;
  const project = deps.scopes.project('id');
  const projectOwner = projectOwnerScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/projects',
      auth: 'session',
      ability: 'authenticated',
      summary: 'The projects the caller owns or is on the active team of (`isArchive=true`: the archive)',
      tags,
      schema: { querystring: projectListQuerySchema, response: { 200: projectListSchema } },
      handler: async (request) => projects.list(request.actor, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/projects',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Create a project owned by the caller, on the default tariff',
      tags,
      schema: { body: projectCreateBodySchema, response: { 201: projectResponseSchema } },
      handler: async (request, reply) => {
        const data = await projects.create(request.actor, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:id',
      auth: 'session',
      scope: project,
      ability: 'project:view',
      summary: 'One project with its tariff, usage and the caller’s abilities',
      tags,
      schema: { params: projectParamsSchema, response: { 200: projectResponseSchema } },
      handler: async (request) => ({ data: await projects.get(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/projects/:id',
      auth: 'session',
      scope: project,
      ability: 'project:edit',
      summary: 'Rename the project',
      tags,
      schema: {
        params: projectParamsSchema,
        body: projectPatchBodySchema,
        response: { 200: projectResponseSchema },
      },
      handler: async (request) => ({
        data: await projects.update(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/projects/:id/archive',
      auth: 'session',
      scope: projectOwner,
      ability: 'project:edit',
      summary: 'Archive the project (the owner only, not the team); its apps go offline',
      tags,
      schema: { params: projectParamsSchema, response: { 200: projectResponseSchema } },
      handler: async (request) => ({ data: await projects.archive(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/projects/:id/restore',
      auth: 'session',
      scope: projectOwner,
      ability: 'project:edit',
      summary: 'Restore an archived project (the owner only, not the team)',
      tags,
      schema: { params: projectParamsSchema, response: { 200: projectResponseSchema } },
      handler: async (request) => ({ data: await projects.restore(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/projects/:id/leave',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Leave the project’s team (active or pending seat); the owner cannot leave',
      tags,
      schema: { params: projectParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await projects.leave(request.actor, request.params.id);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:id/usage',
      auth: 'session',
      scope: project,
      ability: 'project:view',
      summary: 'Usage against the tariff: apps, contacts, domains, team members (-1 unlimited, 0 disabled)',
      tags,
      schema: { params: projectParamsSchema, response: { 200: projectUsageSchema } },
      handler: async (request) => projects.usage(request.access),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:id/options',
      auth: 'session',
      scope: project,
      ability: 'project:view',
      summary: 'What the project’s screens switch on: discovery, SMTP and the team settings',
      tags,
      schema: { params: projectParamsSchema, response: { 200: projectOptionsSchema } },
      handler: async (request) => ({ data: await projects.options(request.access) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/tariffs',
      auth: 'session',
      ability: 'authenticated',
      summary: 'The tariff catalogue, with the tariff of `projectId` when the caller can see that project',
      tags,
      schema: { querystring: tariffsQuerySchema, response: { 200: tariffListSchema } },
      handler: async (request) => projects.tariffs(request.actor, request.query.projectId),
    }),
  ];
}
