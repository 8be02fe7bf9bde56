import { z } from 'zod';
import {
  communityIdParamsSchema,
  communityMemberParamsSchema,
  groupMemberListQuerySchema,
  spaceAddProfilesBodySchema,
  spaceMemberListQuerySchema,
  spaceMemberListSchema,
  spaceNotificationsBodySchema,
  spaceResponseSchema,
} from '../../../contracts/community-spaces.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { CommunityScopes } from './community.scopes.ts';
import type { createSpaceMemberService } from './space-members.service.ts';

const tags = ['community'];
const noContent = { 204: z.null() };

/** Members of spaces and groups (GROUPS-SPACES-06…08, 14…17; adding members and notifications inferred). */
export function spaceMemberRoutes(deps: {
  members: ReturnType<typeof createSpaceMemberService>;
  community: CommunityScopes;
}) {
  const { members, community } = deps;
  const space = community.space();
  const group = community.group();
  return [
    defineRoute({
      method: 'POST',
      url: '/api/spaces/:id/join',
      auth: 'session',
      scope: space,
      ability: 'space:join',
      summary: 'Join an open space, or ask to join a private one (the membership waits as `requested`)',
      tags,
      schema: { params: communityIdParamsSchema, response: { 200: spaceResponseSchema } },
      handler: async (request) => ({ data: await members.join(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/spaces/:id/leave',
      auth: 'session',
      scope: space,
      ability: 'space:leave',
      summary: 'Leave a space (or withdraw the join request)',
      tags,
      schema: { params: communityIdParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await members.leave(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/spaces/:id/profiles',
      auth: 'session',
      scope: space,
      ability: 'space:view_profiles',
      summary: 'Members of a space, moderators first; `status=requested`: the join requests (moderators)',
      tags,
      schema: {
        params: communityIdParamsSchema,
        querystring: spaceMemberListQuerySchema,
        response: { 200: spaceMemberListSchema },
      },
      handler: async (request) => members.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/spaces/:id/profiles',
      auth: 'session',
      scope: space,
      ability: 'space:create_profile',
      summary: 'Add members to a space or approve their join requests',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: spaceAddProfilesBodySchema,
        response: { 200: spaceResponseSchema },
      },
      handler: async (request) => ({ data: await members.add(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/spaces/:id/profiles/:memberId',
      auth: 'session',
      scope: space,
      ability: 'space:delete_profile',
      summary: 'Remove a member from a space or decline a join request',
      tags,
      schema: { params: communityMemberParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await members.remove(request.access, request.params.memberId);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/spaces/:id/notifications',
      auth: 'session',
      scope: space,
      ability: 'space:bell',
      summary: 'Choose the space notifications: all new posts, pinned posts only, or none',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: spaceNotificationsBodySchema,
        response: { 200: spaceResponseSchema },
      },
      handler: async (request) => ({ data: await members.notify(request.access, request.body.notify) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/groups/:id/profiles',
      auth: 'session',
      scope: group,
      ability: 'group:view_profiles',
      summary: 'Members of the group’s spaces the caller reads, each once, the group’s moderators first',
      tags,
      schema: {
        params: communityIdParamsSchema,
        querystring: groupMemberListQuerySchema,
        response: { 200: spaceMemberListSchema },
      },
      handler: async (request) => members.listGroup(request.access, request.query),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/groups/:id/leave',
      auth: 'session',
      scope: group,
      ability: 'group:leave',
      summary: 'Leave every space of the group',
      tags,
      schema: { params: communityIdParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await members.leaveGroup(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/groups/:id/profiles/:memberId',
      auth: 'session',
      scope: group,
      ability: 'group:delete_profile',
      summary: 'Remove a member from every space of the group',
      tags,
      schema: { params: communityMemberParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await members.removeFromGroup(request.access, request.params.memberId);
        return reply.status(204).send(null);
      },
    }),
  ];
}
