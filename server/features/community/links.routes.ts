import { z } from 'zod';
import {
  communityAppParamsSchema,
  communityIdParamsSchema,
  communityMoveBodySchema,
  linkCreateBodySchema,
  linkListSchema,
  linkPatchBodySchema,
  linkResponseSchema,
} from '../../../contracts/community-spaces.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import { linkScope } from './links.scopes.ts';
import type { createLinkService } from './links.service.ts';

const tags = ['community'];

/** Links of the community's navigation (COMMUNITIES-08…10; the list and the order inferred). */
export function linkRoutes(deps: {
  links: ReturnType<typeof createLinkService>;
  scopes: AccessScopes;
  db: DbOrTx;
}) {
  const { links, scopes } = deps;
  const app = scopes.app();
  const link = linkScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/links',
      auth: 'session',
      scope: app,
      ability: 'app:view_links',
      summary: 'The community’s links in order',
      tags,
      schema: { params: communityAppParamsSchema, response: { 200: linkListSchema } },
      handler: async (request) => links.list(request.access),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/community/links',
      auth: 'session',
      scope: app,
      ability: 'app:create_link',
      summary: 'Add a link at the end (web or e-mail address)',
      tags,
      schema: {
        params: communityAppParamsSchema,
        body: linkCreateBodySchema,
        response: { 201: linkResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await links.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/links/:id',
      auth: 'session',
      scope: link,
      ability: 'link:edit',
      summary: 'Change a link',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: linkPatchBodySchema,
        response: { 200: linkResponseSchema },
      },
      handler: async (request) => ({ data: await links.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/links/:id',
      auth: 'session',
      scope: link,
      ability: 'link:delete',
      summary: 'Delete a link',
      tags,
      schema: { params: communityIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await links.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/links/:id/move',
      auth: 'session',
      scope: link,
      ability: 'link:edit',
      summary: 'Move a link right after `prevId` (null: to the top)',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: communityMoveBodySchema,
        response: { 200: linkResponseSchema },
      },
      handler: async (request) => ({ data: await links.move(request.access, request.body.prevId) }),
    }),
  ];
}
