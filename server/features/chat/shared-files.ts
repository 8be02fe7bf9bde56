import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatAttachments, chatBlocks, chatMembers, chatMessages, chats } from '../../db/schema/index.ts';

/*
 * Which cloud files a chat shares with a member (docs/decisions/chat.md "Attachments in the library"): the files
 * attached to the messages the member sees in a chat they belong to — the chat not deleted, the message not
 * deleted, after the member's clear mark, and not written by the partner they blocked in a private chat (the
 * same window as the history, messages.repo.ts `MessageWindow`). The cloud library asks through public.ts; these
 * fragments keep the chat's tables on the chat's side.
 */

/** The joined attachment, chat and message are seen by the joined membership (its chat's window). */
const seenByMember = sql`${chats.deletedAt} is null and ${chatMessages.deletedAt} is null
  and ${chatMessages.seq} > ${chatMembers.clearedSeq}
  and not (${chats.kind} = 'private' and exists (
    select 1 from ${chatBlocks} where ${chatBlocks.blockerProfileId} = ${chatMembers.profileId}
      and ${chatBlocks.blockedProfileId} = ${chatMessages.authorProfileId}))`;

/**
 * The ids of the files the profile's chats share with it, as a subquery (`file_id in (…)`). Driven by the
 * person: their memberships (chat_members_profile_idx), then each chat's attachments (chat_attachments_chat_idx),
 * the chat and the message by primary key. A file attached twice comes twice.
 */
export function chatFileIdsOf(profileId: string): SQL {
  return sql`select ${chatAttachments.fileId} from ${chatMembers}
    inner join ${chatAttachments} on ${chatAttachments.chatId} = ${chatMembers.chatId}
    inner join ${chats} on ${chats.id} = ${chatAttachments.chatId}
    inner join ${chatMessages} on ${chatMessages.id} = ${chatAttachments.messageId}
    where ${chatMembers.profileId} = ${profileId} and ${seenByMember}`;
}

/**
 * Whether a chat of the profile shares the file (`fileId`: an id or a column of the outer query). Driven by the
 * file: its attachments (chat_attachments_file_idx), the profile's membership by its key, chat and message by
 * theirs.
 */
export function isChatFileOf(fileId: SQLWrapper | string, profileId: string): SQL {
  return sql`exists (select 1 from ${chatAttachments}
    inner join ${chatMembers} on ${chatMembers.chatId} = ${chatAttachments.chatId}
      and ${chatMembers.profileId} = ${profileId}
    inner join ${chats} on ${chats.id} = ${chatAttachments.chatId}
    inner join ${chatMessages} on ${chatMessages.id} = ${chatAttachments.messageId}
    where ${chatAttachments.fileId} = ${fileId} and ${seenByMember})`;
}

/** Whether a chat of the profile shares the file with it (one indexed probe). */
export async function sharesChatFile(db: DbOrTx, fileId: string, profileId: string): Promise<boolean> {
  const result: unknown = await db.execute(sql`select ${isChatFileOf(fileId, profileId)} as shared`);
  return (result as { rows: { shared: boolean }[] }).rows[0]?.shared === true;
}
