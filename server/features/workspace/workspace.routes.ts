import { currentProjectSchema } from '../../../contracts/profile.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { WorkspaceService } from './workspace.service.ts';

const tags = ['projects'];

export function workspaceRoutes(deps: { workspace: WorkspaceService }) {
  const { workspace } = deps;
  return [
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
