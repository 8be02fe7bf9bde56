import { chatSettingsPatchBodySchema, chatSettingsResponseSchema } from '../../../contracts/chat-settings.ts';
import { appParamsSchema } from '../../../contracts/profile.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import type { ChatSettingsService } from './chat-settings.service.ts';

const tags = ['chats'];

/** ROUTE-98 `settings/chat` (additions): the app's chat settings, for whoever edits the app. */
export function chatSettingsRoutes(deps: { settings: ChatSettingsService; scopes: AccessScopes }) {
  const { settings } = deps;
  // Invisible (404) to anyone without a role in the app, as the app's other member administration.
  const app = deps.scopes.memberArea('appId');
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/chat-settings',
      auth: 'session',
      scope: app,
      ability: 'app:edit',
      summary: 'The app’s chat settings: who starts which kind of chat, voice messages, read markers',
      tags,
      schema: { params: appParamsSchema, response: { 200: chatSettingsResponseSchema } },
      handler: async (request) => ({ data: settings.read(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/chat-settings',
      auth: 'session',
      scope: app,
      ability: 'app:edit',
      summary: 'Change the app’s chat settings (the fields sent; a role list replaces the stored one)',
      tags,
      schema: {
        params: appParamsSchema,
        body: chatSettingsPatchBodySchema,
        response: { 200: chatSettingsResponseSchema },
      },
      handler: async (request) => ({ data: await settings.update(request.access, request.body) }),
    }),
  ];
}
