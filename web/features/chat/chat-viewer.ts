import type { AbilityName } from '../../../contracts/abilities';
import type { Chat } from '../../../contracts/chat';
import { appCan, type RouterApp } from '../../kernel/current-app';

/** The profile the app is shown for: the viewed member while an admin masquerades, else the caller's own. */
export const viewerProfileIdOf = (app: RouterApp): string | null =>
  app.masqueradeProfileId ?? app.viewer?.profileId ?? null;

/** Whether the caller holds a chat ability (spec §6 Chat); the server decides, the screens only hide. */
export const chatCan = (chat: Pick<Chat, 'permissions'>, ability: AbilityName<'chat'>) =>
  chat.permissions.can.includes(ability);

/** The kinds of chat a person may start, by the app's abilities (spec §6 create private / group / public group). */
export type NewChatKind = 'private' | 'group' | 'public' | 'channel';

export function creatableKinds(app: RouterApp): NewChatKind[] {
  const kinds: NewChatKind[] = [];
  if (appCan(app, 'create_private_chat')) {
    kinds.push('private');
  }
  if (appCan(app, 'create_group_chat')) {
    kinds.push('group');
  }
  if (appCan(app, 'create_public_group_chat')) {
    kinds.push('public');
  }
  // A channel is a group chat in which only its moderators write.
  if (appCan(app, 'create_group_chat')) {
    kinds.push('channel');
  }
  return kinds;
}
