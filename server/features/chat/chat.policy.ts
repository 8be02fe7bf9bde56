import type { ChatAbility, ChatKind, ChatRole } from '../../../contracts/chat.ts';
import { chatReadMarksMaxMembers } from '../../../contracts/chat-read-marks.ts';
import type { ChatSettings } from '../../../contracts/chat-settings.ts';
import type { AbilityName } from '../../../contracts/abilities.ts';
import type { AppAbility } from '../workspace/public.ts';

/*
 * Who may do what in a chat (issue 17, spec §6 "Chat"). Pure predicates over loaded data; the scopes
 * (chat.scopes.ts) load it, the platform checks a route's ability against the answer, and the presenter hands
 * the same list to the client in `permissions.can`.
 */

export type ChatMessageAbility = AbilityName<'chat_message'>;

/** The caller's standing in the app, as far as chats care. */
export type ChatActor = {
  profileId: string;
  /** The caller's app abilities (view_chats, create_*_chat …). */
  appCan: readonly AppAbility[];
  /** Owner, admin or app-managing team: deletes group chats and others' messages. */
  isManager: boolean;
  /**
   * Whether the caller may write at all: not punished (reading only), not masquerading (an admin looking at the
   * app as a member reads what they see but never writes in their name).
   */
  mayWrite: boolean;
  /** What the app's chat settings decide per chat (contracts/chat-settings.ts `chatSettingsSchema`). */
  settings: Pick<ChatSettings, 'voiceMessages' | 'readMarkers'>;
};

export type ChatFacts = {
  kind: ChatKind;
  isPublic: boolean;
  isMemberAllowToChat: boolean;
  /** The caller's role in the chat; null when they are not a member. */
  role: ChatRole | null;
  /** Private chats: whether the caller has blocked the partner. */
  isBlockedByMe: boolean;
  membersCount: number;
  hideMembers: boolean;
};

/** Whether the chat is visible to the caller at all (else 404): members, and anyone of the app for public groups. */
export function isChatVisible(actor: ChatActor, chat: ChatFacts): boolean {
  if (!actor.appCan.includes('view_chats')) {
    return false;
  }
  return chat.role !== null || (chat.kind === 'group' && chat.isPublic);
}

/**
 * The caller's abilities on a visible chat:
 * - every member reads (`view`) and clears it for themselves;
 * - members write (`messages`), in a channel (`isMemberAllowToChat: false`) only its moderators;
 * - group chats: members leave; moderators edit them, add people and delete them; app managers delete any group
 *   chat they see; anyone of the app joins a public group chat they are not in;
 * - private chats: each side blocks the other, and unblocks whom they blocked (the block refuses sending with
 *   its own error code in the service, so the client can say why);
 * - voice messages (`voice_messages`): whoever writes there, when the app's chat settings allow them;
 * - group moderators take members out (`delete_profile`);
 * - read markers (`read_marks`), when the app shows them: members of private chats and of groups up to 50
 *   members; a group that hides its members shows them to its moderators only.
 */
export function chatAbilities(actor: ChatActor, chat: ChatFacts): ChatAbility[] {
  if (!isChatVisible(actor, chat)) {
    return [];
  }
  const can: ChatAbility[] = ['view'];
  const write = actor.mayWrite;
  const isGroup = chat.kind === 'group';
  if (chat.role === null) {
    if (write && isGroup && chat.isPublic) {
      can.push('join');
    }
    if (write && isGroup && actor.isManager) {
      can.push('delete');
    }
    return can;
  }
  const moderates = chat.role === 'moderator';
  can.push('clear');
  if (write && (!isGroup || chat.isMemberAllowToChat || moderates)) {
    can.push('messages');
    if (actor.settings.voiceMessages) {
      can.push('voice_messages');
    }
  }
  if (isGroup) {
    can.push('leave');
    if (write && moderates) {
      can.push('edit', 'add_profile', 'delete_profile');
    }
    if (write && (moderates || actor.isManager)) {
      can.push('delete');
    }
  }
  if (chat.kind === 'private' && write) {
    can.push(chat.isBlockedByMe ? 'unblock' : 'block');
  }
  if (actor.settings.readMarkers && showsReadMarks(chat, moderates)) {
    can.push('read_marks');
  }
  return can;
}

/** Where "seen by" means something and costs little: two people, or a small group whose members are shown. */
function showsReadMarks(chat: ChatFacts, moderates: boolean): boolean {
  if (chat.kind === 'private') {
    return true;
  }
  return (
    chat.kind === 'group' && chat.membersCount <= chatReadMarksMaxMembers && (!chat.hideMembers || moderates)
  );
}

/**
 * A message's abilities for the caller: its author edits it while they may write in the chat; the author, the
 * chat's moderators and the app's managers delete it; the chat's members answer its poll. A deleted message is
 * left alone, and punished members (read only) get nothing.
 */
export function chatMessageAbilities(
  actor: ChatActor,
  chat: { role: ChatRole | null; canWrite: boolean },
  message: { authorProfileId: string | null; isDeleted: boolean; hasVote: boolean },
): ChatMessageAbility[] {
  if (message.isDeleted || !actor.mayWrite) {
    return [];
  }
  const own = message.authorProfileId === actor.profileId && chat.role !== null;
  const can: ChatMessageAbility[] = [];
  if (own && chat.canWrite) {
    can.push('edit');
  }
  if (own || chat.role === 'moderator' || actor.isManager) {
    can.push('delete');
  }
  // A poll is answered by the chat's members, in a channel too (where only moderators write messages).
  if (message.hasVote && chat.role !== null) {
    can.push('answer');
  }
  return can;
}
