import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { RouterResult } from '../../../contracts/router.ts';
import { presentApp, type AppPresentation } from '../apps/public.ts';
import { loadAppAccess } from './access.ts';
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

export function createWorkspaceService(deps: { db: Db; host: AppPresentation }) {
  const { db, host } = deps;
  return {
    /**
     * Resolves an app address to the full app with the caller's abilities there (a guest's for anonymous
     * callers, the viewed member's while masquerading); unknown or archived → 404.
     */
    async route(actor: Actor, url: string): Promise<RouterResult> {
      const slug = appSlugOf(url, host.publicDomain);
      const app = slug ? await repo.findLiveAppBySlug(db, slug) : undefined;
      if (!app) {
        throw notFound();
      }
      const access = await loadAppAccess(db, actor, app.id);
      return { type: 'app', entity: null, app: presentApp(access.app, access, host) };
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
