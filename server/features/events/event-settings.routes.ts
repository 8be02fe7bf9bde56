import {
  eventAppParamsSchema,
  eventSettingsPatchBodySchema,
  eventSettingsResponseSchema,
} from '../../../contracts/events.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { EventSettingsService } from './event-settings.service.ts';

const tags = ['events'];

/** settings/events (an addition): read by event creators (the editor's defaults), changed with the app's `edit`. */
export function eventSettingsRoutes(deps: { settings: EventSettingsService; scopes: AccessScopes }) {
  const { settings } = deps;
  const app = deps.scopes.app();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/event-settings',
      auth: 'session',
      scope: app,
      ability: 'app:create_event',
      summary: "The app's event settings: who creates events and the editor's defaults",
      tags,
      schema: { params: eventAppParamsSchema, response: { 200: eventSettingsResponseSchema } },
      handler: async (request) => ({ data: settings.read(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/event-settings',
      auth: 'session',
      scope: app,
      ability: 'app:edit',
      summary: "Change the app's event settings (the fields sent)",
      tags,
      schema: {
        params: eventAppParamsSchema,
        body: eventSettingsPatchBodySchema,
        response: { 200: eventSettingsResponseSchema },
      },
      handler: async (request) => ({ data: await settings.update(request.access, request.body) }),
    }),
  ];
}
