import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { RouteScope } from '../../platform/routes.ts';
import {
  loadAppAccess,
  loadMemberAreaAccess,
  loadProjectAccess,
  type AppAccess,
  type ProjectAccess,
} from './access.ts';

/*
 * The workspace's route scopes: how a route names the project or app it is about. The platform resolves them
 * before the handler (404 when not visible) and checks the declared ability against the abilities they grant
 * (403); the handler gets the access as `request.access`.
 */

/** A validated path parameter (the route's params schema has already run). */
export function paramOf(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, unknown>)[name];
  if (typeof value !== 'string') {
    throw new Error(`route ${request.routeOptions.url ?? ''} has no :${name} parameter for its scope`);
  }
  return value;
}

const prefixed = <T extends string>(subject: string, names: readonly T[]) =>
  names.map((name) => `${subject}:${name}`);

const appRouteAbilities = (access: AppAccess) => prefixed('app', access.can);

export type AccessScopes = ReturnType<typeof createAccessScopes>;

export function createAccessScopes(db: DbOrTx) {
  return {
    /** The project of a path parameter, on the service host: its owner and active team (else 404). */
    project(param = 'projectId'): RouteScope<ProjectAccess> {
      return {
        label: `project(:${param})`,
        subjects: ['project'],
        resolve: (request) => loadProjectAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => prefixed('project', access.can),
      };
    },

    /**
     * The app of a path parameter as everyone sees it (guests included). `includeArchived`: management screens
     * that still show an archived app to its managers.
     */
    app(param = 'appId', options: { includeArchived?: boolean } = {}): RouteScope<AppAccess> {
      return {
        label: `app(:${param}${options.includeArchived ? ', archived' : ''})`,
        subjects: ['app'],
        resolve: (request) => loadAppAccess(db, request.actor, paramOf(request, param), options),
        abilities: appRouteAbilities,
      };
    },

    /** The app's member administration: invisible (404) to anyone without a role in the app. */
    memberArea(param = 'appId'): RouteScope<AppAccess> {
      return {
        label: `app-members(:${param})`,
        subjects: ['app'],
        resolve: (request) => loadMemberAreaAccess(db, request.actor, paramOf(request, param)),
        abilities: appRouteAbilities,
      };
    },
  };
}
