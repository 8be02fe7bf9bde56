import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import * as repo from './workspace.repo.ts';

export function createWorkspaceService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The project the service host opens first; 404 sends the web to the projects list. */
    async currentProject(actor: Actor): Promise<{ id: string }> {
      if (actor.kind !== 'account') {
        throw unauthorized();
      }
      const id = await repo.findLatestProjectIdOfAccountAcrossProjects(db, actor.accountId);
      if (!id) {
        throw notFound();
      }
      return { id };
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
