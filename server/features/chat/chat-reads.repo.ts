import { and, eq, isNull, sql } from 'drizzle-orm';
import { chatReadMarksMaxMembers } from '../../../contracts/chat-read-marks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { chatMembers, chats } from '../../db/schema/index.ts';
import { idList, rows, type Person } from './chat-sql.ts';

/*
 * How far people have read (issue 17): the unread badge, marking chats read, clearing a chat for one person, and
 * the read markers ("seen by"). Unread is a sequence (`last_seq − last_read_seq`), never a count over messages.
 * A chat with read markers has at most `chatReadMarksMaxMembers` members, so its marks are one short list. Plain
 * SQL, no rules.
 */

// The chat badge: read on every page, a sum over the person's memberships (index chat_members_profile_idx),
// never a count over messages.
const unreadOfProfile = preparedQuery((db) =>
  db
    .select({
      messages: sql<string>`coalesce(sum(greatest(${chats.lastSeq} - ${chatMembers.lastReadSeq}, 0)), 0)`,
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.profileId, sql.placeholder('profileId')),
        eq(chatMembers.appId, sql.placeholder('appId')),
        isNull(chats.deletedAt),
      ),
    )
    .prepare('chat_unread_of_profile'),
);

export async function unreadTotal(db: DbOrTx, profileId: string, appId: string): Promise<number> {
  const [row] = await unreadOfProfile(db).execute({ profileId, appId });
  return Number(row?.messages ?? 0);
}

/** Marks chats read up to their newest message for one person; answers the chats whose mark moved. */
export async function markRead(db: DbOrTx, profileId: string, chatIds: readonly string[]): Promise<string[]> {
  if (chatIds.length === 0) {
    return [];
  }
  const moved = await rows<{ chatId: string }>(
    db,
    sql`update chat_members m set last_read_seq = c.last_seq from chats c
      where c.id = m.chat_id and m.profile_id = ${profileId} and m.chat_id in (${idList(chatIds)})
        and m.last_read_seq < c.last_seq
      returning m.chat_id as "chatId"`,
  );
  return moved.map((row) => row.chatId);
}

/** Clears a chat for one person (and reads it): their view starts after the newest message. */
export async function clearFor(db: DbOrTx, chatId: string, profileId: string): Promise<number> {
  const [row] = await rows<{ clearedSeq: number | string }>(
    db,
    sql`update chat_members m set cleared_seq = c.last_seq, last_read_seq = greatest(m.last_read_seq, c.last_seq)
      from chats c where c.id = m.chat_id and m.chat_id = ${chatId} and m.profile_id = ${profileId}
      returning m.cleared_seq as "clearedSeq"`,
  );
  return Number(row?.clearedSeq ?? 0);
}

export type ReadMarkRow = Person & { lastReadSeq: number };

/** Every member's read mark with their name and photo, in the order people came. */
export async function listReadMarks(db: DbOrTx, chatId: string): Promise<ReadMarkRow[]> {
  const found = await rows<Person & { lastReadSeq: number | string }>(
    db,
    sql`select p.id as "profileId", a.first_name as "firstName", a.last_name as "lastName",
      p.avatar_id as "avatarId", m.last_read_seq as "lastReadSeq"
    from chat_members m join profiles p on p.id = m.profile_id join accounts a on a.id = p.account_id
    where m.chat_id = ${chatId}
    order by m.joined_at, p.id limit ${chatReadMarksMaxMembers}`,
  );
  return found.map((row) => ({ ...row, lastReadSeq: Number(row.lastReadSeq) }));
}

/** Where one person's read marks stand in some chats (after a read moved them). */
export async function readMarksOfProfile(
  db: DbOrTx,
  profileId: string,
  chatIds: readonly string[],
): Promise<{ chatId: string; lastReadSeq: number }[]> {
  if (chatIds.length === 0) {
    return [];
  }
  const found = await rows<{ chatId: string; lastReadSeq: number | string }>(
    db,
    sql`select chat_id as "chatId", last_read_seq as "lastReadSeq" from chat_members
    where profile_id = ${profileId} and chat_id = any(${`{${chatIds.join(',')}}`}::uuid[])`,
  );
  return found.map((row) => ({ chatId: row.chatId, lastReadSeq: Number(row.lastReadSeq) }));
}
