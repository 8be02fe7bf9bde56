import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import {
  accessToApp,
  loadProjectAccess,
  paramOf,
  requireAccount,
  type AppAccess,
  type ProjectAccess,
} from '../workspace/public.ts';
import { contactAbilities, generalProfileAbilities } from './contacts.policy.ts';
import { findContactById, type ContactRow } from './contacts.repo.ts';
import { findLiveProfileForGeneral } from './general-profile.repo.ts';

export type ContactScopeAccess = { project: ProjectAccess; contact: ContactRow };

/** The contact of `:contactId` and the caller's access to its project (404 when either is not visible). */
export function contactScope(db: Db): RouteScope<ContactScopeAccess> {
  return {
    label: 'contact(:contactId)',
    subjects: ['contact'],
    async resolve(request) {
      const contact = await findContactById(db, paramOf(request, 'contactId'));
      if (!contact) {
        throw notFound();
      }
      return { project: await loadProjectAccess(db, request.actor, contact.projectId), contact };
    },
    abilities: ({ project }) => contactAbilities(project).map((ability) => `contact:${ability}`),
  };
}

type GeneralProfileTarget = NonNullable<Awaited<ReturnType<typeof findLiveProfileForGeneral>>>;
export type GeneralProfileScopeAccess = {
  target: GeneralProfileTarget;
  /** The caller's access to the member's project; null when they do not see it (an app manager from outside). */
  project: ProjectAccess | null;
  app: AppAccess;
};

/**
 * The live profile of `:profileId` seen from the project (contacts/{memberId}): visible to whoever sees the
 * project or manages the member's app, else 404.
 */
export function generalProfileScope(db: Db): RouteScope<GeneralProfileScopeAccess> {
  return {
    label: 'general-profile(:profileId)',
    subjects: ['profile'],
    async resolve(request) {
      const accountId = requireAccount(request.actor);
      const target = await findLiveProfileForGeneral(db, paramOf(request, 'profileId'));
      if (!target) {
        throw notFound();
      }
      const project = await loadProjectAccess(db, request.actor, target.project.id).catch(nullWhenNotFound);
      const app = await accessToApp(db, { app: target.app, project: target.project }, accountId);
      const access = { target, project, app };
      if (generalProfileAbilities(access).length === 0) {
        throw notFound();
      }
      return access;
    },
    abilities: (access) => generalProfileAbilities(access).map((ability) => `profile:${ability}`),
  };
}

function nullWhenNotFound(error: unknown): null {
  if (error instanceof AppError && error.statusCode === 404) {
    return null;
  }
  throw error;
}
