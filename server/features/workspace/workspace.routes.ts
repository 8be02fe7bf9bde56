import { currentProjectSchema } from '../../../contracts/profile.ts';
import { routerQuerySchema, routerResultSchema } from '../../../contracts/router.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { WorkspaceService } from './workspace.service.ts';

const tags = ['projects'];

export function workspaceRoutes(deps: { workspace: WorkspaceService }) {
  const { workspace } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/router',
      auth: 'optional',
      ability: 'public',
      summary: 'Which app an address shows, with the caller’s abilities there (404: unknown)',
      tags,
      schema: { querystring: routerQuerySchema, response: { 200: routerResultSchema } },
      handler: async (request) => workspace.route(request.actor, request.query.url),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/current',
      auth: 'session',
      ability: 'authenticated',
      summary: 'The project the caller owns or belongs to, most recently updated (404: none)',
      tags,
      schema: { response: { 200: currentProjectSchema } },
      handler: async (request) => workspace.currentProject(request.actor),
    }),
  ];
}
