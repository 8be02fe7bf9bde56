import { appServiceOf, type AppService } from '../../../contracts/workspace.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import {
  loadAppAccess,
  paramOf,
  projectAbilities,
  type AppAccess,
  type ProjectAbility,
} from '../workspace/public.ts';
import { serviceAbilities } from './app-services.policy.ts';
import * as repo from './apps.repo.ts';

export type AppProjectAccess = { app: AppAccess; projectCan: ProjectAbility[] };
export type ServiceScopeAccess = { app: AppAccess; service: AppService };

/**
 * The app of `:appId` (archived ones too, for their managers) with the caller's abilities on its project:
 * archiving and restoring an app are project decisions (the tariff counts apps). While masquerading, the
 * project abilities stay the real caller's.
 */
export function appProjectScope(db: Db): RouteScope<AppProjectAccess> {
  return {
    label: 'app-project(:appId, archived)',
    subjects: ['project'],
    async resolve(request) {
      const app = await loadAppAccess(db, request.actor, paramOf(request, 'appId'), {
        includeArchived: true,
      });
      const accountId = app.masquerade?.realAccountId ?? app.accountId;
      if (!accountId) {
        return { app, projectCan: [] };
      }
      const isOwner = app.project.ownerAccountId === accountId;
      const isActiveTeamMember = !isOwner && (await repo.isActiveTeamMember(db, app.project.id, accountId));
      const projectCan = projectAbilities({
        isOwner,
        isActiveTeamMember,
        teamSettings: app.project.teamSettings,
      });
      return { app, projectCan };
    },
    abilities: ({ projectCan }) => projectCan.map((ability) => `project:${ability}`),
  };
}

/** A known service (`:service` or another name of it, else 404) of the app of `:appId` as the caller sees it. */
export function serviceScope(db: Db): RouteScope<ServiceScopeAccess> {
  return {
    label: 'service(:appId, :service)',
    subjects: ['service'],
    async resolve(request) {
      const service = appServiceOf(paramOf(request, 'service'));
      if (!service) {
        throw notFound();
      }
      return { app: await loadAppAccess(db, request.actor, paramOf(request, 'appId')), service };
    },
    abilities: ({ app, service }) => serviceAbilities(app, service).map((ability) => `service:${ability}`),
  };
}
