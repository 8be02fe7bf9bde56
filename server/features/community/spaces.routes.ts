import { z } from 'zod';
import {
  communityAppParamsSchema,
  communityIdParamsSchema,
  communityMoveBodySchema,
  groupSpacesParamsSchema,
  spaceCreateBodySchema,
  spaceListQuerySchema,
  spaceListSchema,
  spacePatchBodySchema,
  spaceResponseSchema,
  spaceSlugParamsSchema,
} from '../../../contracts/community-spaces.ts';
import type { FeatureContext } from '../../platform/features.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { UrlSign } from '../cloud/public.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { categoryRoutes } from './categories.routes.ts';
import { createCategoryService } from './categories.service.ts';
import { createCommunityScopes, type CommunityScopes } from './community.scopes.ts';
import { dropdownRoutes } from './dropdowns.routes.ts';
import { createDropdownService } from './dropdowns.service.ts';
import { groupRoutes } from './groups.routes.ts';
import { createGroupService } from './groups.service.ts';
import { linkRoutes } from './links.routes.ts';
import { createLinkService } from './links.service.ts';
import { spaceMemberRoutes } from './space-members.routes.ts';
import { createSpaceMemberService } from './space-members.service.ts';
import { createSpaceListing } from './spaces.listing.ts';
import { createSpaceService } from './spaces.service.ts';

const tags = ['community'];

/** Spaces (GROUPS-SPACES-10…13, the space by slug and the order inferred). */
export function spaceRoutes(deps: {
  spaces: ReturnType<typeof createSpaceService>;
  community: CommunityScopes;
}) {
  const { spaces, community } = deps;
  const app = community.community();
  const space = community.space();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/spaces',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'The spaces the caller sees listed (secret ones only to who reads them), in order',
      tags,
      schema: {
        params: communityAppParamsSchema,
        querystring: spaceListQuerySchema,
        response: { 200: spaceListSchema },
      },
      handler: async (request) => spaces.list(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/spaces/:spaceSlug',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'A space by its slug (the space page; 404 when the caller may not see it)',
      tags,
      schema: { params: spaceSlugParamsSchema, response: { 200: spaceResponseSchema } },
      handler: async (request) => ({
        data: await spaces.bySlug(request.access, request.params.spaceSlug),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/groups/:groupId/spaces',
      auth: 'session',
      scope: community.group('groupId'),
      ability: 'group:create_space',
      summary: 'Create a space at the end of the group (the space form of spec §3)',
      tags,
      schema: {
        params: groupSpacesParamsSchema,
        body: spaceCreateBodySchema,
        response: { 201: spaceResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await spaces.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/spaces/:id',
      auth: 'session',
      scope: space,
      ability: 'space:edit',
      summary: 'Change a space (covers, moderators, access, tabs, rules …); only what is sent changes',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: spacePatchBodySchema,
        response: { 200: spaceResponseSchema },
      },
      handler: async (request) => ({ data: await spaces.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/spaces/:id',
      auth: 'session',
      scope: space,
      ability: 'space:delete',
      summary: 'Delete a space with its members and posts',
      tags,
      schema: { params: communityIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await spaces.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/spaces/:id/move',
      auth: 'session',
      scope: space,
      ability: 'space:edit',
      summary: 'Move a space right after `prevId` within its group (null: to the top)',
      tags,
      schema: {
        params: communityIdParamsSchema,
        body: communityMoveBodySchema,
        response: { 200: spaceResponseSchema },
      },
      handler: async (request) => ({ data: await spaces.move(request.access, request.body.prevId) }),
    }),
  ];
}

/**
 * Every route of the community's containers (groups, spaces, their members, communities categories, links,
 * the dropdowns), built from the feature context: the manifest lists them with one line.
 */
export function containerRoutes(context: FeatureContext) {
  const { db } = context;
  const sign: UrlSign = (path) => context.urlSigner.sign(path);
  const community = createCommunityScopes(db);
  const scopes = createAccessScopes(db);
  const listing = createSpaceListing({ db, sign });
  return [
    ...groupRoutes({ groups: createGroupService({ db, sign, listing }), community }),
    ...spaceRoutes({ spaces: createSpaceService({ db, listing }), community }),
    ...spaceMemberRoutes({ members: createSpaceMemberService({ db, sign, listing }), community }),
    ...dropdownRoutes({ dropdowns: createDropdownService({ db }), community }),
    ...categoryRoutes({ categories: createCategoryService({ db, sign }), scopes, community }),
    ...linkRoutes({ links: createLinkService({ db }), scopes, db }),
  ];
}
