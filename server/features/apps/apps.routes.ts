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
import { defineRoute } from '../../platform/routes.ts';
import type { AppServicesService } from './app-services.service.ts';
import type { AppsService } from './apps.service.ts';

const tags = ['apps'];

export function appRoutes(deps: { apps: AppsService; appServices: AppServicesService }) {
  const { apps, appServices } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/apps',
      auth: 'session',
      ability: 'project:view_apps',
      summary: 'The project’s apps (`isArchive=true`: the archived ones), newest first',
      tags,
      schema: {
        params: projectIdParamsSchema,
        querystring: appListQuerySchema,
        response: { 200: appListSchema },
      },
      handler: async (request) => apps.list(request.actor, request.params.projectId, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/apps/dropdown',
      auth: 'session',
      ability: 'project:view_apps',
      summary: 'App choices of the project (15 per page; `search` by name, `ids` for saved choices)',
      tags,
      schema: {
        params: projectIdParamsSchema,
        querystring: appDropdownQuerySchema,
        response: { 200: dropdownListSchema },
      },
      handler: async (request) => apps.dropdown(request.actor, request.params.projectId, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/projects/:projectId/apps',
      auth: 'session',
      ability: 'project:apps',
      summary: 'Create an app (counted against the tariff); the creator becomes its owner',
      tags,
      schema: {
        params: projectIdParamsSchema,
        body: appCreateBodySchema,
        response: { 201: appResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await apps.create(request.actor, request.params.projectId, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId',
      auth: 'optional',
      ability: 'app:view',
      summary: 'One app with the caller’s abilities (managers also see it archived)',
      tags,
      schema: { params: appIdParamsSchema, response: { 200: appResponseSchema } },
      handler: async (request) => ({ data: await apps.get(request.actor, request.params.appId) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId',
      auth: 'session',
      ability: 'app:settings_app',
      summary: 'Change the app’s general settings (theme and menu layout: theme editor only)',
      tags,
      schema: { params: appIdParamsSchema, body: appPatchBodySchema, response: { 200: appResponseSchema } },
      handler: async (request) => ({
        data: await apps.update(request.actor, request.params.appId, request.body),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/archive',
      auth: 'session',
      ability: 'project:apps',
      summary: 'Archive the app: it goes offline and no longer counts against the tariff',
      tags,
      schema: { params: appIdParamsSchema, response: { 200: appResponseSchema } },
      handler: async (request) => ({ data: await apps.archive(request.actor, request.params.appId) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/apps/:appId/archive',
      auth: 'session',
      ability: 'project:apps',
      summary: 'Restore an archived app (counted against the tariff again)',
      tags,
      schema: { params: appIdParamsSchema, response: { 200: appResponseSchema } },
      handler: async (request) => ({ data: await apps.restore(request.actor, request.params.appId) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/options',
      auth: 'optional',
      ability: 'app:view',
      summary: 'Which services the app has switched on',
      tags,
      schema: { params: appIdParamsSchema, response: { 200: appOptionsResponseSchema } },
      handler: async (request) => ({ data: await appServices.options(request.actor, request.params.appId) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/options',
      auth: 'session',
      ability: 'app:settings_app',
      summary: 'Switch services on or off (the ones left out keep their state)',
      tags,
      schema: {
        params: appIdParamsSchema,
        body: appOptionsPatchSchema,
        response: { 200: appOptionsResponseSchema },
      },
      handler: async (request) => ({
        data: await appServices.updateOptions(request.actor, request.params.appId, request.body),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/:service/settings',
      auth: 'optional',
      ability: 'service:view',
      summary:
        'A service’s settings (admins; anyone who sees the app for `communities`); unknown service 404',
      tags,
      schema: { params: serviceSettingsParamsSchema, response: { 200: serviceSettingsResponseSchema } },
      handler: async (request) =>
        appServices.settings(request.actor, request.params.appId, request.params.service),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/:service/settings',
      auth: 'session',
      ability: 'app:settings_app',
      summary: 'Change a service’s settings (the fields sent are merged into the stored ones)',
      tags,
      schema: {
        params: serviceSettingsParamsSchema,
        body: serviceSettingsPatchBodySchema,
        response: { 200: serviceSettingsResponseSchema },
      },
      handler: async (request) =>
        appServices.updateSettings(request.actor, request.params.appId, request.params.service, request.body),
    }),
  ];
}
