import {
  chatSettingsOf,
  chatSettingsRoleValues,
  type ChatSettings,
  type ChatSettingsPatchBody,
  type ChatSettingsRole,
} from '../../../contracts/chat-settings.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { mergeServiceSettings } from '../apps/public.ts';
import type { AppAccess } from '../workspace/public.ts';

/*
 * The app's chat settings (ROUTE-98, issue 17 second cut): who starts which kind of chat, voice messages, read
 * markers. Kept beside the chat service's common settings in `apps.service_settings.chat` (no table of their
 * own); the workspace's app policy reads the creators from there (app abilities `create_*_chat`), the chat's
 * scopes the rest (chat abilities `voice_messages`, `read_marks`). The route's scope checked the app's `edit`.
 */

/** A role list in the contract's order, each role once. */
const rolesOf = (roles: readonly ChatSettingsRole[]) =>
  chatSettingsRoleValues.filter((role) => roles.includes(role));

export function createChatSettingsService(deps: { db: Db }) {
  const { db } = deps;

  const read = (access: AppAccess): ChatSettings => chatSettingsOf(access.app.serviceSettings.chat);

  return {
    read,

    /** Merges the sent fields into the stored settings in one statement (a role list replaces the stored one). */
    async update(access: AppAccess, body: ChatSettingsPatchBody): Promise<ChatSettings> {
      const values: Partial<ChatSettings> = {
        ...(body.privateChatCreators ? { privateChatCreators: rolesOf(body.privateChatCreators) } : {}),
        ...(body.groupChatCreators ? { groupChatCreators: rolesOf(body.groupChatCreators) } : {}),
        ...(body.publicGroupChatCreators
          ? { publicGroupChatCreators: rolesOf(body.publicGroupChatCreators) }
          : {}),
        ...(body.voiceMessages !== undefined ? { voiceMessages: body.voiceMessages } : {}),
        ...(body.readMarkers !== undefined ? { readMarkers: body.readMarkers } : {}),
      };
      if (Object.keys(values).length === 0) {
        return read(access);
      }
      const row = await mergeServiceSettings(db, access.project.id, access.app.id, 'chat', values);
      if (!row) {
        throw notFound();
      }
      return chatSettingsOf(row.serviceSettings.chat);
    },
  };
}

export type ChatSettingsService = ReturnType<typeof createChatSettingsService>;
