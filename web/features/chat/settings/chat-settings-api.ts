import { queryOptions } from '@tanstack/react-query';
import {
  chatSettingsResponseSchema,
  type ChatSettings,
  type ChatSettingsPatchBody,
} from '../../../../contracts/chat-settings';
import { api } from '../../../api/client';

/** The app's chat settings (ROUTE-98): `GET|PATCH /apps/{appId}/chat-settings`, the app's `edit`. */
export const chatSettingsKeys = {
  all: (appId: string) => ['chat-settings', appId] as const,
};

export const chatSettingsQuery = (appId: string) =>
  queryOptions({
    queryKey: chatSettingsKeys.all(appId),
    queryFn: ({ signal }) =>
      api
        .get(`/apps/${appId}/chat-settings`, { schema: chatSettingsResponseSchema, signal })
        .then((answer) => answer.data),
    // The screen shows a failure in place, with a retry.
    meta: { silent: true },
  });

export const chatSettingsApi = {
  /** Only what changed; a role list replaces the stored one. */
  update: (appId: string, changes: ChatSettingsPatchBody): Promise<ChatSettings> =>
    api
      .patch(`/apps/${appId}/chat-settings`, { body: changes, schema: chatSettingsResponseSchema })
      .then((answer) => answer.data),
};
