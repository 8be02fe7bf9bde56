import { z } from 'zod';

/*
 * The app's chat settings (issue 17, second cut): who may start which kind of chat, voice messages and read
 * markers. The chats themselves: chat.ts; the read markers' marks: chat-read-marks.ts.
 */

/** The roles the app's chat settings speak of; the app's admins (owner, admins, app-managing team) always may. */
export const chatSettingsRoleValues = ['member', 'moderator'] as const;
export type ChatSettingsRole = (typeof chatSettingsRoleValues)[number];

const settingsRoles = z.array(z.enum(chatSettingsRoleValues)).max(chatSettingsRoleValues.length);

/**
 * `GET|PATCH /apps/{appId}/chat-settings` (ROUTE-98, an addition; the app's `edit`): who may start which kind of
 * chat (the app's `create_private_chat`, `create_group_chat`, `create_public_group_chat`), whether people send
 * voice messages (the chat's `voice_messages`) and whether chats show who read a message (`read_marks`).
 */
export const chatSettingsSchema = z.object({
  privateChatCreators: settingsRoles,
  groupChatCreators: settingsRoles,
  publicGroupChatCreators: settingsRoles,
  /** On: whoever may write in a chat also sends voice messages. Off: nobody does. */
  voiceMessages: z.boolean(),
  /** "Seen by" under messages, in private chats and groups of up to `chatReadMarksMaxMembers` members (chat-read-marks.ts). */
  readMarkers: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

/** An app that never changed them: the first cut's rules, no voice messages, no read markers (opt-in). */
export const chatSettingsDefaults: ChatSettings = {
  privateChatCreators: ['member', 'moderator'],
  groupChatCreators: ['member', 'moderator'],
  publicGroupChatCreators: ['moderator'],
  voiceMessages: false,
  readMarkers: false,
};

/** Stored settings over the defaults: a field that is missing or no longer valid falls back on its own. */
const storedChatSettingsSchema = z
  .object({
    privateChatCreators: settingsRoles.catch(() => [...chatSettingsDefaults.privateChatCreators]),
    groupChatCreators: settingsRoles.catch(() => [...chatSettingsDefaults.groupChatCreators]),
    publicGroupChatCreators: settingsRoles.catch(() => [...chatSettingsDefaults.publicGroupChatCreators]),
    voiceMessages: z.boolean().catch(chatSettingsDefaults.voiceMessages),
    readMarkers: z.boolean().catch(chatSettingsDefaults.readMarkers),
  })
  .catch(() => ({ ...chatSettingsDefaults }));

/** The app's chat settings from what the app keeps (`apps.service_settings.chat`). */
export function chatSettingsOf(stored: unknown): ChatSettings {
  return storedChatSettingsSchema.parse(stored ?? {});
}

/** `PATCH /apps/{appId}/chat-settings`: the fields that change; a role list replaces the stored one. */
export const chatSettingsPatchBodySchema = z.strictObject({
  privateChatCreators: settingsRoles.optional(),
  groupChatCreators: settingsRoles.optional(),
  publicGroupChatCreators: settingsRoles.optional(),
  voiceMessages: z.boolean().optional(),
  readMarkers: z.boolean().optional(),
});
export type ChatSettingsPatchBody = z.output<typeof chatSettingsPatchBodySchema>;
export const chatSettingsResponseSchema = z.object({ data: chatSettingsSchema });
