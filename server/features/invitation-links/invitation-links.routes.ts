import { z } from 'zod';
import {
  invitationLinkCreateBodySchema,
  invitationLinkListQuerySchema,
  invitationLinkListSchema,
  invitationLinkParamsSchema,
  invitationLinkPatchBodySchema,
  invitationLinkResponseSchema,
} from '../../../contracts/invitation-links.ts';
import { appParamsSchema } from '../../../contracts/profile.ts';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import { invitationLinkScope } from './invitation-links.scopes.ts';
import type { InvitationLinkService } from './invitation-links.service.ts';

const tags = ['members'];

export function invitationLinkRoutes(deps: {
  invitationLinks: InvitationLinkService;
  scopes: AccessScopes;
  db: Db;
}) {
  const { invitationLinks, scopes } = deps;
  const memberArea = scopes.memberArea();
  const link = invitationLinkScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/invitations',
      auth: 'session',
      scope: memberArea,
      ability: 'app:view_invitations',
      summary: 'The app’s invite links, newest first (`invitationIds` picks some)',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: invitationLinkListQuerySchema,
        response: { 200: invitationLinkListSchema },
      },
      handler: async (request) => invitationLinks.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/invitations',
      auth: 'session',
      scope: memberArea,
      ability: 'app:create_invitation',
      summary: 'Create an invite link: whoever joins through it gets its member type and tags',
      tags,
      schema: {
        params: appParamsSchema,
        body: invitationLinkCreateBodySchema,
        response: { 201: invitationLinkResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await invitationLinks.create(request.access, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/invitations/:id',
      auth: 'session',
      scope: link,
      ability: 'invitation:edit',
      summary: 'Change an invite link (name, member type, tags, limits, switch it on or off)',
      tags,
      schema: {
        params: invitationLinkParamsSchema,
        body: invitationLinkPatchBodySchema,
        response: { 200: invitationLinkResponseSchema },
      },
      handler: async (request) => ({
        data: await invitationLinks.update(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/invitations/:id',
      auth: 'session',
      scope: link,
      ability: 'invitation:delete',
      summary: 'Delete an invite link (its address stops working)',
      tags,
      schema: { params: invitationLinkParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await invitationLinks.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
