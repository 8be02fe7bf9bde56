import {
  communityAppParamsSchema,
  communityDropdownQuerySchema,
  groupDropdownSchema,
  spaceDropdownSchema,
} from '../../../contracts/community-spaces.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { CommunityScopes } from './community.scopes.ts';
import type { createDropdownService } from './dropdowns.service.ts';

const tags = ['community'];

/** The groups and spaces dropdowns (APP-SERVICES-02, 03): `{page, ids, limit 15}`. */
export function dropdownRoutes(deps: {
  dropdowns: ReturnType<typeof createDropdownService>;
  community: CommunityScopes;
}) {
  const { dropdowns, community } = deps;
  const app = community.community();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/groups/dropdown',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'Groups for a picker, 15 per page; `ids` picks the named ones',
      tags,
      schema: {
        params: communityAppParamsSchema,
        querystring: communityDropdownQuerySchema,
        response: { 200: groupDropdownSchema },
      },
      handler: async (request) => dropdowns.groups(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/spaces/dropdown',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'Spaces the caller sees listed, for a picker, 15 per page; `ids` picks the named ones',
      tags,
      schema: {
        params: communityAppParamsSchema,
        querystring: communityDropdownQuerySchema,
        response: { 200: spaceDropdownSchema },
      },
      handler: async (request) => dropdowns.spaces(request.access, request.query),
    }),
  ];
}
