import { z } from 'zod';
import {
  appCreateBodySchema,
  appDropdownQuerySchema,
  appIdParamsSchema,
  appListQuerySchema,
  appListSchema,
  appOptionsPatchSchema,
  appOptionsResponseSchema,
  appPatchBodySchema,
  appResponseSchema,
  dropdownListSchema,
  projectIdParamsSchema,
  serviceSettingsParamsSchema,
  serviceSettingsPatchBodySchema,
  serviceSettingsResponseSchema,
} from '../../../contracts/workspace.ts';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { AppServicesService } from './app-services.service.ts';
import { appProjectScope, serviceScope } from './apps.scopes.ts';
import type { AppsService } from './apps.service.ts';

const tags = ['apps'];

export function appRoutes(deps: {
  apps: AppsService;
  appServices: AppServicesService;
  scopes: AccessScopes;
  db: Db;
}) {
  const { apps, appServices, scopes } = deps;
  const project = scopes.project('projectId');
  const app = scopes.app('appId');
  const appOrArchived = scopes.app('appId', { includeArchived: true });
  const appProject = appProjectScope(deps.db);
  const service = serviceScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/logo',
      auth: 'public',
      ability: 'public',
      summary:
        'The app’s logo (else its icon) for mails: 302 to a signed address of the picture; 404 without one',
      tags,
      schema: { params: appIdParamsSchema, response: { 302: z.null() } },
      handler: async (request, reply) => {
        const location = await apps.logoAddress(request.params.appId);
        // The signed address stays valid for at least six hours; an hour of caching stays inside that.
        return reply.header('cache-control', 'public, max-age=3600').redirect(location, 302);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/apps',
      auth: 'session',
      scope: project,
      ability: 'project:view_apps',
      summary: 'The project’s apps (`isArchive=true`: the archived ones), newest first',
      tags,
      schema: {
        params: projectIdParamsSchema,
        querystring: appListQuerySchema,
        response: { 200: appListSchema },
      },
      handler: async (request) => apps.list(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/apps/dropdown',
      auth: 'session',
      scope: project,
      ability: 'project:view_apps',
      summary: 'App choices of the project (15 per page; `search` by name, `ids` for saved choices)',
      tags,
      schema: {
        params: projectIdParamsSchema,
        querystring: appDropdownQuerySchema,
        response: { 200: dropdownListSchema },
      },
      handler: async (request) => apps.dropdown(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/projects/:projectId/apps',
      auth: 'session',
      scope: project,
      ability: 'project:apps',
      summary: 'Create an app (counted against the tariff); the creator becomes its owner',
      tags,
      schema: {
        params: projectIdParamsSchema,
        body: appCreateBodySchema,
        response: { 201: appResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await apps.create(request.access, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId',
      auth: 'optional',
      scope: appOrArchived,
      ability: 'app:view',
      summary: 'One app with the caller’s abilities (managers also see it archived)',
      tags,
      schema: { params: appIdParamsSchema, response: { 200: appResponseSchema } },
      handler: async (request) => ({ data: apps.get(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId',
      auth: 'session',
      scope: app,
      ability: 'app:settings_app',
      summary: 'Change the app’s general settings (theme and menu layout: theme editor only)',
      tags,
      schema: { params: appIdParamsSchema, body: appPatchBodySchema, response: { 200: appResponseSchema } },
      handler: async (request) => ({
        data: await apps.update(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/archive',
      auth: 'session',
      scope: appProject,
      ability: 'project:apps',
      summary: 'Archive the app: it goes offline and no longer counts against the tariff',
      tags,
      schema: { params: appIdParamsSchema, response: { 200: appResponseSchema } },
      handler: async (request) => ({ data: await apps.archive(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/apps/:appId/archive',
      auth: 'session',
      scope: appProject,
      ability: 'project:apps',
      summary: 'Restore an archived app (counted against the tariff again)',
      tags,
      schema: { params: appIdParamsSchema, response: { 200: appResponseSchema } },
      handler: async (request) => ({ data: await apps.restore(request.access) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/options',
      auth: 'optional',
      scope: app,
      ability: 'app:view',
      summary: 'Which services the app has switched on',
      tags,
      schema: { params: appIdParamsSchema, response: { 200: appOptionsResponseSchema } },
      handler: async (request) => ({ data: appServices.options(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/options',
      auth: 'session',
      scope: app,
      ability: 'app:settings_app',
      summary: 'Switch services on or off (the ones left out keep their state)',
      tags,
      schema: {
        params: appIdParamsSchema,
        body: appOptionsPatchSchema,
        response: { 200: appOptionsResponseSchema },
      },
      handler: async (request) => ({
        data: await appServices.updateOptions(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/:service/settings',
      auth: 'optional',
      scope: service,
      ability: 'service:view',
      summary:
        'A service’s settings (admins; anyone who sees the app for `communities`); unknown service 404',
      tags,
      schema: { params: serviceSettingsParamsSchema, response: { 200: serviceSettingsResponseSchema } },
      handler: async (request) => appServices.settings(request.access),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/:service/settings',
      auth: 'session',
      scope: service,
      ability: 'service:edit',
      summary: 'Change a service’s settings (the fields sent are merged into the stored ones)',
      tags,
      schema: {
        params: serviceSettingsParamsSchema,
        body: serviceSettingsPatchBodySchema,
        response: { 200: serviceSettingsResponseSchema },
      },
      handler: async (request) => appServices.updateSettings(request.access, request.body),
    }),
  ];
}
