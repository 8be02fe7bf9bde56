import {
  chatSettingsRoleValues,
  type ChatSettings,
  type ChatSettingsPatchBody,
  type ChatSettingsRole,
} from '../../../../contracts/chat-settings';

/** The three kinds of chat the settings decide on, with the app ability each one gives. */
export const chatCreatorKinds = [
  { field: 'privateChatCreators', key: 'private' },
  { field: 'groupChatCreators', key: 'group' },
  { field: 'publicGroupChatCreators', key: 'public' },
] as const satisfies readonly { field: keyof ChatSettings; key: string }[];

export type ChatCreatorField = (typeof chatCreatorKinds)[number]['field'];

/** Roles in the contract's order, each once (so comparing two lists compares what they mean). */
export const sortedRoles = (roles: readonly string[]): ChatSettingsRole[] =>
  chatSettingsRoleValues.filter((role) => roles.includes(role));

const sameRoles = (a: readonly ChatSettingsRole[], b: readonly ChatSettingsRole[]) =>
  sortedRoles(a).join() === sortedRoles(b).join();

/** What the form changed against the saved settings: the body of `PATCH …/chat-settings` (empty: nothing). */
export function chatSettingsChangesOf(saved: ChatSettings, values: ChatSettings): ChatSettingsPatchBody {
  const changes: ChatSettingsPatchBody = {};
  for (const { field } of chatCreatorKinds) {
    if (!sameRoles(saved[field], values[field])) {
      changes[field] = sortedRoles(values[field]);
    }
  }
  if (saved.voiceMessages !== values.voiceMessages) {
    changes.voiceMessages = values.voiceMessages;
  }
  if (saved.readMarkers !== values.readMarkers) {
    changes.readMarkers = values.readMarkers;
  }
  return changes;
}
