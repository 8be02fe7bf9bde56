import { z } from 'zod';
import {
  communityAppParamsSchema,
  communityIdParamsSchema,
  communityMoveBodySchema,
  groupCreateBodySchema,
  groupListSchema,
  groupMoveParamsSchema,
  groupPatchBodySchema,
  groupResponseSchema,
  groupSlugParamsSchema,
} from '../../../contracts/community-spaces.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { CommunityScopes } from './community.scopes.ts';
import type { createGroupService } from './groups.service.ts';

const tags = ['community'];

/** Groups of spaces (GROUPS-SPACES-01…05 and the inferred order). */
export function groupRoutes(deps: {
  groups: ReturnType<typeof createGroupService>;
  community: CommunityScopes;
}) {
  const { groups, community } = deps;
  const app = community.community();
  const group = community.group();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/groups',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'The groups the caller sees, in order, each with its listed spaces',
      tags,
      schema: { params: communityAppParamsSchema, response: { 200: groupListSchema } },
      handler: async (request) => groups.list(request.access),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/community/groups',
      auth: 'session',
      scope: app,
      ability: 'app:create_group',
      summary: 'Create a group (slug from the name unless given; cover from the library; moderators)',
      tags,
      schema: {
        params: communityAppParamsSchema,
        body: groupCreateBodySchema,
        response: { 201: groupResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await groups.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/groups/:groupSlug',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'A group by its slug with its listed spaces (404 when the caller may not see it)',
      tags,
      schema: { params: groupSlugParamsSchema, response: { 200: groupResponseSchema } },
      handler: async (request) => ({
        data: await groups.bySlug(request.access, request.params.groupSlug),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/community/groups/:groupId/move',
      auth: 'session',
      scope: app,
      ability: 'app:sort_groups',
      summary: 'Move a group right after `prevId` (null: to the top)',
      tags,
      schema: {
        params: groupMoveParamsSchema,
        body: communityMoveBodySchema,
        response: { 200: groupResponseSchema },
      },
      handler: async (request) => ({
        data: await groups.move(request.access, request.params.groupId, request.body.prevId),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/groups/:id',
      auth: 'session',
      scope: group,
      ability: 'group:edit',
      summary: 'Change a group; `moderatorProfileIds` replaces its moderators',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: groupPatchBodySchema,
        response: { 200: groupResponseSchema },
      },
      handler: async (request) => ({ data: await groups.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/groups/:id',
      auth: 'session',
      scope: group,
      ability: 'group:delete',
      summary: 'Delete a group with its spaces, their members and posts',
      tags,
      schema: { params: communityIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await groups.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
