import type { DbOrTx } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { addMembers, findMember } from './chat-members.repo.ts';
import { insertChat } from './chats.repo.ts';
import { sendMessage } from './messages.repo.ts';

/*
 * Support chats (issue 20): the chat of a support ticket, between the member who asked and the app's team.
 * The tickets feature makes one with the member's first message inside its own transaction (the ticket and its
 * chat are one write) and puts team members in when they first open or answer the ticket. Beside that a support
 * chat is an ordinary chat: the member and the team write there with the chat's routes, and the chat policy lets
 * every member of a non-group chat write (docs/decisions/chat.md "Support chats").
 */

/** A support chat of the member with their first message (already sanitized), inside the caller's transaction. */
export async function insertSupportChat(
  tx: DbOrTx,
  values: { appId: string; profileId: string; bodyHtml: string; bodyText: string },
): Promise<{ chatId: string; messageId: string }> {
  const chatId = newId();
  const messageId = newId();
  await insertChat(tx, {
    id: chatId,
    appId: values.appId,
    kind: 'support',
    name: '',
    createdByProfileId: values.profileId,
  });
  await addMembers(tx, { id: chatId, appId: values.appId, lastSeq: 0 }, [
    { profileId: values.profileId, role: 'member' },
  ]);
  await sendMessage(tx, {
    id: messageId,
    chatId,
    authorProfileId: values.profileId,
    clientId: newId(),
    bodyHtml: values.bodyHtml,
    bodyText: values.bodyText,
    replyToId: null,
    isVoice: false,
    gif: null,
    voteId: null,
    attachmentIds: [],
  });
  return { chatId, messageId };
}

/** Whether the profile is in the chat. */
export async function isInSupportChat(db: DbOrTx, chatId: string, profileId: string): Promise<boolean> {
  return (await findMember(db, chatId, profileId)) !== undefined;
}

/**
 * Puts a team member into a support chat as its moderator (answers whether they were new there). After commit,
 * `joinSupportChatRoom` lets their open sockets hear the chat at once.
 */
export async function enterSupportChat(
  tx: DbOrTx,
  chat: { id: string; appId: string; lastSeq: number },
  profileId: string,
): Promise<boolean> {
  const added = await addMembers(tx, chat, [{ profileId, role: 'moderator' }]);
  return added.length > 0;
}

/** A person's sockets enter the chat's room on every instance (they joined it, or it was made for them). */
export function joinSupportChatRoom(realtime: Realtime, chatId: string, profileId: string): void {
  realtime.joinRooms(`profile:${profileId}`, [`chat:${chatId}`]);
}
