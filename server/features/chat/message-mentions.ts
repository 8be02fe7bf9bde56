import { sql } from 'drizzle-orm';
import type { ChatKind } from '../../../contracts/chat.ts';
import type { DbOrTx } from '../../db/client.ts';
import { extractMentions } from '../../platform/rich-text.ts';
import { recordNotifications, type RecordedNotification } from '../notifications/public.ts';
import { excerptOf } from './offline-notify.job.ts';

/*
 * Mentions in chat messages (issue 17): a message that mentions members tells them at once (`chat_mention`,
 * obeying their `mentions` switch), with the chat's name and the message's text. Only the chat's own live
 * members hear of it, never the writer, and nobody who blocked the writer; a mention of anyone else stays text.
 * An edit tells only the people it newly mentions.
 */

/** Most people one message tells (more mentions stay in the text). */
export const maxMentionsPerMessage = 50;

type MentionedMessage = {
  chat: { id: string; appId: string; kind: ChatKind; name: string };
  authorProfileId: string;
  /** The stored (sanitized) body and its plain text. */
  html: string;
  text: string;
  /** The body before an edit: whoever it mentioned already heard of it. */
  previousHtml?: string;
};

/** The chat's live members among `profileIds`, without the writer and those who blocked the writer. */
async function mentionableMembers(
  db: DbOrTx,
  chatId: string,
  authorProfileId: string,
  profileIds: readonly string[],
): Promise<string[]> {
  const result: unknown = await db.execute(sql`select cm.profile_id from chat_members cm
    join profiles p on p.id = cm.profile_id and p.deleted_at is null
    where cm.chat_id = ${chatId} and cm.profile_id = any(${`{${profileIds.join(',')}}`}::uuid[])
      and cm.profile_id <> ${authorProfileId}
      and not exists (select 1 from chat_blocks b
        where b.blocker_profile_id = cm.profile_id and b.blocked_profile_id = ${authorProfileId})`);
  const found = new Set((result as { rows: { profile_id: string }[] }).rows.map((row) => row.profile_id));
  // In the order the message names them.
  return profileIds.filter((id) => found.has(id));
}

/** Records the mentions' notifications inside the message's transaction; deliver the answer after commit. */
export async function recordMessageMentions(
  tx: DbOrTx,
  message: MentionedMessage,
): Promise<RecordedNotification[]> {
  const before = new Set(message.previousHtml ? extractMentions(message.previousHtml) : []);
  const named = extractMentions(message.html)
    .filter((id) => !before.has(id))
    .slice(0, maxMentionsPerMessage);
  if (named.length === 0) {
    return [];
  }
  const recipients = await mentionableMembers(tx, message.chat.id, message.authorProfileId, named);
  if (recipients.length === 0) {
    return [];
  }
  return recordNotifications(tx, [
    {
      appId: message.chat.appId,
      type: 'chat_mention',
      recipients,
      actorProfileId: message.authorProfileId,
      data: {
        chatId: message.chat.id,
        chatKind: message.chat.kind,
        chatName: message.chat.kind === 'private' ? '' : message.chat.name,
        excerpt: excerptOf(message.text),
      },
    },
  ]);
}
