import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { RouterResult } from '../../../contracts/router.ts';
import { accessToApp } from './access.ts';
import * as repo from './workspace.repo.ts';

/** `https://app.example.com/akademie/groups` or `/akademie/groups` → `akademie`; null for other hosts. */
export function appSlugOf(url: string, publicDomain: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, `http://${publicDomain}`);
  } catch {
    return null;
  }
  if (parsed.host.toLowerCase() !== publicDomain.toLowerCase()) {
    return null;
  }
  const [slug] = parsed.pathname.split('/').filter(Boolean);
  return slug && /^[a-z0-9-]{1,100}$/i.test(slug) ? slug : null;
}

export function createWorkspaceService(deps: { db: Db; publicDomain: string }) {
  const { db, publicDomain } = deps;
  return {
    /** Resolves an app address to its app and the caller's abilities there; unknown or archived → 404. */
    async route(actor: Actor, url: string): Promise<RouterResult> {
      const slug = appSlugOf(url, publicDomain);
      const app = slug ? await repo.findLiveAppBySlug(db, slug) : undefined;
      if (!app) {
        throw notFound();
      }
      const project = await repo.findProjectById(db, app.projectId);
      if (!project || project.isArchive) {
        throw notFound();
      }
      const access = await accessToApp(
        db,
        { app, project },
        actor.kind === 'account' ? actor.accountId : null,
      );
      return {
        type: 'app',
        entity: null,
        app: {
          id: app.id,
          slug: app.slug,
          name: app.name,
          publicDomain,
          defaultServiceSlug: app.defaultServiceSlug,
          language: app.language,
          permissions: { can: access.can },
        },
      };
    },

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
